/**
 * The service worker itself (`dist/sw.js`; the page's side is `service-worker.ts`). `scripts/build-sw.mjs` bundles this
 * file with esbuild, then workbox-build's `injectManifest` writes the precache list where `self.__WB_MANIFEST` stands:
 * every page, search index, script, stylesheet and icon, each with its revision (content hash) and SRI integrity.
 * Only workbox-precaching's and workbox-routing's public API is used.
 *
 * - Install saves the whole list, several files at a time (`saveAll`; workbox's own install fetches one file after
 *   another, and on a phone network that is one round trip per file), then hands over to workbox's `install`, which
 *   finds every file stored. Each file is fetched with its integrity, so a newer deploy's file can never be stored
 *   under this version's key: old and new pages never mix.
 * - Every URL form of a page works, online and offline: `/x/` and `/x/index.html` come from the precache (queries
 *   ignored); a navigation to `/x` (no slash, no extension) is redirected to `/x/` with its query, as the server and
 *   static hosts do; any other navigation gets the 404 page. No URL is decoded, so none can throw.
 * - The offline copy is kept whole: a page asks on every start whether every file is still stored (`PRECACHE_CHECK`,
 *   answered by an installing worker too, with its progress) and has missing ones fetched again (`PRECACHE_REPAIR`,
 *   progress posted as it goes). The browser may delete caches under storage pressure; nothing else would notice.
 * - A new deploy waits until the reader accepts it (`SKIP_WAITING`); the first one takes the open pages at once.
 * - `NETWORK_CHECK`: whether the server answers now, for the page's "Offline" badge.
 */
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, Route, registerRoute } from 'workbox-routing';

/** The parts of the service worker scope used here (the project's types are the page's, not a worker's). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: string, listener: (event: never) => void): void;
}
interface LifecycleEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerMessageEvent extends LifecycleEvent {
  data: unknown;
  ports: readonly MessagePort[];
}

/** The event type workbox's API takes (a service worker's `ExtendableEvent`). */
type WorkboxEvent = Parameters<PrecacheController['activate']>[0];

const worker = self as unknown as WorkerScope;

/** How many files are fetched at once while saving (a browser opens about 6 connections to one HTTP/1.1 host). */
const PARALLEL = 8;

/** A path whose last segment has no extension and no trailing slash: `/<game>/pass`, `/search`. */
const SLASHLESS = /\/[^/.]+$/;

const precache = new PrecacheController();
// Written as `self.__WB_MANIFEST`, the injection point that workbox-build looks for.
precache.addToCacheList((self as unknown as WorkerScope).__WB_MANIFEST);

/** Every file of the list as [URL, cache key]. */
const files = () => [...precache.getURLsToCacheKeys()];

/**
 * Stores one file of the list unless it is stored already (workbox's precache strategy: fetched with its integrity;
 * during install from the network, later only when the manifest gives an integrity to check it against).
 */
async function saveOne(url: string, cacheKey: string, event: LifecycleEvent): Promise<void> {
  const integrity = precache.getIntegrityForCacheKey(cacheKey);
  const request = new Request(url, { integrity, credentials: 'same-origin' });
  // handleAll's second promise settles once the response is stored.
  await Promise.all(precache.strategy.handleAll({ event: event as unknown as WorkboxEvent, request, params: { cacheKey, integrity } }));
}

/** The files of the list that the cache does not hold, as [URL, cache key]. */
async function missing(): Promise<[string, string][]> {
  const cache = await caches.open(precache.strategy.cacheName);
  const have = new Set((await cache.keys()).map((r) => r.url));
  return files().filter(([, key]) => !have.has(key));
}

/** How many files of the list are stored, of how many. */
async function count(): Promise<{ stored: number; total: number }> {
  const total = files().length;
  return { stored: total - (await missing()).length, total };
}

/** Saves every file of the list not stored yet, `PARALLEL` at a time; `onSaved` hears each one stored. A file that
 * fails (no network, refused, the wrong bytes) is left missing, never stored half: `count` and the next check find it.
 * Resolves to the number of files that failed.
 */
async function saveAll(event: LifecycleEvent, onSaved?: () => void): Promise<number> {
  const todo = await missing();
  let failed = 0;
  const next = async () => {
    for (let file = todo.shift(); file; file = todo.shift()) {
      try {
        await saveOne(file[0], file[1], event);
        onSaved?.();
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  return failed;
}

worker.addEventListener('install', (event: LifecycleEvent) => {
  // The first install keeps what it could save (the page then has the rest fetched: PRECACHE_REPAIR); an update must
  // save every file, or it stays uninstalled and the reader keeps the version they have, whole.
  const first = !(self as unknown as { registration: ServiceWorkerRegistration }).registration.active;
  event.waitUntil(
    saveAll(event).then((failed) => {
      if (failed && !first) throw new Error(`service worker: ${failed} files could not be saved`);
    }),
  );
});
worker.addEventListener('activate', (event: LifecycleEvent) => {
  event.waitUntil(precache.activate(event as unknown as WorkboxEvent).then(() => worker.clients.claim()));
});
cleanupOutdatedCaches();

// Routes, in order: the precache; a slash-less navigation, redirected; any other navigation, the 404 page.
registerRoute(new PrecacheRoute(precache, { directoryIndex: 'index.html', ignoreURLParametersMatching: [/.*/] }));
registerRoute(
  new Route(
    ({ request, url }) => request.mode === 'navigate' && url.origin === worker.location.origin && SLASHLESS.test(url.pathname),
    async ({ url }) => Response.redirect(`${url.pathname}/${url.search}`, 301),
  ),
);
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/404.html'), { denylist: [SLASHLESS] }));

/** Pages listening to a repair in progress. */
const listeners = new Set<MessagePort>();
let repairing: Promise<number> | undefined;

worker.addEventListener('message', (event: WorkerMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') {
    void worker.skipWaiting();
    return;
  }
  const port = event.ports[0];
  if (type === 'NETWORK_CHECK' && port) {
    // Whether the server answers now (the page's "Offline" badge): a request that always travels.
    const answer = (online: boolean) => port.postMessage({ type: 'NETWORK_STATUS', online });
    event.waitUntil(
      fetch(new Request('/sw.js', { method: 'HEAD', cache: 'no-store' })).then(
        () => answer(true),
        () => answer(false),
      ),
    );
    return;
  }
  if ((type !== 'PRECACHE_CHECK' && type !== 'PRECACHE_REPAIR') || !port) return;
  const answer = async () => {
    if (type === 'PRECACHE_REPAIR') {
      listeners.add(port);
      if (!repairing) {
        const start = await count();
        const total = start.total;
        let stored = start.stored;
        const tell = () => {
          stored++;
          for (const listener of listeners) listener.postMessage({ type: 'PRECACHE_PROGRESS', stored, total });
        };
        repairing = saveAll(event, tell).finally(() => (repairing = undefined));
      }
      await repairing;
      listeners.delete(port);
    }
    port.postMessage({ type: 'PRECACHE_STATUS', ...(await count()) });
  };
  event.waitUntil(answer().catch(() => port.postMessage({ type: 'PRECACHE_STATUS', stored: 0, total: files().length, failed: true })));
});
