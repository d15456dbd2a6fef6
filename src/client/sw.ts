/**
 * The service worker itself (`dist/sw.js`; the page's side is `service-worker.ts`). `scripts/build-sw.mjs` bundles this
 * file and writes the precache list apart (`/offline/files-<hash>.js`, loaded below with `importScripts`): every page,
 * search index, script, stylesheet and icon, each with its revision and SRI integrity, and the packs, one per folder
 * of pages (a game's pages in one file: `scripts/offline-packs.mjs`). Only workbox-precaching's and workbox-routing's
 * public API is used; the packs are unpacked into workbox's precache under the keys it gives.
 *
 * - Saving comes in the order a player needs it: the pages open in the browser and what they load; then the site's
 *   shared files; then the game being read (`event.source`: the page that asked); then the other games. A game whose
 *   pages are mostly missing comes as its pack (one download); a few missing pages come one by one, several at a time.
 *   Every file is checked against its integrity (a pack against its own), so a newer deploy's file can never be stored
 *   under this version's key: old and new pages never mix.
 * - The first install saves only the open pages and what they load, then takes control at once, so a page a player
 *   opened keeps opening offline even if they leave a few seconds later; the page then has the rest saved
 *   (`PRECACHE_REPAIR`). An update saves everything before it is offered, or stays uninstalled.
 * - Every URL form of a page works, online and offline: `/x/` and `/x/index.html` come from the precache (queries
 *   ignored); a navigation to `/x` (no slash, no extension) is redirected to `/x/` with its query, as the server and
 *   static hosts do; any other navigation gets the 404 page. No URL is decoded, so none can throw.
 * - The offline copy is kept whole: a page asks on every start whether every file is stored (`PRECACHE_CHECK`, with
 *   how far its own game is; answered by an installing worker too) and has missing ones fetched again
 *   (`PRECACHE_REPAIR`, progress posted as it goes). The browser may delete caches under storage pressure.
 * - A new deploy waits until the reader accepts it (`SKIP_WAITING`); the first one takes the open pages at once.
 * - `NETWORK_CHECK`: whether the server answers now, for the page's "Offline" badge.
 */
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, Route, registerRoute } from 'workbox-routing';

/** A pack as the build describes it (scripts/offline-packs.mjs). */
interface Pack {
  /** The folder its pages are in, as precache URLs start: `<folder>/`. */
  scope: string;
  url: string;
  integrity: string;
  pages: number;
}

/** The parts of the service worker scope used here (the project's types are the page's, not a worker's). */
interface WorkerScope {
  __RULES_OFFLINE: { files: PrecacheEntry[]; packs: Pack[] };
  location: Location;
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]> };
  addEventListener(type: string, listener: (event: never) => void): void;
}
interface LifecycleEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerMessageEvent extends LifecycleEvent {
  data: unknown;
  ports: readonly MessagePort[];
  source: { url?: string } | null;
}

/** The event type workbox's API takes (a service worker's `ExtendableEvent`). */
type WorkboxEvent = Parameters<PrecacheController['activate']>[0];

/** The precache list's URL, given by the build (scripts/build-sw.mjs). */
declare const __OFFLINE_FILES__: string;
declare function importScripts(...urls: string[]): void;

importScripts(__OFFLINE_FILES__);
const worker = self as unknown as WorkerScope;
const { files: manifest, packs } = worker.__RULES_OFFLINE;

/** How many files are fetched at once while saving (a browser opens about 6 connections to one HTTP/1.1 host). */
const PARALLEL = 8;

/** How long one file or pack may take before its place goes to the next (it is then left missing, tried again later). */
const STEP_TIMEOUT = 60_000;

/** A path whose last segment has no extension and no trailing slash: `/<game>/pass`, `/search`. */
const SLASHLESS = /\/[^/.]+$/;

const precache = new PrecacheController();
precache.addToCacheList(manifest);

