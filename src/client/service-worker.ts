/**
 * Offline: registers the service worker, shows how far the offline copy is (`[data-offline-status]`: `saving` with
 * progress while the worker precaches, `ready` once every page is stored, `unsupported` without service workers),
 * a quiet "Offline" badge while the network is gone, and the "update available" prompt for a new deploy (the page
 * reloads onto the new version only when the reader accepts, so old and new pages never mix).
 */

type Status = 'saving' | 'ready' | 'unsupported';

/** Sets the status line (in the footer); while saving, a small badge floats over the page with the progress. */
function setStatus(status: Status, text: string, progress?: number) {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-offline-status]'))) {
    el.dataset.offlineStatus = status;
    el.textContent = text;
  }
  const badge = document.querySelector<HTMLElement>('.offline-progress');
  if (!badge) return;
  badge.hidden = progress === undefined;
  badge.textContent = text;
}

/** Entries stored so far in the precache (workbox names its cache `workbox-precache-...`). */
async function storedCount(): Promise<number> {
  const names = await caches.keys();
  const name = names.find((n) => n.includes('precache'));
  return name ? (await (await caches.open(name)).keys()).length : 0;
}

/** How many files the offline copy holds, written by the build beside sw.js. */
async function expectedCount(): Promise<number | undefined> {
  try {
    const meta = (await (await fetch('/sw-meta.json', { cache: 'no-store' })).json()) as { count?: unknown };
    return typeof meta.count === 'number' && meta.count > 0 ? meta.count : undefined;
  } catch {
    return undefined;
  }
}

/** Follows a first install until the worker is active: "Saving for offline: 312 of 692". */
async function followInstall(worker: ServiceWorker) {
  const total = await expectedCount();
  let done = false;
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') {
      done = true;
      setStatus('ready', 'Ready offline');
    } else if (worker.state === 'redundant') {
      done = true;
      setStatus('saving', 'Saving for offline failed; it will try again on your next visit');
    }
  });
  while (!done) {
    const stored = await storedCount().catch(() => 0);
    if (done) break;
    setStatus('saving', total ? `Saving for offline: ${Math.min(stored, total)} of ${total}` : `Saving for offline: ${stored} files`, total ? Math.min(1, stored / total) : 0);
    await new Promise((r) => setTimeout(r, 600));
  }
}

function watchNetwork() {
  const root = document.documentElement;
  const update = () => root.toggleAttribute('data-offline', !navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}

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
  void navigator.serviceWorker.register('/sw.js').then((reg) => {
    if (reg.active) setStatus('ready', 'Ready offline');
    else if (reg.installing) void followInstall(reg.installing);
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      if (!worker) return;
      if (!reg.active) void followInstall(worker); // the first install
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }, () => setStatus('unsupported', 'Offline copy unavailable (the service worker could not start)'));
}
