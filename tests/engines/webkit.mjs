/**
 * WebKitGTK (Debian's `webkit2gtk-driver`): selenium-webdriver talks to WebKitWebDriver, which starts MiniBrowser in
 * automation mode on a virtual display (`xvfb-run`, unless a display is already there). Each check gets a session
 * of its own, so a fresh MiniBrowser with empty storage (about 1 s).
 *
 * WebKitWebDriver has no log API (no BiDi, no `goog:loggingPrefs`), and MiniBrowser in automation mode does not
 * write console messages to stdout, so script errors are gathered by a small collector that each document gets
 * from this adapter as soon as it is loaded (uncaught errors, unhandled rejections, console.error); before every
 * move that can leave the document, what it gathered is read. An error thrown while a page first runs its scripts,
 * before the collector is in, shows in the render check instead, which waits on every page for the layout's last
 * call (the service worker's registration).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, Capabilities, Key } from 'selenium-webdriver';
import { until, waitVisible, withHelpers } from './driver.mjs';

/** WebKitWebDriver: WEBKIT_DRIVER, else Debian's. */
export const webkitDriverPath = () => process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';

/** MiniBrowser: MINIBROWSER, else the one in Debian's libwebkit2gtk (any 4.x API version, any architecture). */
export function miniBrowserPath() {
  if (process.env.MINIBROWSER) return process.env.MINIBROWSER;
  for (const lib of [
    '/usr/lib',
    ...safeList('/usr/lib')
      .filter((d) => d.endsWith('-linux-gnu'))
      .map((d) => `/usr/lib/${d}`),
  ])
    for (const dir of safeList(lib)
      .filter((d) => /^webkit2?gtk-[\d.]+$/.test(d))
      .sort()
      .reverse())
      if (existsSync(`${lib}/${dir}/MiniBrowser`)) return `${lib}/${dir}/MiniBrowser`;
  return undefined;
}

