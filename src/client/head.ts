/**
 * Runs inline in <head>, before the body is parsed: applies the saved theme and text size and, on a game's pages,
 * works out which play options to show (the reader's saved settings, or a shared link's options over them) and
 * writes the CSS that shows only the matching conditional text. No flash of the wrong variant; a corrupt saved
 * value is ignored.
 *
 * It is the only copy of the option logic in the browser: page scripts use it through `window.RulesHead`
 * (see `src/client/rules.ts`) instead of bundling the option module a second time.
 */
import { currentTokens, parseSettings, sameSettings, visibilityCss, type OptionsGame, type Settings } from '../lib/options';
import { readPreferences, readSaved } from './storage';

export { defaultSettings, describeSettings, isActive, parseSettings, sameSettings, serializeSettings, settingsFromForm } from '../lib/options';
export * from './storage';

export interface HeadState {
  game: OptionsGame;
  /** The reader's own saved settings. */
  saved: Settings;
  /** Options given in the URL (valid ones only): a shared setup. */
  fromUrl: Settings;
  /** What the page shows: saved, overridden by the URL. */
  shown: Settings;
}

declare global {
  interface Window {
    rulesState?: HeadState;
    RulesHead?: typeof import('./head');
  }
}

/** Whether a shared link's options change what the reader would otherwise see. */
export function isShared(state: HeadState): boolean {
  return Object.keys(state.fromUrl).length > 0 && !sameSettings(state.game, state.shown, state.saved);
}

/** Applies the theme and text size; on game pages, the options CSS and the shared-setup flag. */
export function start(game?: OptionsGame): void {
  const root = document.documentElement;
  const prefs = readPreferences();
  if (prefs.theme) root.dataset.theme = prefs.theme;
  if (prefs.textSize) root.dataset.textSize = prefs.textSize;
  // Controls that need an API show only where it exists (set before the body renders: no layout shift).
  if ('wakeLock' in navigator) root.dataset.canWake = '';
  if (!game) return;
  const saved = readSaved(game);
  const fromUrl = parseSettings(game, new URLSearchParams(location.search));
  const state: HeadState = { game, saved, fromUrl, shown: { ...saved, ...fromUrl } };
  window.rulesState = state;
  show(state);
}

/** Shows `state.shown`: rewrites the visibility CSS and sets `<html data-shared>` while a shared setup is shown. */
export function show(state: HeadState): void {
  const root = document.documentElement;
  const shared = isShared(state);
  root.toggleAttribute('data-shared', shared);
  const style = document.getElementById('when-css');
  // <style id="when-css" data-any> on pages that list entries by data-any (the "my setup" page).
  if (style)
    style.textContent = visibilityCss(currentTokens(state.game, state.shown), {
      any: style.hasAttribute('data-any'),
      shared: shared ? Object.keys(state.fromUrl) : [],
    });
}
