/**
 * The one search configuration, used by the index build and by the browser: field weights, fuzzy matching
 * options, result limits. Change ranking here.
 */

/** Weight of a word found in each field of an entry. */
export const FIELD_WEIGHTS = {
  title: 12,
  alias: 8,
  term: 8,
  summary: 3,
  heading: 3,
  body: 1,
} as const;
export type Field = keyof typeof FIELD_WEIGHTS;

/** Options of the Fuse.js index over the vocabulary (one record per distinct word). */
export const FUSE_OPTIONS = {
  includeScore: true,
  threshold: 0.34,
  ignoreLocation: true,
  minMatchCharLength: 2,
  shouldSort: true,
} as const;

export const SEARCH = {
  /** Words shorter than this are matched exactly or as a prefix, never fuzzily. */
  minFuzzyLength: 4,
  /** Fuzzy candidates kept per query word. */
  fuzzyCandidates: 4,
  /** Prefix completions kept for the word being typed. */
  prefixCandidates: 12,
  /** Multiplier of a prefix match, and of a fuzzy match at score 0. */
  prefixFactor: 0.7,
  fuzzyFactor: 0.75,
  /** Extra score when the whole query equals, or is contained in, a title or alias. */
  phraseExact: 40,
  phraseContained: 10,
  /** Results returned. */
  limit: 20,
} as const;
