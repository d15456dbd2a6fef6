/**
 * The shared-setup note's buttons (loaded by `setup-note.ts` on the first tap): "Use this setup" saves the whole
 * shared setup as the reader's own; "Show my own" drops it from the address and shows the reader's own setup. Either
 * way the links stop carrying the shared setup, and the page's scripts hear of the change (`rules:options`).
 */
import type { HeadState } from './head';
import { announceOptions, notSaved, showSetup, toast } from './rules';
import { writeSaved } from './saved-setup';
import { rewriteLinks } from './setup-note';

/** Saves the shown (shared) setup as the reader's own for this game. */
export function adoptSetup(state: HeadState): void {
  // Storage blocked or full: said, and the shared setup stays shown and carried (nothing claims it was saved).
  if (!writeSaved(state.game, state.shown)) {
    toast(notSaved('Not saved', 'This setup still applies to the rules you open from here.'));
    return;
  }
  state.saved = { ...state.shown };
  showSetup(state);
  rewriteLinks(state.game.id, '');
  announceOptions();
  toast('Setup saved for this game');
}

/** Shows the reader's own setup: the shared options leave the address, and the links. */
export function showOwnSetup(state: HeadState): void {
  history.replaceState(history.state, '', location.pathname + location.hash);
  state.fromUrl = {};
  state.shown = { ...state.saved };
  showSetup(state);
  rewriteLinks(state.game.id, '');
  announceOptions();
}
