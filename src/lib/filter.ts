/**
 * The filter boxes of long pages (the game's rules, the A-Z, the unclear rules): what a typed filter keeps. An item
 * is kept when its text holds every typed word (case-insensitive, anywhere in a word: "trav" keeps "Travel").
 * Pure: no DOM.
 */

/** The words of a filter box's text, lowercased; none for blank text. */
export const filterWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether an item's (lowercased) text holds every word; no words keep everything. */
export const matchesWords = (text: string, words: readonly string[]): boolean => words.every((w) => text.includes(w));
