// @vitest-environment happy-dom
/**
 * Following a first install (src/client/service-worker.ts `followInstall`): the footer counts the files saved, as the
 * installing worker says (`PRECACHE_CHECK`), and the worker's end is seen even when its `statechange` came while an
 * answer was still on its way (in Firefox under load such answers queue behind the worker's precache requests; the
 * status then stayed at "Saving for offline: 756 of 756" for good).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followInstall } from '../../src/client/service-worker';

/**
 * A service worker as the page sees it: a state, `statechange` events only when `announce` is called, and answers to
 * `PRECACHE_CHECK` (files stored of 5) at once, or, while `holding`, only when `release` is called.
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  stored = 0;
  holding = false;
  asked: string[] = [];
  private held: MessagePort[] = [];
  announce(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  postMessage(message: { type: string }, [port]: MessagePort[]) {
    this.asked.push(message.type);
    if (this.holding) this.held.push(port!);
    else this.answer(port!);
  }
  release() {
    this.holding = false;
    for (const port of this.held.splice(0)) this.answer(port);
  }
  private answer(port: MessagePort) {
    port.postMessage({ type: 'PRECACHE_STATUS', stored: this.stored, total: 5 });
  }
}

const status = () => document.querySelector<HTMLElement>('[data-offline-status]')!;

beforeEach(() => {
  document.body.innerHTML = '<main><p class="offline-line" hidden></p></main><footer><p data-offline-status></p></footer>';
});
afterEach(() => vi.useRealTimers());

/** Starts following a new worker's install; the worker, the two callbacks and the promise of the end. */
function follow(setUp: (w: FakeWorker) => void = () => {}) {
  const w = new FakeWorker();
  setUp(w);
  const onActive = vi.fn();
  const onFailed = vi.fn();
  return { w, onActive, onFailed, following: followInstall(w as unknown as ServiceWorker, onActive, onFailed) };
}

describe('followInstall', { timeout: 5_000 }, () => {
  it('counts the files saved, as the installing worker says, then hands over once it is active', async () => {
    const { w, onActive, following } = follow((w) => (w.stored = 3));
    await vi.waitFor(() => expect(status().textContent).toBe('Saving for offline: 3 of 5'));
    expect(w.asked[0]).toBe('PRECACHE_CHECK');
    expect(status().dataset.offlineStatus).toBe('saving');
    const line = document.querySelector<HTMLElement>('.offline-line')!;
    expect(line.hidden).toBe(false);
    expect(line.textContent).toBe('Saving the rules for offline use (60%): the pages you opened work offline already.');
    w.stored = 4;
    await vi.waitFor(() => expect(status().textContent).toBe('Saving for offline: 4 of 5'));
    w.stored = 5;
    w.announce('activated');
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('sees an install that ended while an answer was still on its way', async () => {
    const { w, onActive, following } = follow((w) => (w.holding = true));
    w.stored = 5;
    w.announce('installed');
    w.announce('activating');
    w.announce('activated'); // before the answer came
    expect(onActive).toHaveBeenCalledTimes(1);
    w.release();
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('sees an end no event told of, at its next look', async () => {
    const { w, onActive, following } = follow();
    await vi.waitFor(() => expect(status().textContent).toBe('Saving for offline: 0 of 5'));
    w.state = 'activated'; // no statechange heard
    await following;
    expect(onActive).toHaveBeenCalledTimes(1);
  });

  it('reports a failed install once', async () => {
    const { w, onActive, onFailed, following } = follow();
    w.announce('redundant');
    await following;
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onActive).not.toHaveBeenCalled();
  });
});
