/** The table's rulings on unclear notes of each game (`rules:rulings:<game>`), validated on read (see storage.ts). */
import { isRecord, readJson, rulingsKey, slugLike, writeJson } from './storage';

/** A table's ruling on one unclear note: one of the note's readings, or its own words. */
export interface Ruling {
  text: string;
  /** Index of the reading chosen, when the ruling is one of the note's readings. */
  reading?: number;
}

/** The table's rulings of a game by note key (`<slug>#<id>`); malformed ones dropped. */
export function readRulings(gameId: string): Record<string, Ruling> {
  return cleanRulings(readJson(rulingsKey(gameId)));
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
  return writeJson(rulingsKey(gameId), rulings);
}
