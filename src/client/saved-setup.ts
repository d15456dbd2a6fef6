/**
 * The reader's saved play options of each game (`rules:options:<game>`), read and validated against the game's
 * options (see storage.ts for how values are kept; writing them, which needs no option logic, is `writeSaved` there).
 */
import { parseSettings, type OptionsGame, type Settings } from '../lib/options';
import { isRecord, isText, readJson, readRaw, setupKey, slugLike } from './storage';

/** The reader's saved settings for a game (valid values only). */
export function readSaved(game: OptionsGame): Settings {
  return parseSettings(game, readJson(setupKey(game.id)));
}

/**
 * What of a game's saved setup could not be read and falls back to the defaults: `'all'` when the stored value is not
 * a setup at all, else the names kept under it that are not options of the game or hold no valid value (empty when
 * all is well or nothing is stored). `saved` is what `readSaved` made of it.
 */
export function savedSetupReset(game: OptionsGame, saved: Settings): 'all' | string[] {
  const data = readJson(setupKey(game.id));
  if (data === undefined) return readRaw(setupKey(game.id)) === null ? [] : 'all'; // stored, but not JSON
  if (!isRecord(data)) return 'all';
  return Object.keys(data).filter((id) => !Object.hasOwn(saved, id));
}

/**
 * The reader's saved play options for a game as plain values (option id → on/off, a value or a list of values),
 * for pages that do not carry the game's option definitions (the search ranks the rules of the reader's setup
 * first). Anything else in the stored value is dropped; a corrupt value is no setup.
 */
export function readSavedSetup(gameId: string): Record<string, boolean | string | string[]> {
  const data = readJson(setupKey(gameId));
  const out: Record<string, boolean | string | string[]> = Object.create(null) as Record<string, boolean | string | string[]>;
  if (!isRecord(data)) return out;
  for (const [id, v] of Object.entries(data)) {
    if (!slugLike.test(id)) continue;
    if (typeof v === 'boolean' || isText(v, 100)) out[id] = v;
    else if (Array.isArray(v) && v.length <= 100 && v.every((x) => isText(x, 100))) out[id] = v;
  }
  return out;
}
