/**
 * Where a table is in a game: the ticked steps of its setup guide (`rules:guide:<game>`) and the play-along page's
 * current round (`rules:round:<game>`) and, in a game that ends on a trigger, the round it was met in
 * (`rules:end:<game>`), validated on read (see storage.ts).
 */
import { parseRound } from '../lib/play-along';
import { endKey, guideKey, isText, readJson, roundKey, writeJson } from './storage';

/** The ticked steps of a game's setup guide (step ids). */
export function readTicks(gameId: string): Set<string> {
  const data = readJson(guideKey(gameId));
  return new Set(Array.isArray(data) ? data.filter((s): s is string => isText(s, 120) && /^[a-z0-9-]+$/.test(s)) : []);
}

/** Saves the ticked steps of a game's setup guide; false when they could not be stored. */
export function writeTicks(gameId: string, ticks: ReadonlySet<string>): boolean {
  return writeJson(guideKey(gameId), [...ticks]);
}

/** The current round of a game on its play-along page; undefined when none is kept (or the kept value is not a round). */
export function readRound(gameId: string): number | undefined {
  return parseRound(readJson(roundKey(gameId)));
}

/** Whether a round is kept for a game that is not a round (corrupt or from elsewhere): the page then starts at 1 and says so. */
export function roundUnreadable(gameId: string): boolean {
  const data = readJson(roundKey(gameId));
  return data !== undefined && parseRound(data) === undefined;
}

/** Keeps the current round of a game; false where storage is blocked or full (the round then lasts for this page). */
export function writeRound(gameId: string, round: number): boolean {
  return writeJson(roundKey(gameId), round);
}

/** The round in which an end trigger was met; undefined while none was marked. */
export function readEndRound(gameId: string): number | undefined {
  return parseRound(readJson(endKey(gameId)));
}

/** Keeps the round an end trigger was met in (undefined: none was); false where storage is blocked or full. */
export function writeEndRound(gameId: string, round: number | undefined): boolean {
  if (round !== undefined) return writeJson(endKey(gameId), round);
  return remove(endKey(gameId));
}

const remove = (key: string): boolean => {
  try {
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
};

/** Forgets the current round of a game and any end trigger marked (a new game); false where storage is blocked. */
export function clearRound(gameId: string): boolean {
  const a = remove(roundKey(gameId));
  return remove(endKey(gameId)) && a;
}
