/**
 * The shared-setup note, on every page of a game. While a shared setup is shown (`<html data-shared>`), links into
 * the game carry the whole shared setup: the head script adds it to any link when followed, from the first paint
 * (links added later too: search results, lists drawn by scripts); here they are rewritten in place as well, so
 * long-press and new tabs keep it. After a restore from the back/forward cache (`rules:restored`) the links are worked
 * out again.
 * The note's buttons: "Use this setup" saves the whole shared setup as the reader's own; "Show my own" drops it from
 * the address and shows the reader's own setup; either way the links stop carrying it.
 */
import { announceOptions, carriedHref, notSaved, onRestored, optionState, showSetup, toast } from './rules';
import { writeSaved } from './storage';

const original = new WeakMap<HTMLAnchorElement, string>();

/** Adds the shared options to every link into the game (or restores the links when `query` is empty). */
function rewriteLinks(game: string, query: string): void {
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    if (a.id === 'entry-title-link' || a.closest('[data-keep-href]')) continue;
    if (!query) {
      const before = original.get(a);
      if (before !== undefined) a.setAttribute('href', before);
      continue;
    }
    const next = carriedHref(a.getAttribute('href')!, location.origin, game, query);
    if (next === undefined) continue;
    if (!original.has(a)) original.set(a, a.getAttribute('href')!);
    a.setAttribute('href', next);
  }
}

/**
 * A saved setup that could not be read (all of it, or some options) is replaced by what was read of it (the defaults
 * for the rest), and a one-line notice says what was reset. Where storage refuses the write, the notice says so.
 */
function replaceCorruptSetup(state: NonNullable<ReturnType<typeof optionState>>): void {
  const reset = state.savedReset;
  if (!reset || !reset.length) return;
  state.savedReset = [];
  const what =
    reset === 'all'
      ? 'Your saved setup could not be read: it was reset to the game’s defaults.'
      : `Part of your saved setup could not be read (${reset.map((id) => id.slice(0, 40)).join(', ')}): reset to the game’s defaults.`;
  toast(writeSaved(state.game, state.saved) ? what : `${what} ${notSaved('It could not be replaced')}`);
}

/** Starts the note's buttons and the links that carry a shared setup; call once on a game's page. */
export function startSetupNote(): void {
  const state = optionState();
  if (!state) return;
  const root = document.documentElement;
  const current = () => optionState() ?? state;
  const query = () => (root.hasAttribute('data-shared') ? current().shownQuery : '');
  rewriteLinks(state.game.id, query());
  replaceCorruptSetup(state);
  onRestored(() => {
    rewriteLinks(state.game.id, '');
    rewriteLinks(state.game.id, query());
  });
  document.getElementById('setup-adopt')?.addEventListener('click', () => {
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
  });
  document.getElementById('setup-mine')?.addEventListener('click', () => {
    history.replaceState(history.state, '', location.pathname + location.hash);
    state.fromUrl = {};
    state.shown = { ...state.saved };
    showSetup(state);
    rewriteLinks(state.game.id, '');
    announceOptions();
  });
}
