// What `npm run bench:offline` reads from the page, from outside: the footer's offline status
// (`[data-offline-status]`: its value and text) and the update prompt (`#update-prompt` shown). A script added to
// every document of the context logs each change with its wall-clock time (a MutationObserver, so a text shown
// for a moment between two polls is seen too); the bench polls that log.

/** Runs in the page before its own scripts (context.addInitScript). */
function watchFooter() {
  const log = [];
  Object.defineProperty(window, '__benchOfflineLog', { value: log });
  let last = '';
  let promptShown = false;
  const now = () => performance.timeOrigin + performance.now();
  const look = () => {
    const el = document.querySelector('[data-offline-status]');
    if (el) {
      const status = el.getAttribute('data-offline-status') ?? '';
      const text = (el.textContent ?? '').trim();
      if (`${status}\n${text}` !== last) {
        last = `${status}\n${text}`;
        log.push({ t: now(), status, text });
      }
    }
    const prompt = document.getElementById('update-prompt');
    const shown = !!prompt && !prompt.hidden;
    if (shown !== promptShown) {
      promptShown = shown;
      log.push({ t: now(), prompt: shown });
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** Adds the watcher to every page of `context`. */
export const watchPages = (context) => context.addInitScript(watchFooter);

/** The page's log since it loaded (empty while it navigates). */
export async function readLog(page) {
  try {
    return (await page.evaluate(() => window.__benchOfflineLog?.slice() ?? [])) ?? [];
  } catch {
    return []; // navigating, or closed
  }
}

/** The footer's offline status now, read from the element itself. */
export async function footerStatus(page) {
  try {
    return await page.evaluate(() => {
      const el = document.querySelector('[data-offline-status]');
      return el ? { status: el.getAttribute('data-offline-status') ?? '', text: (el.textContent ?? '').trim() } : null;
    });
  } catch {
    return null;
  }
}

/** Whether the page's service worker registration holds a waiting worker (a new version installed). */
export async function hasWaitingWorker(page) {
  try {
    return await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `page` every `everyMs` until `done(entries, page)` says so (entries: every log entry seen, across
 * reloads) or `deadline` (Date.now() value) passes. Resolves to { met, entries, at } (at: Date.now() when met).
 */
export async function pollUntil(page, deadline, done, everyMs = 200) {
  const entries = [];
  const seen = new Set();
  for (;;) {
    for (const e of await readLog(page)) {
      const key = JSON.stringify(e);
      if (!seen.has(key)) {
        seen.add(key);
        entries.push(e);
      }
    }
    if (await done(entries, page)) return { met: true, entries, at: Date.now() };
    if (Date.now() > deadline) return { met: false, entries, at: Date.now() };
    await sleep(everyMs);
  }
}
