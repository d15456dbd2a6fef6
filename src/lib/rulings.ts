/**
 * A table's ruling on an unclear note, and how one is checked wherever it comes from (storage, a rulings link, a table
 * link): a well-formed note key (`<slug>#<id>`, `storage-keys.ts`), text of 1 to `RULING_MAX` characters once hidden
 * characters are removed (`clean-text.ts`), and the reading's number when the ruling is one of the note's readings.
 * Pure: no DOM.
 */
import { cleanText } from './clean-text';
import { isNoteKey } from './storage-keys';

/** A table's ruling on one unclear note: one of the note's readings, or its own words. */
export interface Ruling {
  text: string;
  /** Index of the reading chosen, when the ruling is one of the note's readings. */
  reading?: number;
}

/** The longest ruling kept, in characters (the forms' `maxlength`). */
export const RULING_MAX = 300;

/** A ruling made of any value (`{ text, reading? }`), its text cleaned; undefined when it holds no usable ruling. */
export function cleanRuling(value: unknown): Ruling | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { text: raw, reading } = value as { text?: unknown; reading?: unknown };
  const text = typeof raw === 'string' ? cleanText(raw) : '';
  if (!text || text.length > RULING_MAX) return undefined;
  return Number.isInteger(reading) && (reading as number) >= 0 ? { text, reading: reading as number } : { text };
}

/** A set of rulings read from anywhere: the well-formed ones by key, and how many others there were. */
export interface SortedRulings {
  /** Well-formed rulings by note key (a null-prototype object: no key reads `Object.prototype`). */
  rulings: Record<string, Ruling>;
  /** How many entries were not rulings (a malformed key, blank or over-long text, not an object). */
  bad: number;
  /** Whether `data` was not a set of rulings at all (not a plain object). */
  unreadable: boolean;
}

/** Sorts any value (parsed JSON of storage or a link) into well-formed rulings and the count of the rest. */
export function sortRulings(data: unknown): SortedRulings {
  const rulings = Object.create(null) as Record<string, Ruling>;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { rulings, bad: 0, unreadable: true };
  let bad = 0;
  for (const [key, value] of Object.entries(data)) {
    const ruling = isNoteKey(key) ? cleanRuling(value) : undefined;
    if (ruling) rulings[key] = ruling;
    else bad++;
  }
  return { rulings, bad, unreadable: false };
}
