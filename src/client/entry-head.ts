/**
 * A rule page's tools: share (the title link, the button and a QR code share the rule in the whole shown setup), pin it to the game
 * page, keep the screen on; and the visit goes on the "recently viewed" list.
 */
import { notSaved, onRestored, optionState, toast } from './rules';
import { PIN_LIMIT, WAKE_KEY, pushRecent, readPins, readSession, writePins, writeSession } from './storage';
import { shareLink, shareUrl } from './share';

/** This rule in the whole shown setup: every option that differs from the game's default (`shownQuery`). */
export function currentShareUrl(): string {
  return shareUrl(location.origin, location.pathname, optionState()?.shownQuery ?? '');
}

function setupShare() {
  const title = document.getElementById('entry-title-link') as HTMLAnchorElement | null;
  const update = () => title && (title.href = currentShareUrl());
  update();
  document.addEventListener('rules:options', update);
  const share = (e: Event) => {
    e.preventDefault();
    void shareLink(document.querySelector('h1')?.textContent?.trim() ?? document.title, currentShareUrl(), {
      share: navigator.share ? (d) => navigator.share(d) : undefined,
      copy: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
      prompt: (m, v) => void window.prompt(m, v),
      toast,
    });
  };
  title?.addEventListener('click', share);
  document.getElementById('share-button')?.addEventListener('click', share);
  // The rule's link as a QR code, for a friend across the table (the QR library loads only when it is opened).
  const dialog = document.getElementById('share-qr') as HTMLDialogElement | null;
  const target = dialog?.querySelector<HTMLElement>('[data-qr]');
  document.querySelector('[data-share-qr]')?.addEventListener('click', () => {
    if (!dialog || !target) return;
    const url = currentShareUrl();
    dialog.querySelector('[data-qr-link]')!.textContent = url;
    const label = `QR code of the link to ${document.querySelector('h1')?.textContent?.trim() ?? 'this rule'}`;
    void import('./qr').then(({ drawQr }) => drawQr(target, url, label)).then(() => !dialog.open && dialog.showModal());
  });
  dialog?.querySelector('[data-qr-close]')?.addEventListener('click', () => dialog.close());
}

function setupPin() {
  const button = document.querySelector<HTMLButtonElement>('[data-pin]');
  const game = document.body.dataset.game;
  if (!button || !game) return;
  const slug = button.dataset.pin!;
  const render = () => button.setAttribute('aria-pressed', String(readPins(game).includes(slug)));
  render();
  onRestored(render);
  button.addEventListener('click', () => togglePin(button, game, slug));
}

/**
 * Pins a rule to its game page, or unpins it, in the tap; the button says which (`aria-pressed`), a toast says what
 * happened (a pin past the limit, or one storage refuses, is said and not kept).
 */
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

/**
 * The keep-screen-on button: the Screen Wake Lock is held while the reader wants it (`rules:wake`, for this tab,
 * written in the tap) and taken again when the tab comes back; call once per page, where the API exists.
 */
export function startWakeLock(button: HTMLElement): void {
  let wanted = readSession(WAKE_KEY) === '1';
  let lock: WakeLockSentinel | undefined;
  const render = () => button.setAttribute('aria-pressed', String(wanted));
  const acquire = async () => {
    if (!wanted || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
    try {
      lock = await navigator.wakeLock.request('screen');
    } catch {
      wanted = false; // refused (battery saver, no permission): said, never silently off
      render();
      toast('The screen cannot be kept on: the browser refused (a battery saver or a permission).');
    }
  };
  button.addEventListener('click', () => {
    wanted = !wanted;
    writeSession(WAKE_KEY, wanted ? '1' : '0'); // refused: the choice lasts for this page
    render();
    if (wanted) void acquire().then(() => wanted && toast('The screen stays on while this tab is open'));
    else void lock?.release();
  });
  document.addEventListener('visibilitychange', () => void acquire());
  render();
  void acquire();
}

function recordVisit() {
  const game = document.querySelector('.breadcrumb a')?.textContent?.trim();
  const title = document.querySelector('h1')?.textContent?.trim();
  if (game && title) pushRecent({ url: location.pathname, title, game });
}

/** Starts a rule page's share, QR, pin and keep-awake buttons and records the visit; call once per rule page. */
export function startEntryHead(): void {
  setupShare();
  setupPin();
  const wake = document.querySelector<HTMLElement>('[data-wake-lock]');
  if (wake && 'wakeLock' in navigator) startWakeLock(wake);
  recordVisit();
  // Shown again (Back). A tab in the background redrawn for another tab's change was not visited.
  onRestored(() => document.visibilityState === 'visible' && recordVisit());
}
