/**
 * Runs inline in <head>, before the body is parsed: applies the saved theme and, on a game's pages, works out
 * which play options to show (saved settings, overridden by options in the URL) and writes the CSS that shows
 * only the matching conditional text. No flash of the wrong variant; a corrupt saved value is ignored.
 */
import { currentTokens, parseSettings, sameSettings, visibilityCss, type OptionsGame, type Settings } from '../lib/options';
import { readSaved } from './storage';

export interface HeadState {
  game: OptionsGame;
  /** The reader's own saved settings. */
  saved: Settings;
  /** Options given in the URL (valid ones only). */
  fromUrl: Settings;
  /** What the page shows: saved, overridden by the URL. */
  shown: Settings;
}

declare global {
  interface Window {
    rulesState?: HeadState;
  }
}

/** Applies the theme; on game pages, the options CSS. */
export function start(game?: OptionsGame): void {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  } catch {
    /* storage may be blocked */
  }
  if (!game) return;
  const saved = readSaved(game);
  const fromUrl = parseSettings(game, new URLSearchParams(location.search));
  const shown = { ...saved, ...fromUrl };
  window.rulesState = { game, saved, fromUrl, shown };
  // A shared link whose options differ from the reader's own: CSS shows the server-rendered note.
  if (Object.keys(fromUrl).length > 0 && !sameSettings(game, shown, saved)) root.dataset.shared = '';
  applyOptionsCss(game, shown);
}

/** Rewrites the visibility CSS for these settings. */
export function applyOptionsCss(game: OptionsGame, settings: Settings): void {
  const style = document.getElementById('when-css');
  // <style id="when-css" data-any> on pages that list entries by data-any (the "my setup" page).
  if (style) style.textContent = visibilityCss(currentTokens(game, settings), style.hasAttribute('data-any'));
}