/** One file of the list: its URL as the list writes it (relative to the site's root), absolute, and its cache key. */
interface ListedFile {
  path: string;
  url: string;
  key: string;
}
const listed: ListedFile[] = manifest.map(({ url }) => {
  const absolute = new URL(url, worker.location.href).href;
  return { path: url, url: absolute, key: precache.getCacheKeyForURL(absolute)! };
});

/** The pack whose folder holds a page, if any. */
const packOf = (file: ListedFile): Pack | undefined =>
  file.path.endsWith('.html') ? packs.find((p) => file.path.startsWith(p.scope)) : undefined;

/**
 * The game (pack folder) a file belongs to: a page in its folder, or a file named for it (its search index
 * `search/<id>.json`, its head script `scripts/head-<id>-<hash>.js`). Undefined for the files every page shares.
 */
function folderNamed(file: ListedFile): string | undefined {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  return packs.find(({ scope }) => {
    const id = scope.slice(0, -1);
    return file.path.startsWith(scope) || name.startsWith(`${id}.`) || name.includes(`-${id}-`);
  })?.scope;
}
const folders = new Map(listed.map((f) => [f, folderNamed(f)]));
const folderOf = (file: ListedFile) => folders.get(file);
/** How many files of the list each game has. */
const folderTotals = new Map<string | undefined, number>();
for (const where of folders.values()) folderTotals.set(where, (folderTotals.get(where) ?? 0) + 1);

/** The file of the list a page's address opens (`/x/` -> `x/index.html`), if any. */
function fileFor(address: string): ListedFile | undefined {
  const url = new URL(address);
  if (url.origin !== worker.location.origin) return undefined;
  const href = `${url.origin}${url.pathname}${url.pathname.endsWith('/') ? 'index.html' : ''}`;
  return listed.find((f) => f.url === href);
}

/** The files of the list that the cache does not hold. */
async function missing(): Promise<ListedFile[]> {
  const cache = await caches.open(precache.strategy.cacheName);
  const have = new Set((await cache.keys()).map((r) => r.url));
  return listed.filter((f) => !have.has(f.key));
}

/** Whether the last save stopped on a full disk (QuotaExceededError). */
let full = false;

/**
 * How many files of the list are stored, of how many; of the game `folder` (the page's own), if given; and whether
 * the last save stopped because the disk was full.
 */
async function count(folder?: string) {
  const left = await missing();
  const status: { stored: number; total: number; full?: true; game?: { stored: number; total: number } } = {
    stored: listed.length - left.length,
    total: listed.length,
  };
  if (full && left.length) status.full = true;
  const total = folderTotals.get(folder);
  if (folder && total) status.game = { stored: total - left.filter((f) => folderOf(f) === folder).length, total };
  return status;
}

/**
 * Stores one file of the list unless it is stored already (workbox's precache strategy: fetched with its integrity;
 * during install from the network, later only when the list gives an integrity to check it against).
 */
async function saveOne(file: ListedFile, event: LifecycleEvent): Promise<void> {
  const integrity = precache.getIntegrityForCacheKey(file.key);
  const request = new Request(file.url, { integrity, credentials: 'same-origin' });
  // handleAll's second promise settles once the response is stored.
  await Promise.all(
    precache.strategy.handleAll({ event: event as unknown as WorkboxEvent, request, params: { cacheKey: file.key, integrity } }),
  );
}

/** Response headers a page keeps from its pack (the policy headers the host sets on documents and packs). */
const KEPT_HEADERS =
  /^(content-security-policy|x-frame-options|referrer-policy|permissions-policy|cross-origin-opener-policy|x-content-type-options)$/i;

/**
 * Fetches a pack (checked against its integrity) and stores the pages of it that `wanted` names, each under its own
 * key, as a page with the pack's policy headers. Nothing is stored unless the whole pack arrived intact.
 */
