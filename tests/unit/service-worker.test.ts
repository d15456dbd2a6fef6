// @vitest-environment happy-dom
/**
 * Following a first install (src/client/service-worker.ts `followInstall`): the footer counts the files saved, and
 * the worker's end is seen even when its `statechange` came while the page was still fetching the file count (in
 * Firefox under load that fetch queues behind the worker's precache requests; the status then stayed at
 * "Saving for offline: 756 of 756" for good).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followInstall } from '../../src/client/service-worker';

/** A service worker as the page sees it: a state, and `statechange` events only when `announce` is called. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  announce(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

let stored = 0;
let releaseCount: (() => void) | undefined;
const status = () => document.querySelector<HTMLElement>('[data-offline-status]')!;

beforeEach(() => {
  document.body.innerHTML = '<footer><p data-offline-status></p></footer><div class="offline-progress" hidden></div>';
  stored = 0;
  vi.stubGlobal('caches', {
    keys: async () => ['workbox-precache-v2-test'],
    open: async () => ({ keys: async () => Array.from({ length: stored }) }),
  });
  // The file count arrives only when the test says so.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          releaseCount = () => resolve(new Response(JSON.stringify({ count: 5 })));
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Starts following a new worker's install; the worker, the two callbacks and the promise of the end. */
function follow() {
  const w = new FakeWorker() as unknown as ServiceWorker & FakeWorker;
  const onActive = vi.fn();
  const onFailed = vi.fn();
  return { w, onActive, onFailed, following: followInstall(w, onActive, onFailed) };
}

describe('followInstall', { timeout: 5_000 }, () => {
  it('counts the files saved, then hands over once the worker is active', async () => {
    const { w, onActive, following } = follow();
    stored = 3;
    releaseCount!();
    await vi.waitFor(() => expect(status().textContent).toBe('Saving for offline: 3 of 5'));
    expect(status().dataset.offlineStatus).toBe('saving');
    expect(document.querySelector<HTMLElement>('.offline-progress')!.hidden).toBe(false);
    stored = 5;
    w.announce('activated');
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('sees an install that ended while the file count was still on its way', async () => {
    const { w, onActive, following } = follow();
    stored = 5;
    w.announce('installed');
    w.announce('activating');
    w.announce('activated'); // before the count arrived
    releaseCount!();
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('sees an end no event told of, at its next look', async () => {
    const { w, onActive, following } = follow();
    releaseCount!();
    await vi.waitFor(() => expect(status().textContent).toBe('Saving for offline: 0 of 5'));
    w.state = 'activated'; // no statechange heard
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('reports a failed install once', async () => {
    const { w, onActive, onFailed, following } = follow();
    w.announce('redundant');
    releaseCount!();
    await following;
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onActive).not.toHaveBeenCalled();
  });
});
