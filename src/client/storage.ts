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

/** Why this device could not store something: the browser blocks storage for the site, or its storage is full. */
export type StorageProblem = 'blocked' | 'full';

let lastProblem: StorageProblem | undefined;

/**
 * Stores a value and reads it back: true only when what is stored now is this value. A failure records why
 * (storageProblem) and leaves the reader's other data as it was.
 */
function writeJson(key: string, value: unknown): boolean {
  const text = JSON.stringify(value);
  try {
    localStorage.setItem(key, text);
    if (localStorage.getItem(key) === text) return true;
    lastProblem = 'blocked'; // accepted but not kept
  } catch (e) {
    lastProblem = isQuotaError(e) ? 'full' : 'blocked';
  }
  return false;
}

const isQuotaError = (e: unknown): boolean =>
  e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/** Why the last write that failed did (undefined while every write has worked). */
export function storageProblem(): StorageProblem | undefined {
  return lastProblem;
}

/**
 * Whether this device can store anything now: a small write is tried and removed. Returns the problem, or
 * undefined when storage works.
 */
export function checkStorage(): StorageProblem | undefined {
  const key = 'rules:check';
  if (!writeJson(key, 1)) return lastProblem;
  try {
    localStorage.removeItem(key);
  } catch {
    /* written just now: removing cannot be refused in practice */
  }
  return undefined;
}

/**
 * The reason a change was not kept, in plain words for the player: "Not saved: this browser's storage for this
 * site is full." The caller adds what still works.
 */
export function notSavedMessage(problem: StorageProblem | undefined = lastProblem, start = 'Not saved'): string {
  return problem === 'full'
    ? `${start}: this browser's storage for this site is full.`
    : `${start}: this browser does not let this site store anything (a privacy setting or private browsing).`;
}

/** A value kept for this tab only (sessionStorage), or null when there is none or the browser blocks it. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value for this tab only; false when the browser refuses it (the value then lasts for this page). */
export function writeSession(key: string, value: string): boolean {
  try {
    sessionStorage.setItem(key, value);
    return true;
  } catch {
    return false;
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
  const out: Record<string, boolean | string | string[]> = Object.create(null) as Record<string, boolean | string | string[]>;
  if (!isRecord(data)) return out;
  for (const [id, v] of Object.entries(data)) {
    if (!slugLike.test(id)) continue;
    if (typeof v === 'boolean' || isText(v, 100)) out[id] = v;
    else if (Array.isArray(v) && v.length <= 100 && v.every((x) => isText(x, 100))) out[id] = v;
  }
  return out;
}

/** Saves the settings for a game; false when they could not be stored (see storageProblem). */
export function writeSaved(game: OptionsGame, settings: Settings): boolean {
  return writeJson(`rules:options:${game.id}`, settings);
}

/** A rule page on the "recently viewed" list. */
export interface RecentItem {
  url: string;
  title: string;
  game: string;
}

const RECENT = 'rules:recent';
/** How many recently viewed entries are kept (the oldest gives way). */
export const RECENT_LIMIT = 8;
/** How many entries of a game can be pinned. */
export const PIN_LIMIT = 50;

/** Recently viewed entries, newest first (malformed items dropped). */
export function readRecent(): RecentItem[] {
  const data = readJson(RECENT);
  if (!Array.isArray(data)) return [];
  return data
    .filter((x): x is RecentItem => isRecord(x) && isText(x.url) && entryPath.test(x.url) && isText(x.title) && isText(x.game))
    .slice(0, RECENT_LIMIT);
}

/** Puts an entry at the top of the recently viewed list; false when it could not be stored. */
export function pushRecent(item: RecentItem): boolean {
  return writeJson(RECENT, [item, ...readRecent().filter((x) => x.url !== item.url)].slice(0, RECENT_LIMIT));
}

/** The reader's display settings (unset: the system's theme, normal text). */
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

/** Saves theme and text size (an undefined field returns to the default); false when they could not be stored. */
export function writePreferences(prefs: Preferences): boolean {
  return writeJson('rules:prefs', prefs);
}

/** Slugs of the pinned entries of a game, in pinning order. */
export function readPins(gameId: string): string[] {
  const data = readJson(`rules:pins:${gameId}`);
  return Array.isArray(data) ? [...new Set(data.filter((s): s is string => isText(s, 100) && slugLike.test(s)))].slice(0, PIN_LIMIT) : [];
}

/** Saves the pinned entries of a game (at most PIN_LIMIT: callers say the limit); false when not stored. */
export function writePins(gameId: string, slugs: readonly string[]): boolean {
  return writeJson(`rules:pins:${gameId}`, slugs);
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
  // Null prototype: a note key is looked up in it (rulings[key]), and no key may read Object.prototype.
  const out: Record<string, Ruling> = Object.create(null) as Record<string, Ruling>;
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

/** Saves the table's rulings of a game; false when they could not be stored. */
export function writeRulings(gameId: string, rulings: Record<string, Ruling>): boolean {
  return writeJson(`rules:rulings:${gameId}`, rulings);
}

/** The ticked steps of a game's setup guide (step ids). */
export function readTicks(gameId: string): Set<string> {
  const data = readJson(`rules:guide:${gameId}`);
  return new Set(Array.isArray(data) ? data.filter((s): s is string => isText(s, 120) && /^[a-z0-9-]+$/.test(s)) : []);
}

/** Saves the ticked steps of a game's setup guide; false when they could not be stored. */
export function writeTicks(gameId: string, ticks: ReadonlySet<string>): boolean {
  return writeJson(`rules:guide:${gameId}`, [...ticks]);
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
