// Appended to dist/sw.js by scripts/build-sw.mjs (plain script, runs in the service worker after workbox's code).
// Keeps the offline copy whole: a page asks, on every start, whether every precached file is still in the cache
// (`PRECACHE_CHECK`; asked of an installing worker too, it counts the first save as it goes), and has missing ones
// fetched again (`PRECACHE_REPAIR`, progress posted as it goes). The
// browser may delete caches under storage pressure; nothing else would notice until the next deploy.
//
// The list is workbox's own precache manifest (build-sw.mjs names it `self.__RULES_PRECACHE`), cache keys as
// workbox makes them (the URL, with `__WB_REVISION__=<revision>` when the file has a revision). Every file is
// fetched with its SRI integrity from the manifest, so a newer deploy's file can never be stored under this
// version's key: old and new pages never mix.
(() => {
  const entries = self.__RULES_PRECACHE;
  if (!Array.isArray(entries)) return;
  const cacheName = `workbox-precache-v2-${self.registration.scope}`;
  const keyOf = (e) => {
    const url = new URL(e.url, self.location.href);
    if (e.revision) url.searchParams.set('__WB_REVISION__', e.revision);
    return url.href;
  };
  const keys = entries.map(keyOf);
  const total = entries.length;

  /** The manifest entries the cache does not hold. */
  async function missing() {
    const cache = await caches.open(cacheName);
    const have = new Set((await cache.keys()).map((r) => r.url));
    return entries.filter((_, i) => !have.has(keys[i]));
  }

  const listeners = new Set();
  const tell = (message) => {
    for (const port of listeners) port.postMessage(message);
  };
  let running;

  /** Fetches the missing files again, a few at a time; a failed fetch (no network) leaves its file missing. */
  async function repair() {
    const todo = await missing();
    const cache = await caches.open(cacheName);
    let stored = total - todo.length;
    const next = async () => {
      for (let e = todo.shift(); e; e = todo.shift()) {
        try {
          const url = new URL(e.url, self.location.href).href;
          const res = await fetch(new Request(url, { integrity: e.integrity || '', credentials: 'same-origin' }));
          if (!res.ok) continue;
          // Stored as workbox stores it: a redirected response is copied (a navigation may not be answered with one).
          const copy = res.redirected
            ? new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers })
            : res;
          await cache.put(keyOf(e), copy);
          stored++;
          tell({ type: 'PRECACHE_PROGRESS', stored, total });
        } catch {
          /* offline or refused: stays missing, found again by the next check */
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, next));
  }

  self.addEventListener('message', (event) => {
    const type = event.data && event.data.type;
    const port = event.ports && event.ports[0];
    if ((type !== 'PRECACHE_CHECK' && type !== 'PRECACHE_REPAIR') || !port) return;
    const answer = async () => {
      if (type === 'PRECACHE_REPAIR') {
        listeners.add(port);
        running = running || repair().finally(() => (running = undefined));
        await running.catch(() => undefined);
        listeners.delete(port);
      }
      const left = await missing();
      port.postMessage({ type: 'PRECACHE_STATUS', stored: total - left.length, total });
    };
    event.waitUntil(answer().catch(() => port.postMessage({ type: 'PRECACHE_STATUS', stored: 0, total, failed: true })));
  });
})();
