/**
 * Everything the app keeps in localStorage, each under its own key, validated on read: a corrupt, stale or
 * foreign value is ignored (treated as empty), never an error, and never overwrites the reader's other data.
 *
 *   rules:options:<game>    saved play options            rules:recent          recently viewed entries
 *   rules:prefs             theme and text size           rules:pins:<game>     pinned entries
 *   rules:rulings:<game>    the table's rulings           rules:guide:<game>    ticked setup-guide steps
 *   rules:round:<game>      the play-along page's current round
 */
import { parseSettings, type OptionsGame, type Settings } from '../lib/options';
import { parseRound } from '../lib/play-along';

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or blocked: the value lasts for this page only
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
const isText = (x: unknown, max = 500): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;
const entryPath = /^\/[a-z0-9-]+\/[a-z0-9-]+\/$/;
const slugLike = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The reader's saved settings for a game (valid values only). */
export function readSaved(game: OptionsGame): Settings {
  return parseSettings(game, readJson(`rules:options:${game.id}`));
}

/**
 * The reader's saved play options for a game as plain values (option id → on/off, a value or a list of values),
 * for pages that do not carry the game's option definitions (the search ranks the rules of the reader's setup
 * first). Anything else in the stored value is dropped; a corrupt value is no setup.
 */
export function readSavedSetup(gameId: string): Record<string, boolean | string | string[]> {
  const data = readJson(`rules:options:${gameId}`);
  const out: Record<string, boolean | string | string[]> = {};
  if (!isRecord(data)) return out;
  for (const [id, v] of Object.entries(data)) {
    if (!slugLike.test(id)) continue;
    if (typeof v === 'boolean' || isText(v, 100)) out[id] = v;
    else if (Array.isArray(v) && v.length <= 100 && v.every((x) => isText(x, 100))) out[id] = v;
  }
  return out;
}

/** Saves the settings for a game. */
export function writeSaved(game: OptionsGame, settings: Settings): void {
  writeJson(`rules:options:${game.id}`, settings);
}

export interface RecentItem {
  url: string;
  title: string;
  game: string;
}

const RECENT = 'rules:recent';

/** Recently viewed entries, newest first (malformed items dropped). */
export function readRecent(): RecentItem[] {
  const data = readJson(RECENT);
  if (!Array.isArray(data)) return [];
  return data
    .filter((x): x is RecentItem => isRecord(x) && isText(x.url) && entryPath.test(x.url) && isText(x.title) && isText(x.game))
    .slice(0, 8);
}

/** Puts an entry at the top of the recently viewed list. */
export function pushRecent(item: RecentItem): void {
  writeJson(RECENT, [item, ...readRecent().filter((x) => x.url !== item.url)].slice(0, 8));
}

export interface Preferences {
  theme?: 'light' | 'dark';
  textSize?: 'small' | 'large' | 'larger';
}

/** Theme and text size (anything else is dropped). */
export function readPreferences(): Preferences {
  const data = readJson('rules:prefs');
  const out: Preferences = {};
  if (!isRecord(data)) {
    // The first release kept only the theme, under `theme`.
    let legacy: string | null = null;
    try {
      legacy = localStorage.getItem('theme'); // stored as plain text, not JSON
    } catch {
      /* storage blocked */
    }
    if (legacy === 'light' || legacy === 'dark') out.theme = legacy;
    return out;
  }
  if (data.theme === 'light' || data.theme === 'dark') out.theme = data.theme;
  if (data.textSize === 'small' || data.textSize === 'large' || data.textSize === 'larger') out.textSize = data.textSize;
  return out;
}

/** Saves theme and text size (an undefined field returns to the default). */
export function writePreferences(prefs: Preferences): void {
  writeJson('rules:prefs', prefs);
}

/** Slugs of the pinned entries of a game, in pinning order. */
export function readPins(gameId: string): string[] {
  const data = readJson(`rules:pins:${gameId}`);
  return Array.isArray(data) ? [...new Set(data.filter((s): s is string => isText(s, 100) && slugLike.test(s)))].slice(0, 50) : [];
}

/** Saves the pinned entries of a game. */
export function writePins(gameId: string, slugs: readonly string[]): void {
  writeJson(`rules:pins:${gameId}`, slugs);
}

/** A table's ruling on one unclear note: one of the note's readings, or its own words. */
export interface Ruling {
  text: string;
  /** Index of the reading chosen, when the ruling is one of the note's readings. */
  reading?: number;
}

/** The table's rulings of a game by note key (`<slug>#<id>`); malformed ones dropped. */
export function readRulings(gameId: string): Record<string, Ruling> {
  return cleanRulings(readJson(`rules:rulings:${gameId}`));
}

/** Keeps only well-formed rulings (`<slug>#<id>` keys, text of 1 to 300 characters). */
export function cleanRulings(data: unknown): Record<string, Ruling> {
  const out: Record<string, Ruling> = {};
  if (!isRecord(data)) return out;
  for (const [key, value] of Object.entries(data)) {
    const [slug, id, extra] = key.split('#');
    if (extra !== undefined || !slug || !id || !slugLike.test(slug) || !slugLike.test(id) || !isRecord(value)) continue;
    const text = typeof value.text === 'string' ? value.text.trim() : '';
    if (!text || text.length > 300) continue;
    out[key] = Number.isInteger(value.reading) && (value.reading as number) >= 0 ? { text, reading: value.reading as number } : { text };
  }
  return out;
}

/** Saves the table's rulings of a game. */
export function writeRulings(gameId: string, rulings: Record<string, Ruling>): void {
  writeJson(`rules:rulings:${gameId}`, rulings);
}

/** The ticked steps of a game's setup guide (step ids). */
export function readTicks(gameId: string): Set<string> {
  const data = readJson(`rules:guide:${gameId}`);
  return new Set(Array.isArray(data) ? data.filter((s): s is string => isText(s, 120) && /^[a-z0-9-]+$/.test(s)) : []);
}

/** Saves the ticked steps of a game's setup guide. */
export function writeTicks(gameId: string, ticks: ReadonlySet<string>): void {
  writeJson(`rules:guide:${gameId}`, [...ticks]);
}

/** The current round of a game on its play-along page; undefined when none is kept (or the kept value is not a round). */
export function readRound(gameId: string): number | undefined {
  return parseRound(readJson(`rules:round:${gameId}`));
}

/** Keeps the current round of a game; false where storage is blocked or full (the round then lasts for this page). */
export function writeRound(gameId: string, round: number): boolean {
  return writeJson(`rules:round:${gameId}`, round);
}

/** Forgets the current round of a game (a new game); false where storage is blocked. */
export function clearRound(gameId: string): boolean {
  try {
    localStorage.removeItem(`rules:round:${gameId}`);
    return true;
  } catch {
    return false;
  }
}