async function savePack(pack: Pack, wanted: ListedFile[], onSaved?: (file: ListedFile) => void): Promise<void> {
  const response = await fetch(new Request(pack.url, { integrity: pack.integrity, credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`pack ${pack.url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const end = bytes.indexOf(10);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(0, end))) as [string, number][];
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  response.headers.forEach((value, name) => KEPT_HEADERS.test(name) && headers.set(name, value));
  const byPath = new Map(wanted.map((f) => [f.path, f]));
  const cache = await caches.open(precache.strategy.cacheName);
  let at = end + 1;
  const puts: Promise<void>[] = [];
  for (const [path, length] of index) {
    const file = byPath.get(path);
    const body = bytes.subarray(at, at + length);
    at += length;
    if (file) puts.push(cache.put(file.key, new Response(body.slice(), { headers })).then(() => onSaved?.(file)));
  }
  await Promise.all(puts);
}

/** One step of a save: a file, or the wanted pages of a pack. */
type Job = { file: ListedFile } | { pack: Pack; pages: ListedFile[] };

/**
 * Missing files in the order a player needs them: the files every page shares; the game `reading` (its pages as a
 * pack when most are missing); then the other games.
 */
function plan(todo: ListedFile[], reading: string | undefined): Job[] {
  const jobs: Job[] = todo.filter((f) => !folderOf(f)).map((file) => ({ file }));
  for (const folder of [reading, ...packs.map((p) => p.scope).filter((s) => s !== reading)]) {
    const pack = packs.find((p) => p.scope === folder);
    if (!pack) continue;
    const mine = todo.filter((f) => folderOf(f) === folder);
    const pages = mine.filter((f) => packOf(f) === pack);
    // A pack costs about as much as an eighth of its pages fetched one by one.
    const packed = pages.length * 8 > pack.pages;
    jobs.push(...mine.filter((f) => !packed || !pages.includes(f)).map((file) => ({ file })));
    if (packed) jobs.push({ pack, pages });
  }
  return jobs;
}

/** The same-origin files a saved page loads (its stylesheets, scripts, icons and manifest), as listed files. */
async function loadedBy(page: ListedFile): Promise<ListedFile[]> {
  const response = await caches.match(page.key, { cacheName: precache.strategy.cacheName });
  if (!response) return [];
  const html = await response.text();
  const found: ListedFile[] = [];
  for (const [, path] of html.matchAll(/\s(?:href|src)="(\/[^"?#]*)"/g)) {
    const file = fileFor(new URL(path!, worker.location.href).href);
    if (file && !file.path.endsWith('.html') && !found.includes(file)) found.push(file);
  }
  return found;
}

/**
 * Saves missing files, `PARALLEL` at a time: first the open pages (`first`, their addresses), then the files they load,
 * then, unless `onlyFirst`, the rest in the order `plan` gives. `onSaved` hears each file stored. A file or pack that
 * fails (no network, refused, the wrong bytes) is left missing, never stored half: `count` and the next check find it.
 * Resolves to the number of files left missing.
 */
async function saveAll(event: LifecycleEvent, first: string[], onSaved?: (file: ListedFile) => void, onlyFirst = false): Promise<number> {
  full = false;
  const open = first.map(fileFor).filter((f): f is ListedFile => !!f);
  const run = async (jobs: Job[]) => {
    const next = async () => {
      for (let job = jobs.shift(); job && !full; job = jobs.shift()) {
        try {
          const saved = 'file' in job ? saveOne(job.file, event).then(() => onSaved?.(job.file)) : savePack(job.pack, job.pages, onSaved);
          // A step that hangs (a stalled connection, a storage call that never answers) gives its place up; the
          // timer goes once the step settles, so no rejection is left behind unheard.
          let timer: ReturnType<typeof setTimeout> | undefined;
          const stalled = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('timed out')), STEP_TIMEOUT)));
          await Promise.race([saved, stalled]).finally(() => clearTimeout(timer));
        } catch (e) {
          // Left missing: found again by the next check. A full disk stops the save (the next files would not fit
          // either); what is stored stays and works.
          if ((e as Error | undefined)?.name === 'QuotaExceededError') full = true;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, next));
  };
  const stillMissing = async (wanted: ListedFile[]) => {
    const left = new Set(await missing());
    return wanted.filter((f) => left.has(f)).map((file) => ({ file }));
  };
  await run(await stillMissing(open));
  // Pages opened while this ran (a player who moves on before the first save is done): kept as well.
  const later = [...opened].map(fileFor).filter((f): f is ListedFile => !!f && !open.includes(f));
  await run(await stillMissing(later));
  open.push(...later);
  await run(await stillMissing((await Promise.all(open.map(loadedBy))).flat()));
  if (!onlyFirst) await run(plan(await missing(), open.map(folderOf).find(Boolean)));
  return (await missing()).length;
}

/**
 * Pages the player opened while this worker ran, heard from their own messages (every page asks how far the copy is):
 * a page already left by the time the save starts is saved with the open ones.
 */
const opened = new Set<string>();

/** The addresses of the pages open in the browser (controlled or not), and of those opened while this worker ran. */
const openPages = async () => [
  ...new Set([...(await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).map((c) => c.url), ...opened]),
];

worker.addEventListener('install', (event: LifecycleEvent) => {
  // The first install saves what the open pages need and takes them over at once (the page then has the rest saved:
  // PRECACHE_REPAIR); an update must save every file, or it stays uninstalled and the reader keeps the version they
  // have, whole.
  const first = !worker.registration.active;
  event.waitUntil(
    openPages()
      .then((pages) => saveAll(event, pages, undefined, first))
      .then((left) => {
        if (left && !first) throw new Error(`service worker: ${left} files could not be saved`);
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
const listeners = new Map<MessagePort, string | undefined>();
let repairing: Promise<number> | undefined;

worker.addEventListener('message', (event: WorkerMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // The page that asks, and the rules it says the reader opened lately (same-origin paths only), are kept first.
  if (event.source?.url) opened.add(event.source.url);
  const said = (event.data as { opened?: unknown } | null)?.opened;
  if (Array.isArray(said))
    for (const path of said.slice(0, 50))
      if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')) opened.add(new URL(path, worker.location.href).href);
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
  const page = event.source?.url;
  const folder = page ? ((f) => f && folderOf(f))(fileFor(page)) : undefined;
  const answer = async () => {
    if (type === 'PRECACHE_REPAIR') {
      listeners.set(port, folder);
      if (!repairing) {
        // Counted as files are stored, overall and per game, from one look at the cache.
        const left = new Set(await missing());
        let stored = listed.length - left.size;
        const storedIn = new Map<string | undefined, number>();
        for (const f of listed) if (!left.has(f)) storedIn.set(folderOf(f), (storedIn.get(folderOf(f)) ?? 0) + 1);
        const tell = (file: ListedFile) => {
          stored++;
          const where = folderOf(file);
          storedIn.set(where, (storedIn.get(where) ?? 0) + 1);
          for (const [listener, mine] of listeners) {
            const game = mine ? { stored: storedIn.get(mine) ?? 0, total: folderTotals.get(mine) ?? 0 } : undefined;
            listener.postMessage({ type: 'PRECACHE_PROGRESS', stored, total: listed.length, game });
          }
        };
        repairing = openPages()
          .then((pages) => saveAll(event, page ? [page, ...pages.filter((p) => p !== page)] : pages, tell))
          .finally(() => (repairing = undefined));
      }
      await repairing;
      listeners.delete(port);
    }
    port.postMessage({ type: 'PRECACHE_STATUS', ...(await count(folder)) });
  };
  event.waitUntil(answer().catch(() => port.postMessage({ type: 'PRECACHE_STATUS', stored: 0, total: listed.length, failed: true })));
});
