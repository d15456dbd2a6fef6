/**
 * Firefox ESR (Debian's `firefox-esr`) driven by puppeteer-core over WebDriver BiDi. One browser per run; each check
 * gets a fresh browser context (its own storage, service workers and caches). Script errors come from the protocol's
 * log events (console errors and uncaught errors, from the first script of the page on). The network is cut with
 * puppeteer's offline mode (BiDi network emulation), which also makes `navigator.onLine` false.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { waitVisible, withHelpers } from './driver.mjs';

/** Where Firefox is: FIREFOX_PATH, else Debian's firefox-esr. */
export const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Starts Firefox; `open()` gives a fresh page for a check, `stop()` ends the browser.
 * @param {{ base: string, viewport: { width: number, height: number } }} site
 */
export async function startFirefox({ base, viewport }) {
  const path = firefoxPath();
  if (!existsSync(path))
    throw new Error(`no Firefox at ${path}: install Debian's firefox-esr (apt-get install firefox-esr) or set FIREFOX_PATH`);
  const browser = await puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath: path, headless: true });
  return {
    name: 'firefox',
    /** A page in a context of its own. @returns {Promise<import('./driver.mjs').Driver>} */
    async open() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      /** @type {string[]} */
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(`console.error: ${m.text()}`));
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
      /** @type {{ type: string, message: string, value: string }[]} */
      const dialogs = [];
      page.on('dialog', (d) => {
        dialogs.push({ type: d.type(), message: d.message(), value: d.defaultValue() });
        void d.dismiss().catch(() => {});
      });
      const evaluate = (fn, ...args) => page.evaluate(fn, ...args);
      return withHelpers('firefox', {
        goto: async (path) => void (await page.goto(new URL(path, base).href, { waitUntil: 'load' })),
        async click(selector) {
          await waitVisible(evaluate, selector);
          await page.click(selector);
        },
        typeKeys: (text) => page.keyboard.type(text),
        async press(key) {
          if (key !== 'paste') return page.keyboard.press(key);
          await page.keyboard.down('Control');
          await page.keyboard.press('v');
          await page.keyboard.up('Control');
        },
        evaluate,
        // Back as history.back(): the same history step as the button (bfcache included); it returns at once, and the
        // checks wait for what they expect to see (a page restored from the bfcache fires no load event to wait for).
        back: () => page.evaluate(() => history.back()),
        reload: async () => void (await page.reload({ waitUntil: 'load' })),
        // From the document: puppeteer's page.url() is not updated when Back restores a page from the bfcache.
        url: () => page.evaluate(() => location.href),
        setOffline: (offline) => page.setOfflineMode(offline),
        errors: async () => [...errors],
        takeDialog: async () => dialogs.shift() ?? null,
        close: () => context.close(),
      });
    },
    stop: () => browser.close(),
  };
}
