import { defineConfig } from '@playwright/test';
import { CHROME_FLAGS, chromePath } from './scripts/chrome.mjs';
import { FIXTURE_DIST } from './tests/fixtures/site';

/**
 * The test server's port: E2E_PORT if set, else a free one. Then `serve` listens on port 0, Playwright reads the
 * port it got from the line it prints (the named group lands in process.env.E2E_PORT), and the test workers, which
 * load this file again, get the base URL from it. Two checkouts on one machine never fight over a port.
 */
const port = process.env.E2E_PORT;
/** The fixture site's port, found the same way (`fixture_port`). */
const fixturePort = process.env.FIXTURE_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Two sites: the real one for almost every test, and a small fixture site (tests/fixtures/build-site.mjs: two
  // games' worth of fixture entries and Lantern Keep, a game the code has never seen) for tests/e2e/fixture/.
  projects: [
    { name: 'site', testIgnore: /\/fixture\//, use: { baseURL: port ? `http://localhost:${port}` : undefined } },
    {
      name: 'fixture',
      testMatch: /\/fixture\/.*\.spec\.ts$/,
      use: { baseURL: fixturePort ? `http://localhost:${fixturePort}` : undefined },
    },
  ],
  use: {
    viewport: { width: 390, height: 844 },
    // No service worker unless a test asks for one (`test.use({ serviceWorkers: 'allow' })`: offline.spec.ts,
    // fixture/offline-repair.spec.ts, the CSP check in security.spec.ts). Registered, it precaches the whole site (760 files,
    // 15 MiB) in every test's browser context, the suite's largest cost; pages without one say "cannot keep the rules
    // offline" in the footer and work as before.
    serviceWorkers: 'block',
    // The system's Chromium (scripts/chrome.mjs), else Playwright's own. Playwright turns the back/forward cache off by
    // default; players' browsers have it on, so the tests do too (tests/e2e/table.spec.ts checks that Back restores).
    launchOptions: { executablePath: chromePath(), args: CHROME_FLAGS, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
  },
  // The site as a static host serves it: scripts/serve.mjs runs `serve` with dist/_headers applied (CSP included).
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      env: { PORT: port ?? '0' },
      wait: { stdout: /Accepting connections at http:\/\/[\d.]+:(?<e2e_port>\d+)/ },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Built afresh each run (about 6 s), then served like the real site.
      command: 'node tests/fixtures/build-site.mjs && node scripts/serve.mjs',
      env: { PORT: fixturePort ?? '0', RULES_OUT_DIR: FIXTURE_DIST },
      wait: { stdout: /Accepting connections at http:\/\/[\d.]+:(?<fixture_port>\d+)/ },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