/** @param {string} dir */
function safeList(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A free TCP port on 127.0.0.1 (for WebKitWebDriver, which needs one named). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Installed in each document: keeps its script errors in `window.__engineErrors`. */
function installCollector() {
  if (window.__engineErrors) return;
  const errors = (window.__engineErrors = []);
  addEventListener('error', (e) => errors.push(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${e.reason?.message ?? e.reason}`));
  const original = console.error;
  console.error = (...args) => {
    errors.push(`console.error: ${args.map(String).join(' ')}`);
    original.apply(console, args);
  };
}

/** What the page sees of its window: its size, the screen's orientation, touch points. */
function seenInPage() {
  return {
    size: `${innerWidth}x${innerHeight}`,
    orientation: screen.orientation?.type ?? 'no screen.orientation',
    touchPoints: navigator.maxTouchPoints,
  };
}

/** Takes (and empties) what the collector of the current document has gathered. */
function drainCollector() {
  return window.__engineErrors?.splice(0) ?? [];
}

/**
 * Starts WebKitWebDriver (under xvfb-run where there is no display); `open()` gives a fresh session for a check,
 * `stop()` ends the driver and the virtual display.
 * @param {{ base: string, viewport: { width: number, height: number, isLandscape?: boolean, hasTouch?: boolean, isMobile?: boolean }, network: { cut(): Promise<void>, restore(): Promise<void> } }} site
 */
export async function startWebKit({ base, viewport, network }) {
  const driverPath = webkitDriverPath();
  const browserPath = miniBrowserPath();
  if (!existsSync(driverPath))
    throw new Error(
      `no WebKitWebDriver at ${driverPath}: install webkit2gtk-driver (apt-get install webkit2gtk-driver) or set WEBKIT_DRIVER`,
    );
  if (!browserPath) throw new Error('no MiniBrowser under /usr/lib/*/webkit2gtk-4.*/: install webkit2gtk-driver, or set MINIBROWSER');
  const port = await freePort();
  const args = [driverPath, `--port=${port}`];
  const command = process.env.DISPLAY ? args : ['xvfb-run', '--auto-servernum', '--server-args=-screen 0 1280x1024x24', ...args];
  // Its own process group, so stopping it also ends the virtual display and any MiniBrowser left.
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = `http://127.0.0.1:${port}`;
  await until(
    () => fetch(`${server}/status`).then((r) => r.ok),
    Boolean,
    `WebKitWebDriver to answer on ${server} (${command[0]}; stderr: ${stderr.trim() || 'none'})`,
    30_000,
  );
  const capabilities = new Capabilities({
    browserName: 'MiniBrowser',
    // A prompt stays open until the check reads it (takeDialog), instead of failing the next command.
    unhandledPromptBehavior: 'ignore',
    'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] },
  });
  const size = { width: viewport.width, height: viewport.height };

  // A first session asks the browser: its version, whether it resizes its window (the `setWindowRect` capability),
  // and what a page then sees (MiniBrowser keeps a minimum width, so the page may be wider than asked).
  let probe;
  let answer;
  try {
    probe = await new Builder().withCapabilities(capabilities).usingServer(server).build();
    const granted = await probe.getCapabilities();
    let resizes = granted.get('setWindowRect') !== false;
    if (resizes)
      await probe
        .manage()
        .window()
        .setRect(size)
        .catch((e) => {
          // A refusal is an answer (the window keeps its size, and the run says so); anything else is a failure.
          if (!/^(UnsupportedOperation|UnknownCommand|UnknownMethod)Error$/.test(e?.name)) throw e;
          resizes = false;
        });
    answer = {
      browser: `${granted.get('browserName')}, WebKitGTK ${granted.get('browserVersion') ?? '(no version given)'}`,
      resizes,
      seen: await probe.executeScript(seenInPage),
    };
  } catch (e) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    throw e;
  } finally {
    await probe?.quit().catch(() => {});
  }
  const notes = [
    answer.resizes
      ? `emulated: window ${size.width}x${size.height} (WebDriver Set Window Rect)`
      : 'emulated: nothing (the browser will not resize its window), the window keeps its size',
    `not in WebDriver classic, so left out: ${viewport.isLandscape ? 'landscape' : 'portrait'} orientation${viewport.hasTouch ? ', touch screen' : ''}${viewport.isMobile ? ', isMobile' : ''}`,
    "offline: the site's server is stopped (navigator.onLine stays true)",
    `the page sees: ${answer.seen.size}, ${answer.seen.orientation}, ${answer.seen.touchPoints} touch point(s)`,
  ];

  /** Element Clicks WebKitWebDriver refused as "not interactable" and the run did through Actions instead. */
  let clickFallbacks = 0;
  return {
    name: 'webkit',
    browser: answer.browser,
    path: `${driverPath}, ${browserPath}`,
    notes,
    /** What this run does without, in a few words each, for the summary (read at the end of the run). */
    get fallbacks() {
      return [
        ...(answer.resizes ? [] : ['no window size']),
        ...(answer.seen.size === `${size.width}x${size.height}` ? [] : [`page ${answer.seen.size}, not ${size.width}x${size.height}`]),
        ...(clickFallbacks ? [`${clickFallbacks} Element Click(s) refused as not interactable, done as script clicks`] : []),
      ];
    },
    /** A fresh MiniBrowser session. @returns {Promise<import('./driver.mjs').Driver>} */
    async open() {
      const driver = await new Builder().withCapabilities(capabilities).usingServer(server).build();
      if (answer.resizes) await driver.manage().window().setRect(size);
      /** @type {string[]} */
      const errors = [];
      const evaluate = (fn, ...args) => driver.executeScript(fn, ...args);
      /** Reads the current document's collector (before a move that may leave it). */
      const harvest = async () => {
        try {
          errors.push(...(await driver.executeScript(drainCollector)));
        } catch {
          /* a prompt is open, or the document is going away: nothing to read */
        }
      };
      /** Puts the collector into the document now shown (after a move that may have loaded one). */
      const arm = () => driver.executeScript(installCollector).catch(() => {});
      /** @param {() => Promise<unknown>} move */
      const moving = async (move) => {
        await harvest();
        await move();
        await arm();
      };
      return withHelpers('webkit', {
        goto: (path) => moving(() => driver.get(new URL(path, base).href)),
        async click(selector) {
          // Into view first, and a frame painted: under load, a click that scrolls itself can land before the scroll.
          // A page the step before was leaving (WebKitWebDriver's Element Click on a link can return before the old
          // page unloads) ends this script with "Callback was not called before the unload event": read again on the
          // page that comes, as `until` does.
          await until(
            async () => {
              await waitVisible(evaluate, selector);
              await driver.executeAsyncScript((s, done) => {
                document.querySelector(s).scrollIntoView({ block: 'center', behavior: 'instant' });
                requestAnimationFrame(() => requestAnimationFrame(() => done()));
              }, selector);
              return true;
            },
            Boolean,
            `${selector} scrolled into view`,
          );
          const element = await driver.findElement({ css: selector });
          // WebDriver's Element Click: a mouse click through WebKit's input events, at the element's centre. Where
          // WebKitWebDriver calls a visible, unobscured element "not interactable" (seen on a footer button of a long
          // page, in view and with nothing over it; WebDriver Actions then call it out of bounds), the element gets a
          // script click instead; the fallback is counted and reported at the end of the run.
          await moving(async () => {
            try {
              await element.click();
            } catch (e) {
              if (e?.name !== 'ElementNotInteractableError') throw e;
              clickFallbacks++;
              // WebKitWebDriver then also calls the element out of bounds for a pointer move: the click event itself.
              await driver.executeScript((el) => el.click(), element);
            }
          });
        },
        typeKeys: (text) => driver.actions().sendKeys(text).perform(),
        press: (key) =>
          moving(() =>
            key === 'paste'
              ? driver.actions().keyDown(Key.CONTROL).sendKeys('v').keyUp(Key.CONTROL).perform()
              : driver.actions().sendKeys(Key.ENTER).perform(),
          ),
        evaluate,
        back: () => moving(() => driver.navigate().back()),
        reload: () => moving(() => driver.navigate().refresh()),
        url: () => driver.getCurrentUrl(),
        // No network switch in WebKitWebDriver: the site's server is stopped (and started again on the same port).
        setOffline: (offline) => (offline ? network.cut() : network.restore()),
        async errors() {
          await harvest();
          await arm();
          return [...errors];
        },
        async takeDialog() {
          try {
            const alert = await driver.switchTo().alert();
            const message = await alert.getText();
            await alert.dismiss();
            return { type: 'prompt', message, value: '' };
          } catch {
            return null;
          }
        },
        close: () => driver.quit(),
      });
    },
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}
