/**
 * Search over the prebuilt game indexes, the one entry its users import:
 * - rank.ts: one game's Searcher (matching query words, then the ranking's stages:
 *   score.ts, weigh.ts (the setup's choices), answer.ts, shape.ts);
 * - merge.ts: SearchSet, every game's searchers as one (a scoped search, or all games merged into one list, the game
 *   being played first);
 * - answer.ts: the sentence that answers a query, and the query's number-noun pairs;
 * - setup-text.ts: the text a reader's setup shows (snippets and answers come from it);
 * - snippet.ts: what a result shows under its title (the first: its answer card);
 * - types.ts: the shapes a search takes and gives.
 */
export { Searcher, inSetup } from './rank';
export { SearchSet } from './merge';
export { asksForNumber, numberPairs } from './answer';
export { leadSnippet, resultSnippet, type SnippetPart } from './snippet';
export type { SearchResult, SearchSetup } from './types';
