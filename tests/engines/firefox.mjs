/**
 * Firefox ESR (Debian's `firefox-esr`) driven by puppeteer-core over WebDriver BiDi. One browser per run; each check
 * gets a fresh browser context (its own storage, service workers and caches). Script errors come from the protocol's
 * log events (console errors and uncaught errors, from the first script of the page on).
 *
 * What the checks ask of the browser beyond BiDi's core (the phone's viewport, its upright orientation and touch
 * screen, a network switch) comes as `emulation.*` commands that Firefox gained one release at a time (ESR 140 has
 * none of them, ESR 153 some). So the adapter asks the browser, never its version: at start it sends each command
 * once on a scratch page; one the browser refuses ("unknown command", "unsupported operation") is left out for the
 * whole run, and the run says which, with what the page then sees. puppeteer's `page.setViewport` is not used: it
 * sends the viewport and the orientation together and fails as a whole when the orientation is refused. The
 * network is cut with BiDi's network emulation (which also makes `navigator.onLine` false) where the browser has
 * it, else, as in WebKit, by stopping the site's server.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { waitVisible, withHelpers } from './driver.mjs';

/** Where Firefox is: FIREFOX_PATH, else Debian's firefox-esr. */
export const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Whether `error` is the browser refusing a command: one it does not have, or one it will not do here. */
export const refusal = (error) =>
  error?.name === 'UnsupportedOperation' || /unknown command|unsupported operation/i.test(String(error?.message));

/** What the browser answered, in one line ("unknown command emulation.setTouchOverride"). */
const answer = (error) =>
  String(error?.message ?? error)
    .split('\n')[0]
    .replace(/^Protocol error \([^)]*\): /, '')
    .replace(/ RemoteError@.*/, '');

/**
 * @typedef {{ width: number, height: number, isLandscape?: boolean, hasTouch?: boolean, isMobile?: boolean }} Viewport
 * @typedef {{ name: string, command: string, params: (context: string) => object }} Emulation
 */

/**
 * The emulations that make the page a phone, as BiDi commands for one browsing context (a top-level page).
 * @param {Viewport} viewport
 * @returns {Emulation[]}
 */
function phoneEmulations(viewport) {
  const { width, height } = viewport;
  const orientation = viewport.isLandscape ? 'landscape' : 'portrait';
  return [
    {
      name: `viewport ${width}x${height}`,
      command: 'browsingContext.setViewport',
      params: (context) => ({ context, viewport: { width, height } }),
    },
    {
      name: `${orientation} orientation`,
      command: 'emulation.setScreenOrientationOverride',
      params: (context) => ({ contexts: [context], screenOrientation: { natural: orientation, type: `${orientation}-primary` } }),
    },
    ...(viewport.hasTouch
      ? [
          {
            name: 'touch screen',
            command: 'emulation.setTouchOverride',
            params: (context) => ({ contexts: [context], maxTouchPoints: 1 }),
          },
        ]
      : []),
  ];
}

/** The network switch, asked for with a harmless reset (no conditions) on the scratch page. */
const NETWORK_SWITCH = 'emulation.setNetworkConditions';

/**
 * The browsing context (BiDi's id for a page) behind a puppeteer page. puppeteer keeps it on the frame (`_id`, not
 * part of its typed API, stable across its BiDi versions); checked, so a puppeteer that moves it fails plainly.
 * @param {import('puppeteer-core').Page} page
 */
function browsingContextOf(page) {
  const id = /** @type {any} */ (page.mainFrame())._id;
  if (typeof id !== 'string' || !id)
    throw new Error("puppeteer-core no longer exposes a page's browsing context as mainFrame()._id: see tests/engines/firefox.mjs");
  return id;
}

/** What the page itself sees of the emulation: its size, the screen's orientation, touch points, online. */
function seenInPage() {
  return {
    size: `${innerWidth}x${innerHeight}`,
    orientation: screen.orientation?.type ?? 'no screen.orientation',
    touchPoints: navigator.maxTouchPoints,
    online: navigator.onLine,
  };
}

/**
 * Starts Firefox; `open()` gives a fresh page for a check, `stop()` ends the browser.
 * @param {{ base: string, viewport: Viewport, network: { cut(): Promise<void>, restore(): Promise<void> } }} site
 */
