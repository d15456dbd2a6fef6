// Shared by the measuring scripts (bench, bench:search, lighthouse): the built site served on localhost, and
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) with the flags this machine needs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Chromium's executable, or undefined to let Playwright use its own. */
export const chromePath = () => {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
};

/** Flags for headless Chromium here: no sandbox as root, no GPU, no background calls to Google's hosts. */
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Serves the built site (scripts/serve.mjs) on `port`; resolves once it answers. Call `.kill()` when done. */
export async function serveDist(port) {
  const server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the site server did not start on port ${port}`);
}
