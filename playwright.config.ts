import { defineConfig } from '@playwright/test';
import { CHROME_FLAGS, chromePath } from './scripts/chrome.mjs';

const port = Number(process.env.E2E_PORT ?? 4329);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    // The system's Chromium (scripts/chrome.mjs), else Playwright's own.
    launchOptions: { executablePath: chromePath(), args: CHROME_FLAGS },
  },
  // The site as a static host serves it: scripts/serve.mjs runs `serve` with dist/_headers applied (CSP included).
  webServer: {
    command: 'node scripts/serve.mjs',
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