export async function startFirefox({ base, viewport, network }) {
  const path = firefoxPath();
  if (!existsSync(path))
    throw new Error(`no Firefox at ${path}: install Debian's firefox-esr (apt-get install firefox-esr) or set FIREFOX_PATH`);
  // No default viewport: puppeteer would set its own (800x600, orientation included) on every new page.
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: path,
    headless: true,
    defaultViewport: null,
  });
  try {
    const send = (method, params) => browser.connection.send(method, params);

    // What the browser takes, tried on a scratch page of a context of its own.
    /** @type {Emulation[]} */
    const emulations = [];
    /** @type {{ name: string, command: string, answer: string }[]} */
    const refused = [];
    let networkSwitch = false;
    let seen;
    const scratch = await browser.createBrowserContext();
    try {
      const page = await scratch.newPage();
      const context = browsingContextOf(page);
      for (const emulation of phoneEmulations(viewport)) {
        try {
          await send(emulation.command, emulation.params(context));
          emulations.push(emulation);
        } catch (e) {
          if (!refusal(e)) throw e;
          refused.push({ name: emulation.name, command: emulation.command, answer: answer(e) });
        }
      }
      try {
        await send(NETWORK_SWITCH, { contexts: [context], networkConditions: null });
        networkSwitch = true;
      } catch (e) {
        if (!refusal(e)) throw e;
        refused.push({ name: 'network switch', command: NETWORK_SWITCH, answer: answer(e) });
      }
      // A new document, as each check's first page will be.
      await page.goto('about:blank');
      seen = await page.evaluate(seenInPage);
    } finally {
      await scratch.close().catch(() => {});
    }
    const [product, version] = (await browser.version()).split('/');
    const notes = [
      `emulated: ${emulations.map((e) => e.name).join(', ') || 'nothing'}`,
      ...refused.map((r) => `refused, so left out: ${r.name} (${r.command}: "${r.answer}")`),
      ...(viewport.isMobile ? ['isMobile (a mobile meta viewport): no WebDriver BiDi command, not emulated'] : []),
      `offline: ${networkSwitch ? 'BiDi network emulation (navigator.onLine false)' : "the site's server is stopped (navigator.onLine stays true)"}`,
      `the page sees: ${seen.size}, ${seen.orientation}, ${seen.touchPoints} touch point(s)`,
    ];

    return {
      name: 'firefox',
      browser: `${product[0].toUpperCase()}${product.slice(1)} ${version}`,
      path,
      notes,
      /** What this run does without, in a few words each, for the summary. */
      fallbacks: refused.map((r) => (r.command === NETWORK_SWITCH ? 'offline by stopping the server' : `no ${r.name}`)),
      /** A page in a context of its own. @returns {Promise<import('./driver.mjs').Driver>} */
      async open() {
        const context = await browser.createBrowserContext();
        let page;
        try {
          page = await context.newPage();
          const id = browsingContextOf(page);
          for (const emulation of emulations) await send(emulation.command, emulation.params(id));
        } catch (e) {
          // No driver reaches the runner to close it: the context goes now.
          await context.close().catch(() => {});
          throw e;
        }
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
        // Before a move that may leave the document: the requests it started end first (up to 5 s). Firefox fails a
        // module the document is still importing when it is left ("error loading dynamically imported module", e.g.
        // the search page's search-ui chunk), and that uncaught error arrives after the move, so it would be read as
        // the next page's error. A check that moves on as soon as a page shows what it waits for hits this under load.
        const settle = () => page.waitForNetworkIdle({ idleTime: 100, timeout: 5000 }).catch(() => {});
        return withHelpers('firefox', {
          goto: async (path) => {
            await settle();
            await page.goto(new URL(path, base).href, { waitUntil: 'load' });
          },
          async click(selector) {
            await waitVisible(evaluate, selector);
            await settle();
            await page.click(selector);
          },
          typeKeys: (text) => page.keyboard.type(text),
          async press(key) {
            await settle();
            if (key !== 'paste') return page.keyboard.press(key);
            await page.keyboard.down('Control');
            await page.keyboard.press('v');
            await page.keyboard.up('Control');
          },
          evaluate,
          // Back as history.back(): the same history step as the button (bfcache included); it returns at once, and the
          // checks wait for what they expect to see (a page restored from the bfcache fires no load event to wait for).
          back: async () => {
            await settle();
            await page.evaluate(() => history.back());
          },
          reload: async () => {
            await settle();
            await page.reload({ waitUntil: 'load' });
          },
          // From the document: puppeteer's page.url() is not updated when Back restores a page from the bfcache.
          url: () => page.evaluate(() => location.href),
          setOffline: (offline) => (networkSwitch ? page.setOfflineMode(offline) : offline ? network.cut() : network.restore()),
          errors: async () => [...errors],
          takeDialog: async () => dialogs.shift() ?? null,
          close: () => context.close(),
        });
      },
      stop: () => browser.close(),
    };
  } catch (e) {
    await browser.close().catch(() => {});
    throw e;
  }
}
