/**
 * Runs in <head> (a blocking script file: src/integrations/head-script.ts), before the body is parsed: applies the
 * saved theme and text size and, on a game's pages, works out which play options to show (the reader's saved
 * settings, or a shared link's whole setup: its options over the game's defaults, never over the reader's own) and
 * writes the CSS that shows only the matching conditional text. No flash of the wrong variant; a corrupt saved value
 * is ignored.
 *
 * It carries only what must run before the first paint, so it blocks the page as briefly as it can. Page scripts
 * import the option and storage modules themselves (tree-shaken to what each uses); they reach this script's state
 * through `window.rulesState` and redraw the shown setup through `window.RulesHead.show` (see `src/client/rules.ts`).
 * Pages outside a game load a build of it without the option model (`head-site-entry.ts`).
 */
import {
  currentTokens,
  parseSettings,
  sameSettings,
  setupQuery,
  sharedOptionIds,
  shownSettings,
  visibilityCss,
  type OptionsGame,
  type Settings,
} from '../lib/options';
import { readSaved, savedSetupReset } from './saved-setup';
import { carryHref } from './shared-setup';
import { readPreferences } from './saved-prefs';
import { changesShownPage, OFFLINE_SAVING_KEY } from './storage';

/** The option state of a game's page (`window.rulesState`), worked out before the body renders. */
export interface HeadState {
  game: OptionsGame;
  /** The reader's own saved settings. */
  saved: Settings;
  /** Options given in the URL (valid ones only): a shared setup. */
  fromUrl: Settings;
  /** What the page shows: the URL's options over the defaults when it names any, else the saved settings. */
  shown: Settings;
  /**
   * The shown setup as a link's query (`setupQuery`: every option that differs from the game's default), for share
   * links and the links that carry a shared setup; written by `show`.
   */
  shownQuery: string;
  /**
   * What of the saved setup could not be read (`savedSetupReset`: `'all'`, or the names kept that are not valid
   * options), so a page script replaces it and says so; empty when all is well.
   */
  savedReset?: 'all' | string[];
}

declare global {
  interface Window {
    rulesState?: HeadState;
    /** The head script's API (`src/client/head-entry.ts`, `head-site-entry.ts`). */
    RulesHead?: HeadApi;
  }
}

/**
 * What the head script puts on `window.RulesHead`: `start` (the build appends the call), and on a game's pages `show`
 * and `carry`, which page scripts call through `showSetup` and `carriedHref` (`src/client/rules.ts`). Pages outside a
 * game get a head script without the option model (`head-site-entry.ts`), so neither.
 */
export interface HeadApi {
  start(game?: OptionsGame): void;
  show?: typeof show;
  /** `carryHref`, which the head script carries for its click listener: page scripts use this copy. */
  carry?: typeof carryHref;
}

/** Whether a shared link's options change what the reader would otherwise see. */
export function isShared(state: HeadState): boolean {
  return Object.keys(state.fromUrl).length > 0 && !sameSettings(state.game, state.shown, state.saved);
}

/**
 * The event page scripts hear after the page came back from the back/forward cache, or another tab changed what it
 * shows (the head state already re-read).
 */
export const RESTORED_EVENT = 'rules:restored';

/** What the page was started with: read again on `restore`. */
let started: { game?: OptionsGame; setup?: (game: OptionsGame) => void } | undefined;

/**
 * Applies the theme and text size and, given a game and `setup`, the game's shown setup. Run again when the page is
 * shown from the back/forward cache (`pageshow` with `persisted`), or when another tab changes what it shows (a
 * `storage` event, see `changesShownPage`): the setup, theme and text size are read again (the
 * state object is updated in place, so scripts holding it see the change), then `rules:restored` and `rules:options`
 * tell the page's scripts to redraw what they keep (pins, rulings, recent list, forms).
 */
