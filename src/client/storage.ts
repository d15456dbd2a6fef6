/**
 * What the app keeps in localStorage, each under its own key, validated on read: a corrupt, stale or foreign value
 * is ignored (treated as empty), never an error, and never overwrites the reader's other data. This module holds the
 * reading and writing, the reasons a write fails, and what every page uses; the rest is kept beside it, one module
 * per page that uses it (so a rule page does not load the others' code):
 *
 *   rules:recent            recently viewed entries       here
 *   rules:pins:<game>       pinned entries                here
 *   rules:prefs             theme and text size           saved-prefs.ts
 *   rules:options:<game>    saved play options            saved-setup.ts (written here: writeSaved)
 *   rules:rulings:<game>    the table's rulings           saved-rulings.ts
 *   rules:guide:<game>      ticked setup-guide steps      saved-progress.ts
 *   rules:round:<game>      the play-along page's round   saved-progress.ts
 *   rules:end:<game>        the round an end trigger was met  saved-progress.ts
 *   rules:offline-saving    the offline copy is not whole  service-worker.ts (read by head.ts)
 *   rules:wake              keep the screen on (this tab)  entry-head.ts (sessionStorage)
 *
 * A ruling's key among a game's rulings is `<slug>#<id>` (`noteKey`).
 */

import type { OptionsGame, Settings } from '../lib/options';
import {
  OFFLINE_SAVING_KEY,
  endKey,
  PREFS_KEY,
  RECENT_KEY,
  WAKE_KEY,
  guideKey,
  noteKey,
  pinsKey,
  roundKey,
  rulingsKey,
  setupKey,
  slugLike,
} from '../lib/storage-keys';

// The key of each thing the app keeps (the modules that read and write them are listed above) and of a ruling among
// a game's rulings: one home, `src/lib/storage-keys.ts` (pure, so the build names notes as the browser does).

export { OFFLINE_SAVING_KEY, PREFS_KEY, WAKE_KEY, endKey, guideKey, noteKey, roundKey, rulingsKey, setupKey, slugLike };

/**
 * Whether a change to `key` made in another tab changes what a page shows: the display settings, a game's setup, its
 * pins, rulings or setup-guide ticks (`null`: storage was cleared). Not the recent list: a page records its visit when
 * it is shown again, and two tabs would then answer each other's visits for ever.
 */
export const changesShownPage = (key: string | null): boolean =>
  key === null || key === PREFS_KEY || [setupKey(''), pinsKey(''), rulingsKey(''), guideKey('')].some((start) => key.startsWith(start));

/** The JSON value stored under `key`; undefined when there is none, it is not JSON or storage is blocked. */
export function readJson(key: string): unknown {
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
export function writeJson(key: string, value: unknown): boolean {
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

/** The text stored under `key` as it is (null when there is none or storage is blocked), for `restoreRaw`. */
export function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Puts back what `readRaw` gave: the same text, or no value at all (null). True only when storage now holds exactly
 * that; a failure records why (storageProblem).
 */
export function restoreRaw(key: string, raw: string | null): boolean {
  try {
    if (raw === null) localStorage.removeItem(key);
    else localStorage.setItem(key, raw);
    if (localStorage.getItem(key) === raw) return true;
    lastProblem = 'blocked';
  } catch (e) {
    lastProblem = isQuotaError(e) ? 'full' : 'blocked';
  }
  return false;
}

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

/** Whether a stored value is a plain object (not null, not a list). */
export const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
/** Whether a stored value is text of 1 to `max` characters. */
export const isText = (x: unknown, max = 500): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;
const entryPath = /^\/[a-z0-9-]+\/[a-z0-9-]+\/$/;

/** A rule page on the "recently viewed" list. */
export interface RecentItem {
  url: string;
  title: string;
  /** The game's title, as the page's breadcrumb shows it. */
  game: string;
}

/** How many recently viewed entries are kept (the oldest gives way). */
export const RECENT_LIMIT = 8;
/** How many entries of a game can be pinned. */
export const PIN_LIMIT = 50;

/** Recently viewed entries, newest first (malformed items dropped). */
export function readRecent(): RecentItem[] {
  const data = readJson(RECENT_KEY);
  if (!Array.isArray(data)) return [];
  return data
    .filter((x): x is RecentItem => isRecord(x) && isText(x.url) && entryPath.test(x.url) && isText(x.title) && isText(x.game))
    .slice(0, RECENT_LIMIT);
}

/**
 * The game being played: the game (its id, the first segment of the address) of the rule page opened last, the head
 * of the recently viewed list; the all-games search ranks it first where the words fit several games.
 */
export const playingGame = (): string | undefined => readRecent()[0]?.url.split('/')[1];

/** Puts an entry at the top of the recently viewed list; false when it could not be stored. */
export function pushRecent(item: RecentItem): boolean {
  return writeJson(RECENT_KEY, [item, ...readRecent().filter((x) => x.url !== item.url)].slice(0, RECENT_LIMIT));
}

/** Slugs of the pinned entries of a game, in pinning order. */
export function readPins(gameId: string): string[] {
  const data = readJson(pinsKey(gameId));
  return Array.isArray(data) ? [...new Set(data.filter((s): s is string => isText(s, 100) && slugLike.test(s)))].slice(0, PIN_LIMIT) : [];
}

/** Saves the pinned entries of a game (at most PIN_LIMIT: callers say the limit); false when not stored. */
export function writePins(gameId: string, slugs: readonly string[]): boolean {
  return writeJson(pinsKey(gameId), slugs);
}

/**
 * Saves the play options of a game; false when they could not be stored (see storageProblem). Here, not in
 * saved-setup.ts: a tap that saves a setup (the shared-setup note) needs no option logic, and the page script every
 * page runs takes this module whole.
 */
export function writeSaved(game: Pick<OptionsGame, 'id'>, settings: Settings): boolean {
  return writeJson(setupKey(game.id), settings);
}
