/**
 * The shapes a search takes and gives: a reader's setup, the options of a search, what a query word stands for in
 * an index, and a result. Shared by ranking (rank.ts), the all-games merge (merge.ts) and snippets (snippet.ts).
 */

/** A reader's play options for one game, as saved (option id → value); anything unknown simply matches nothing. */
export type SearchSetup = Readonly<Record<string, unknown>>;

/** What a search may be told besides its query. */
export interface SearchOptions {
  /** Only this game's entries. */
  game?: string;
  limit?: number;
  /** Say why each result scored as it did (SearchResult & { why }). */
  explain?: boolean;
  /** The reader's play options, for one game's searcher; SearchSet takes them per game (`setups`). */
  setup?: SearchSetup;
}

/** What one query word stands for in an index: its candidates and their factors, its weight, its best factor. */
export interface WordStat {
  word: string;
  found: { term: number; factor: number }[];
  light: number;
  weight: number;
  bestFactor: number;
}

/** One ranked entry: where it is, what it is called, its score and the words that matched. */
export interface SearchResult {
  url: string;
  title: string;
  game: string;
  gameTitle: string;
  summary: string;
  score: number;
  /** Stems that matched, for highlighting. */
  matched: string[];
  /** The sentence of the entry that holds most of the query (and a number, when the query asks one). */
  answer?: string;
  /** The whole query is this entry's title, an alias, a term or a phrasing, word for word. */
  named?: boolean;
}
