/** The table's rulings on unclear notes of each game (`rules:rulings:<game>`), validated on read (see storage.ts). */
import { sortRulings, type Ruling } from '../lib/rulings';
import { readJson, rulingsKey, writeJson } from './storage';

export type { Ruling } from '../lib/rulings';

/** The table's rulings of a game by note key (`<slug>#<id>`); malformed ones dropped, hidden characters removed. */
export function readRulings(gameId: string): Record<string, Ruling> {
  return cleanRulings(readJson(rulingsKey(gameId)));
}

/** Keeps only well-formed rulings (`<slug>#<id>` keys, text of 1 to 300 characters once cleaned: `sortRulings`). */
export const cleanRulings = (data: unknown): Record<string, Ruling> => sortRulings(data).rulings;

/** Saves the table's rulings of a game; false when they could not be stored. */
export function writeRulings(gameId: string, rulings: Record<string, Ruling>): boolean {
  return writeJson(rulingsKey(gameId), rulings);
}
