/**
 * What page scripts share: the head script's option state (`window.rulesState`, worked out before the first paint by
 * src/client/head.ts, a file <head> loads blocking), redrawing the shown setup through it, the page's toast and the
 * "not saved" message. Only types are imported from the head script: its code is not bundled a second time.
 */
import type { HeadState } from './head';
import { notSavedMessage, storageProblem } from './storage';

/** The current game's option state (saved, from the URL, shown); undefined outside a game's pages. */
export const optionState = (): HeadState | undefined => window.rulesState;

/** Shows `state.shown` on the page: the options CSS and the shared-setup flag, by the head script's `show`. */
export const showSetup = (state: HeadState): void => window.RulesHead?.show?.(state);

/**
 * The href a link gets while a shared setup shows (`carryHref` in `shared-setup.ts`, by the head script's copy, which
 * its click listener uses from the first paint); undefined when the link is not changed.
 */
export const carriedHref = (href: string, origin: string, game: string, query: string): string | undefined =>
  window.RulesHead?.carry?.(href, origin, game, query);

/** Tells the page's scripts that the shown options changed. */
export const announceOptions = (): void => void document.dispatchEvent(new CustomEvent('rules:options'));

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a short message at the bottom of the screen. */
export function toast(message: string): void {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = message;
  el.classList.add('show');
  // Long enough to read: a storage message is a sentence or two.
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), Math.max(2500, message.length * 60));
}

/**
 * What to tell the player when a change could not be stored: the browser's reason in plain words
 * (`storage.notSavedMessage`), opened with `start` ("Not pinned"), and what still works, if anything.
 */
export function notSaved(start = 'Not saved', still = ''): string {
  return `${notSavedMessage(storageProblem(), start)}${still ? ` ${still}` : ''}`;
}

/** Runs `redraw` whenever the page is shown again from the back/forward cache (after the head state is re-read). */
export const onRestored = (redraw: () => void): void => document.addEventListener('rules:restored', () => redraw());
