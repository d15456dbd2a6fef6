/**
 * Offline: registers the service worker, shows how far the offline copy is (`[data-offline-status]`: `saving` with
 * progress while the worker precaches, `ready` only while every precached file is in the cache, `unsupported`
 * without service workers), a quiet "Offline" badge while the network is gone, and the "update available" prompt
 * for a new deploy (the page reloads onto the new version only when the reader accepts, so old and new pages never
 * mix).
 *
 * On every start the page asks the worker to check its cache against the precache list (the browser may have
 * deleted it); missing files are fetched again (`saving`, with progress) before it says `ready`. A save cut by the
 * network, the first one included, resumes when the browser is back online, without a reload.
 */

import { OFFLINE_SAVING_KEY, readRecent } from './storage';

type Status = 'saving' | 'ready' | 'unsupported';

/**
 * Sets the status (`[data-offline-status]`, in the footer) and, while the copy is not whole, the line at the top of
 * the page (`.offline-line`, in the flow of the page, so it covers nothing) that says what works offline so far. Once
 * shown on a page, the line stays until the page changes, its last words "Ready offline", so the page never moves
 * under the reader when the save ends.
 */
function setStatus(status: Status, text: string, line?: string) {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-offline-status]'))) {
    el.dataset.offlineStatus = status;
    el.textContent = text;
  }
  // The next page shows the line from its first paint while the copy is not whole (the head script reads this).
  try {
    if (status === 'saving') localStorage.setItem(OFFLINE_SAVING_KEY, '1');
    else localStorage.removeItem(OFFLINE_SAVING_KEY);
  } catch {
    /* storage blocked: the line then shows once this script knows */
  }
  const top = document.querySelector<HTMLElement>('.offline-line');
  if (!top) return;
  const shown = !top.hidden || document.documentElement.hasAttribute('data-offline-saving');
  if (status === 'unsupported') document.documentElement.removeAttribute('data-offline-saving');
  if (status === 'unsupported' || (!shown && !line)) return;
  top.hidden = false;
  top.textContent = line ?? text;
}

/** What the worker says of its offline copy: files stored of the precache list, and of the page's own game. */
interface CopyStatus {
  stored: number;
  total: number;
  game?: { stored: number; total: number };
  /** The last save stopped because the device's storage is full. */
  full?: boolean;
}

/** The game of this page, by its title (the header names it), if the page is a game's. */
const gameTitle = () => (document.body.dataset.game ? document.querySelector('.game-link')?.textContent?.trim() : undefined);

/** "Saving for offline: 312 of 760", and at the top what works offline so far. */
function saving({ stored, total, game }: CopyStatus) {
  const title = gameTitle();
  const shown = Math.min(stored, total);
  if (title && game && game.stored >= game.total)
    setStatus(
      'saving',
      `${title} ready offline; saving the other games: ${shown} of ${total}`,
      `${title} works offline; saving the other games…`,
    );
  else
    setStatus(
      'saving',
      `Saving for offline: ${shown} of ${total}`,
      `Saving the rules for offline use (${total ? Math.floor((100 * shown) / total) : 0}%): the pages you opened work offline already.`,
    );
}

/**
 * Follows a first install until the worker is active: "Saving for offline: 312 of 692", as the installing worker
 * counts its own cache (`PRECACHE_CHECK`, answered while it installs too). The worker's state is read again after
 * every wait, not only heard through `statechange`: an answer can queue behind the worker's hundreds of precache
 * requests, and the install can end, unheard, before it comes; the status then stayed at "756 of 756" for good.
 */
export async function followInstall(worker: ServiceWorker, onActive: () => void, onFailed: () => void): Promise<void> {
  let done = false;
  const settle = () => {
    if (done) return;
    if (worker.state === 'activated') {
      done = true;
      onActive();
    } else if (worker.state === 'redundant') {
      done = true;
      onFailed();
    }
  };
  worker.addEventListener('statechange', settle);
  settle();
  while (!done) {
    const status = await askWorker(worker, 'PRECACHE_CHECK', undefined, 5_000);
    settle();
    if (done) break;
    if (status) saving(status);
    await new Promise((r) => setTimeout(r, 600));
    settle();
  }
}

