/**
 * The game's options with their wording, for pages that describe a setup in words: printed into the page as JSON by
 * `src/components/OptionWords.astro` (the head script's copy of the options has no labels).
 */
import type { OptionsGame, WordedGame } from '../lib/options';

/** The id of the JSON element `OptionWords.astro` prints. */
export const OPTION_WORDS_ID = 'option-words';

/**
 * The worded options of `game` from the page's JSON; undefined when the page has none, or none for this game, or
 * they do not parse (the caller then says less, never something wrong).
 */
export function wordedGame(game: OptionsGame): WordedGame | undefined {
  try {
    const data = JSON.parse(document.getElementById(OPTION_WORDS_ID)?.textContent ?? 'null') as WordedGame | null;
    return data?.id === game.id && Array.isArray(data.options) ? data : undefined;
  } catch {
    return undefined;
  }
}
