// The one place that says which Chromium the browser tests and the measuring scripts drive, and with which flags.
//   import { chromePath, CHROME_FLAGS } from './chrome.mjs'   (playwright.config.ts, scripts/measure-env.mjs)
//   node scripts/chrome.mjs                                    (first step of `npm test`: finds a browser or says
//                                                               in one line what to install, exit 1)
// Order: CHROME_PATH; else a system Chromium or Chrome at the usual Debian/Ubuntu paths; else Playwright's own
// browser, installed on first use where the network allows it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian, Ubuntu (deb and snap) and Google's packages put the browser. */
export const SYSTEM_CHROMES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
];

/**
 * Flags for headless Chromium here: no sandbox (CI runs as root), no GPU, and none of Chromium's background calls
 * to Google's hosts (this machine's network refuses them, many at a time).
 */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser executable to launch, or undefined to let Playwright use its own. Never installs anything. */
export function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return SYSTEM_CHROMES.find((path) => existsSync(path));
}

const require = createRequire(import.meta.url);

/** Playwright's own Chromium, if it is installed. */
function playwrightChromium() {
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const INSTALL_HINT =
  'No Chromium for the browser tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chrome or Chromium binary.';

/**
 * Makes sure a browser is there: the system's, or Playwright's own (downloaded now if the network allows).
 * Returns a one-line problem, or undefined when a browser is ready.
 */
export function ensureChrome() {
  if (process.env.CHROME_PATH) {
    return existsSync(process.env.CHROME_PATH) ? undefined : `CHROME_PATH=${process.env.CHROME_PATH} does not exist. ${INSTALL_HINT}`;
  }
  if (chromePath() || playwrightChromium()) return undefined;
  console.log("No system Chromium found; trying to download Playwright's own (npx playwright install chromium)...");
  const cli = join(dirname(require.resolve('playwright-core/package.json')), 'cli.js');
  const r = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'inherit', timeout: 10 * 60_000 });
  return r.status === 0 && playwrightChromium() ? undefined : INSTALL_HINT;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = ensureChrome();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