function startPage(game?: OptionsGame, setup?: (game: OptionsGame) => void): void {
  const root = document.documentElement;
  const prefs = readPreferences();
  if (prefs.theme) root.dataset.theme = prefs.theme;
  else delete root.dataset.theme;
  if (prefs.textSize) root.dataset.textSize = prefs.textSize;
  else delete root.dataset.textSize;
  // Controls that need an API show only where it exists (set before the body renders: no layout shift).
  if ('wakeLock' in navigator) root.dataset.canWake = '';
  // The line that says how far the offline copy is, shown from the first paint where a save is under way (a first
  // visit: no worker yet; or a save not finished), so it never pushes the page down under a tap.
  try {
    if ('serviceWorker' in navigator && (!navigator.serviceWorker.controller || localStorage.getItem(OFFLINE_SAVING_KEY)))
      root.dataset.offlineSaving = '';
  } catch {
    /* storage blocked: the line shows when the page's script knows */
  }
  if (!started) {
    addEventListener('pageshow', (e) => void (e.persisted && restore()));
    // Another tab changed what this page shows (a setup, the theme, pins, rulings): shown here too, as after Back.
    addEventListener('storage', (e) => void (changesShownPage(e.key) && restore()));
  }
  started = { game, setup };
  if (game && setup) setup(game);
}

/**
 * A page back from the back/forward cache, or one whose setup, theme, pins or rulings another tab changed: read
 * everything again and tell the page's scripts.
 */
export function restore(): void {
  startPage(started?.game, started?.setup);
  document.dispatchEvent(new CustomEvent(RESTORED_EVENT));
  document.dispatchEvent(new CustomEvent('rules:options'));
}

/** Starts a page outside a game: the theme and text size only. */
export const startSite = (): void => startPage();

/**
 * Starts a page: the theme and text size; on a game's pages, the options CSS, the shared-setup flag, and the links
 * that carry a shared setup.
 */
export function start(game?: OptionsGame): void {
  if (game) carrySharedSetup();
  startPage(game, startSetup);
}

/**
 * While a shared setup is shown (`<html data-shared>`), a link into the game carries it when followed (`carryHref`):
 * heard from the first paint, before any page script has run, so no tap leaves with the reader's own setup by mistake.
 * The page script also rewrites the links in place (`setup-note.ts`), for long-press and new tabs.
 */
function carrySharedSetup(): void {
  document.addEventListener(
    'click',
    (e) => {
      const state = window.rulesState;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!state || !a || !document.documentElement.hasAttribute('data-shared')) return;
      const next = carryHref(a.getAttribute('href')!, location.origin, state.game.id, state.shownQuery);
      if (next !== undefined) a.setAttribute('href', next);
    },
    true,
  );
}

/** Works out the shown setup of a game's page (`window.rulesState`) and shows it. */
function startSetup(game: OptionsGame): void {
  const saved = readSaved(game);
  const fromUrl = parseSettings(game, new URLSearchParams(location.search));
  const savedReset = savedSetupReset(game, saved);
  const state: HeadState = { game, saved, fromUrl, shown: shownSettings(game, saved, fromUrl), shownQuery: '', savedReset };
  if (window.rulesState?.game.id === game.id) Object.assign(window.rulesState, state);
  else window.rulesState = state;
  show(window.rulesState);
}

/**
 * Shows `state.shown`: rewrites the visibility CSS, sets `<html data-shared>` while a shared setup is shown and
 * `state.shownQuery`.
 */
export function show(state: HeadState): void {
  const root = document.documentElement;
  state.shownQuery = setupQuery(state.game, state.shown);
  const shared = isShared(state);
  root.toggleAttribute('data-shared', shared);
  const style = document.getElementById('when-css');
  // <style id="when-css" data-any> on pages that list entries by data-any (the "my setup" page).
  if (style)
    style.textContent = visibilityCss(currentTokens(state.game, state.shown), {
      any: style.hasAttribute('data-any'),
      shared: shared ? sharedOptionIds(state.game, state.shown, state.saved, state.fromUrl) : [],
    });
}
