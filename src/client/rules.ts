/**
 * Page scripts reach the option logic and storage through the head script (`window.RulesHead`), which every page
 * already runs (a file <head> loads blocking: src/integrations/head-script.ts): one copy of that code per page, not two.
 * Only types are imported here.
 */
import type { HeadState } from './head';

type HeadApi = typeof import('./head');

/** The head script's API; undefined only if the head script did not run. */
export const api = (): HeadApi | undefined => window.RulesHead;

/** The current game's option state (saved, from the URL, shown); undefined outside a game's pages. */
export const optionState = (): HeadState | undefined => window.rulesState;

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
export function notSaved(head: HeadApi, start = 'Not saved', still = ''): string {
  return `${head.notSavedMessage(head.storageProblem(), start)}${still ? ` ${still}` : ''}`;
}

/** Runs `redraw` whenever the page is shown again from the back/forward cache (after the head state is re-read). */
export const onRestored = (redraw: () => void): void => document.addEventListener('rules:restored', () => redraw());
