/**
 * A rule page's tools: share (the title link, the button and a QR code share the rule in the whole shown setup), pin
 * it to the game page, keep the screen on; and the visit goes on the "recently viewed" list. This part runs with the
 * page: the links, the buttons' states and sharing itself (the share sheet wants the tap's own moment). What the other
 * buttons do is `entry-tools.ts`, loaded on the first tap.
 */
import { onRestored, optionState, toast } from './rules';
import { pushRecent, readPins, readSession } from './storage';
import { shareLink, shareUrl } from './share';

/** This rule in the whole shown setup: every option that differs from the game's default (`shownQuery`). */
export function currentShareUrl(): string {
  return shareUrl(location.origin, location.pathname, optionState()?.shownQuery ?? '');
}

const tools = () => import('./entry-tools');

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
  const dialog = document.getElementById('share-qr') as HTMLDialogElement | null;
  document.querySelector('[data-share-qr]')?.addEventListener('click', () => void (dialog && tools().then((t) => t.showQr(dialog))));
}

function setupPin() {
  const button = document.querySelector<HTMLButtonElement>('[data-pin]');
  const game = document.body.dataset.game;
  if (!button || !game) return;
  const slug = button.dataset.pin!;
  const render = () => button.setAttribute('aria-pressed', String(readPins(game).includes(slug)));
  render();
  onRestored(render);
  button.addEventListener('click', () => void tools().then((t) => t.togglePin(button, game, slug)));
}

/** The keep-screen-on button: its state now; the wake lock itself (`entry-tools.ts`) on a tap, or at once if asked for earlier in this tab. */
function setupWakeLock() {
  const button = document.querySelector<HTMLButtonElement>('[data-wake-lock]');
  if (!button || !('wakeLock' in navigator)) return;
  const wanted = readSession('rules:wake') === '1';
  button.setAttribute('aria-pressed', String(wanted));
  const start = () => tools().then((t) => t.startWakeLock(button));
  button.addEventListener('click', () => void start().then((w) => w.toggle()));
  if (wanted) void start();
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
  setupWakeLock();
  recordVisit();
  onRestored(recordVisit);
}
