// Shared by the measuring scripts (bench, bench:search, lighthouse): the built site served on localhost (as
// `npm run serve` serves it), and the Chromium and flags of scripts/chrome.mjs.
import { spawn } from 'node:child_process';

export { CHROME_FLAGS, chromePath } from './chrome.mjs';

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
