/**
 * The small driver interface the engine checks are written against, and what every adapter shares. An adapter
 * (firefox.mjs: puppeteer-core over WebDriver BiDi; webkit.mjs: selenium-webdriver through WebKitWebDriver) gives the
 * raw moves; `withHelpers` adds the reading and waiting built on them, so both engines read the page the same way.
 *
 * @typedef {object} RawDriver
 * @property {(path: string) => Promise<void>} goto Opens a path of the site (or a full URL) and waits for its load.
 * @property {(selector: string) => Promise<void>} click A real pointer click on the first visible match.
 * @property {(text: string) => Promise<void>} typeKeys Types into the focused element, key by key.
 * @property {(key: 'Enter' | 'paste') => Promise<void>} press Enter, or the platform's paste shortcut (Ctrl+V).
 * @property {<T>(fn: (...args: any[]) => T | Promise<T>, ...args: unknown[]) => Promise<T>} evaluate Runs `fn` in the
 *   page (its source is sent, so it may use only its arguments) and returns its JSON-able result.
 * @property {() => Promise<void>} back The browser's Back button.
 * @property {() => Promise<void>} reload Reloads the page.
 * @property {() => Promise<string>} url The address shown.
 * @property {(offline: boolean) => Promise<void>} setOffline Cuts the network to the site (or brings it back).
 * @property {() => Promise<string[]>} errors Script errors (uncaught, rejected, console.error) seen so far.
 * @property {() => Promise<{ type: string, message: string, value: string } | null>} takeDialog The alert or prompt
 *   the page opened, closed (dismissed), or null if there is none.
 * @property {() => Promise<void>} close Ends the page and whatever holds its storage.
 *
 * @typedef {RawDriver & Helpers} Driver
 *
 * @typedef {object} Helpers
 * @property {string} engine The engine's name, as printed.
 * @property {(selector: string) => Promise<string>} innerText The visible text of the first match (waits for it).
 * @property {(selector: string) => Promise<boolean>} isVisible Whether the first match is rendered and not hidden.
 * @property {(selector: string, text: string) => Promise<void>} type Clicks an element, then types into it.
 * @property {<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeout?: number) => Promise<T>} until
 *   Reads again until `ok` holds; fails naming `what` and the last value read.
 */

/** How long a reading waits for the page by default, in ms (as Playwright's expect does: 5 s, doubled for slow CI). */
export const WAIT_MS = 10_000;

/** True if the first element matching `selector` is rendered: in the layout, not `display:none`, not `visibility:hidden`. */
export function visibleInPage(selector) {
  const el = document.querySelector(selector);
  if (!el) return false;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true });
}

/** The rendered text of the first element matching `selector`, or null when there is none. */
function textInPage(selector) {
  const el = document.querySelector(selector);
  return el ? el.innerText : null;
}

/**
 * Reads with `read` until `ok(value)` holds, every 100 ms, for at most `timeout` ms.
 * @template T
 * @param {() => Promise<T>} read
 * @param {(value: T) => boolean} ok
 * @param {string} what what is awaited, for the failure message
 * @param {number} [timeout]
 * @returns {Promise<T>}
 */
export async function until(read, ok, what, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  let last;
  let failure;
  for (;;) {
    try {
      last = await read();
      failure = undefined;
      if (ok(last)) return last;
    } catch (e) {
      failure = e;
    }
    if (Date.now() > end) {
      const seen = failure ? `error: ${failure.message?.split('\n')[0]}` : `last seen: ${JSON.stringify(last)?.slice(0, 300)}`;
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (${seen})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The full driver: an adapter's raw moves plus the shared readings.
 * @param {string} engine
 * @param {RawDriver} raw
 * @returns {Driver}
 */
export function withHelpers(engine, raw) {
  return {
    ...raw,
    engine,
    until,
    innerText: (selector) =>
      until(
        () => raw.evaluate(textInPage, selector),
        (t) => t !== null,
        `${selector} to exist`,
      ),
    isVisible: (selector) => raw.evaluate(visibleInPage, selector),
    async type(selector, text) {
      await raw.click(selector);
      await raw.typeKeys(text);
    },
  };
}

/**
 * Waits until `selector` is visible, for adapters' clicks (a real tap needs something to tap).
 * @param {RawDriver['evaluate']} evaluate
 * @param {string} selector
 */
export const waitVisible = (evaluate, selector) => until(() => evaluate(visibleInPage, selector), Boolean, `${selector} to be visible`);