/**
 * Asks a worker to check (`PRECACHE_CHECK`: the active one, or an installing one for its progress) or repair
 * (`PRECACHE_REPAIR`) its offline copy (see sw.ts). Progress comes through `onProgress`; undefined when the worker does not answer (one of a
 * build before this check) within `quiet` ms of its last word.
 */
function askWorker(
  worker: ServiceWorker,
  type: 'PRECACHE_CHECK' | 'PRECACHE_REPAIR',
  onProgress?: (s: CopyStatus) => void,
  quiet = 10_000,
): Promise<CopyStatus | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let timer = setTimeout(() => resolve(undefined), quiet);
    channel.port1.onmessage = (e: MessageEvent) => {
      const d = e.data as {
        type?: string;
        stored?: unknown;
        total?: unknown;
        game?: { stored?: unknown; total?: unknown };
        full?: unknown;
        failed?: boolean;
      };
      if (typeof d?.stored !== 'number' || typeof d.total !== 'number') return;
      clearTimeout(timer);
      const status: CopyStatus = { stored: d.stored, total: d.total };
      if (d.full === true) status.full = true;
      if (typeof d.game?.stored === 'number' && typeof d.game.total === 'number')
        status.game = { stored: d.game.stored, total: d.game.total };
      if (d.type === 'PRECACHE_PROGRESS') {
        onProgress?.(status);
        timer = setTimeout(() => resolve(undefined), quiet);
      } else resolve(d.failed ? undefined : status);
    };
    // The rules the reader opened lately (the recent list): the worker saves them first, a page already left too.
    worker.postMessage({ type, opened: readRecent().map((r) => r.url) }, [channel.port2]);
  });
}

/** How long a save that failed while the browser said it was online waits before the next try: 2 s, doubling to 30 s. */
let retryDelay = 2_000;

/**
 * A save that could not finish: said, and tried again once the network is back, and, while the browser says it is
 * online (a network that just came back, or one that answers nothing), after a wait that grows with each failure.
 */
function paused(stored: number | undefined, total: number | undefined, retry: () => void, game?: CopyStatus['game'], full = false) {
  const count = stored !== undefined && total ? ` (${Math.min(stored, total)} of ${total} files)` : '';
  const title = gameTitle();
  const sofar = title && game && game.stored >= game.total ? `${title} works offline` : 'the pages you opened work offline';
  if (full)
    setStatus(
      'saving',
      `Offline copy incomplete${count}: this device's storage is full`,
      `Not enough storage on this device to save every rule: ${sofar}. Free some space and reopen the app to save the rest.`,
    );
  else
    setStatus(
      'saving',
      `Offline copy incomplete${count}: saving resumes when the network is back`,
      `Offline copy incomplete: ${sofar}; saving the rest resumes when the network is back.`,
    );
  let again: ReturnType<typeof setTimeout> | undefined;
  const resume = () => {
    clearTimeout(again);
    window.removeEventListener('online', resume);
    retry();
  };
  window.addEventListener('online', resume);
  // Online but the server did not answer: another try in a while (not when the disk is full: the next start tries).
  if (navigator.onLine && !full) {
    again = setTimeout(resume, retryDelay);
    retryDelay = Math.min(30_000, retryDelay * 2);
  }
}

let checking = false;

/** The whole copy is stored. */
function ready() {
  retryDelay = 2_000;
  setStatus('ready', 'Ready offline', 'Ready offline: every rule now works with no network.');
}

