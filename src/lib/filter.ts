/**
 * The filter boxes of long pages (the game's rules, the A-Z, the unclear rules): what a typed filter keeps. An item
 * is kept when its text holds every typed word (case-insensitive, anywhere in a word: "trav" keeps "Travel"). A
 * forgiving filter (the A-Z) falls back, when no item holds every word as typed, to the items that come close:
 * each word within a slip or two of the start of one of their words ("convrsion" keeps Conversion).
 * Pure: no DOM.
 */
import { slipsToStart } from './edit-distance';

/** The words of a filter box's text, lowercased; none for blank text. */
export const filterWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether an item's (lowercased) text holds every word; no words keep everything. */
export const matchesWords = (text: string, words: readonly string[]): boolean => words.every((w) => text.includes(w));

/** How many slips a typed word may hold and still come close, by its length: none up to 3 letters, 1 up to 7, 2 from 8. */
export const slipsAllowed = (word: string): number => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/** The words of a (lowercased) text: its runs of letters and digits. */
const wordsOf = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether a (lowercased) text holds `word` as typed, or one of its words starts within the word's slips of it. */
export function comesClose(text: string, word: string): boolean {
  if (text.includes(word)) return true;
  const max = slipsAllowed(word);
  return max > 0 && wordsOf(text).some((t) => slipsToStart(word, t, max) <= max);
}

/** What a filter keeps: a flag per item, and whether these are close matches (no item held every word as typed). */
export interface Kept {
  keep: boolean[];
  close: boolean;
}

/**
 * Which of these (lowercased) item texts a filter of `query` keeps: those holding every typed word; when none does and
 * the filter is `forgiving`, those that come close to every word (see comesClose). A blank query keeps everything.
 */
export function filterItems(texts: readonly string[], query: string, forgiving = false): Kept {
  const words = filterWords(query);
  const keep = texts.map((t) => matchesWords(t, words));
  if (!forgiving || keep.some(Boolean)) return { keep, close: false };
  const near = texts.map((t) => words.every((w) => comesClose(t, w)));
  return { keep: near, close: near.some(Boolean) };
}
