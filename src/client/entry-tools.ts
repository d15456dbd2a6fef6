/**
 * What a tap on a rule page's tools does (loaded by `entry-head.ts` on the first one, or at load to keep the screen
 * on when the reader asked for it earlier in this tab): pin the rule to its game page, show the rule's link as a QR
 * code, keep the screen on.
 */
import { currentShareUrl } from './entry-head';
import { notSaved, toast } from './rules';
import { PIN_LIMIT, readPins, readSession, writePins, writeSession } from './storage';

/** Pins this rule to its game page, or unpins it; the button says which (`aria-pressed`), a toast says what happened. */
export function togglePin(button: HTMLElement, game: string, slug: string): void {
  const pins = readPins(game);
  const pinned = pins.includes(slug);
  // A pin past the limit is refused and said, never stored and then dropped on the next read.
  if (!pinned && pins.length >= PIN_LIMIT) {
    toast(`Not pinned: ${PIN_LIMIT} rules are pinned, the most kept per game. Unpin one on the game page first.`);
    return;
  }
  const stored = writePins(game, pinned ? pins.filter((s) => s !== slug) : [...pins, slug]);
  button.setAttribute('aria-pressed', String(readPins(game).includes(slug)));
  if (stored) toast(pinned ? 'Unpinned' : 'Pinned to the game page');
  else toast(notSaved(pinned ? 'Not unpinned' : 'Not pinned'));
}

/** Opens the dialog with this rule's link as a QR code, for a friend across the table (the QR library loads then). */
export function showQr(dialog: HTMLDialogElement): void {
  const target = dialog.querySelector<HTMLElement>('[data-qr]');
  if (!target) return;
  const url = currentShareUrl();
  dialog.querySelector('[data-qr-link]')!.textContent = url;
  dialog.querySelector('[data-qr-close]')?.addEventListener('click', () => dialog.close(), { once: true });
  const label = `QR code of the link to ${document.querySelector('h1')?.textContent?.trim() ?? 'this rule'}`;
  void import('./qr').then(({ drawQr }) => drawQr(target, url, label)).then(() => !dialog.open && dialog.showModal());
}

/** The keep-screen-on control once started: `toggle` is a tap on its button. */
interface WakeControl {
  toggle(): void;
}

let wake: WakeControl | undefined;

/**
 * Keeps the screen on (Screen Wake Lock API) while the reader wants it (`rules:wake` in this tab's session storage),
 * taken again when the tab comes back; started once per page.
 */
export function startWakeLock(button: HTMLElement): WakeControl {
  if (wake) return wake;
  let wanted = readSession('rules:wake') === '1';
  let lock: WakeLockSentinel | undefined;
  const render = () => button.setAttribute('aria-pressed', String(wanted));
  const acquire = async () => {
    if (!wanted || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
    try {
      lock = await navigator.wakeLock.request('screen');
    } catch {
      wanted = false; // refused (battery saver, no permission)
      render();
    }
  };
  document.addEventListener('visibilitychange', () => void acquire());
  render();
  void acquire();
  wake = {
    toggle() {
      wanted = !wanted;
      writeSession('rules:wake', wanted ? '1' : '0'); // refused: the choice lasts for this page
      render();
      if (wanted) void acquire().then(() => wanted && toast('The screen stays on while this tab is open'));
      else void lock?.release();
    },
  };
  return wake;
}