/** Checks the active worker's offline copy and repairs it: `ready` only once every precached file is stored. */
async function keepCopyWhole(reg: ServiceWorkerRegistration): Promise<void> {
  const worker = reg.active;
  if (!worker || checking) return;
  checking = true;
  try {
    const status = await askWorker(worker, 'PRECACHE_CHECK');
    // A worker of an older build cannot say: it is trusted as before, until the update it will be offered.
    if (!status || status.stored >= status.total) return ready();
    // Where the browser still says "online" with no network behind it, the worker's own request tells.
    if (!(await networkAnswers(worker))) return paused(status.stored, status.total, () => void keepCopyWhole(reg), status.game);
    saving(status);
    const end = await askWorker(worker, 'PRECACHE_REPAIR', saving);
    if (end && end.stored >= end.total) ready();
    else paused(end?.stored ?? status.stored, status.total, () => void keepCopyWhole(reg), end?.game ?? status.game, end?.full);
  } finally {
    checking = false;
  }
}

/**
 * The header's "Offline" badge follows what the network did, not only what the browser believes: it shows while the
 * browser says it is offline, and while the last request to the server failed (Wi-Fi with no internet behind it leaves
 * `navigator.onLine` true). The page asks on start, when the browser's online state changes and when the page is shown
 * again. The service worker makes the request (`NETWORK_CHECK`: a `HEAD` of `/sw.js`, never answered from its copy),
 * so a failure is not logged in the page's console as an error; a page that no worker controls came from the network.
 */
function watchNetwork() {
  const root = document.documentElement;
  let asked = 0;
  const ask = () => {
    const question = ++asked;
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
    void networkAnswers(worker).then((online) => question === asked && root.toggleAttribute('data-offline', !online));
  };
  ask();
  window.addEventListener('online', ask);
  window.addEventListener('offline', ask);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ask();
  });
}

/**
 * Whether the server answers now: false at once while the browser says it is offline; else the worker's answer to
 * `NETWORK_CHECK` (false when it gives none within 5 s); true for a page no worker controls (it came from the network).
 */
function networkAnswers(worker: ServiceWorker | null): Promise<boolean> {
  if (!navigator.onLine) return Promise.resolve(false);
  if (!worker) return Promise.resolve(true);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 5_000);
    channel.port1.onmessage = (e: MessageEvent) => {
      const online = (e.data as { online?: unknown } | null)?.online;
      if (typeof online !== 'boolean') return;
      clearTimeout(timer);
      resolve(online);
    };
    worker.postMessage({ type: 'NETWORK_CHECK' }, [channel.port2]);
  });
}

/** Registers the worker, reports the offline copy and offers updates; call once per page. */
export function startServiceWorker(): void {
  watchNetwork();
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) {
    setStatus('unsupported', 'This browser cannot keep the rules offline');
    return;
  }
  const prompt = document.getElementById('update-prompt');
  const offer = (worker: ServiceWorker) => {
    if (!prompt) return;
    prompt.hidden = false;
    document.getElementById('update-reload')!.onclick = () => worker.postMessage({ type: 'SKIP_WAITING' });
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !prompt || prompt.hidden) return;
    reloading = true;
    location.reload();
  });
  const register = () =>
    navigator.serviceWorker.register('/sw.js').then(
      (reg: ServiceWorkerRegistration | undefined) => {
        if (!reg) return setStatus('unsupported', 'This browser cannot keep the rules offline'); // a stubbed register (test tools)
        /** The first install: followed, checked once active; cut short (no network), registered again once online. */
        const first = (worker: ServiceWorker) =>
          void followInstall(
            worker,
            () => void keepCopyWhole(reg),
            () => (reg.active ? void keepCopyWhole(reg) : paused(undefined, undefined, register)),
          );
        if (reg.active) void keepCopyWhole(reg);
        else if (reg.installing) first(reg.installing);
        // A registration left by a failed install: installed again.
        else if (!reg.waiting) void reg.update().catch(() => paused(undefined, undefined, register));
        if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing;
          if (!worker) return;
          if (!reg.active) first(worker);
          worker.addEventListener('statechange', () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
          });
        });
      },
      () => setStatus('unsupported', 'Offline copy unavailable (the service worker could not start)'),
    );
  void register();
}
