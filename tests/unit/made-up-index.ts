/**
 * Small made-up search indexes for the ranking and merge tests, built by hand (no content, no build code): each doc's
 * words with their weights, so that every score can be worked out.
 */
import type { SearchIndex } from '../../src/lib/search/build-index';

export interface Doc {
  title: string;
  /** Index word → its weight in this doc. */
  words: Record<string, number>;
  phrases?: string[];
  summary?: string;
  body?: string;
  game?: number;
  slug?: string;
}

/** A hand-made index: the sorted vocabulary of the docs' words, their postings and document frequencies. */
export function makeIndex(docs: Doc[], extra: Partial<SearchIndex> = {}): SearchIndex {
  const vocab = [...new Set(docs.flatMap((d) => Object.keys(d.words)))].sort();
  const postings = vocab.map((w) => docs.flatMap((d, i) => (w in d.words ? [i, d.words[w]!] : [])));
  const games = extra.games ?? [['g', 'G']];
  return {
    version: 2,
    games,
    docs: docs.map((d, i): [string, string, number, string, string] => [
      `/${games[d.game ?? 0]![0]}/${d.slug ?? `d${i}`}/`,
      d.title,
      d.game ?? 0,
      d.summary ?? `${d.title}.`,
      d.body ?? '',
    ]),
    vocab,
    postings,
    df: postings.map((p) => p.length / 2),
    phrases: docs.map((d) => d.phrases ?? [d.title.toLowerCase()]),
    typos: [],
    forms: {},
    wordnet: [],
    ...extra,
  };
}

/** Vocabulary indices of words (for an index's typos, wordnet, forms). */
export const ids = (docs: Doc[], ...words: string[]) => {
  const vocab = [...new Set(docs.flatMap((d) => Object.keys(d.words)))].sort();
  return words.map((w) => vocab.indexOf(w));
};
