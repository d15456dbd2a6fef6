/**
 * The all-games search: several games' searchers (rank.ts) asked together, their results merged into one list.
 */
import { SEARCH } from './config';
import type { Searcher } from './rank';
import type { SharedStat } from './score';
import type { SearchOptions, SearchResult, SearchSetup } from './types';

/** A game's setup among the setups a search was given (own keys only: a game id read from a URL may be any text). */
const ownSetup = (setups: Readonly<Record<string, SearchSetup>> | undefined, game: string): SearchSetup | undefined =>
  setups && Object.hasOwn(setups, game) ? setups[game] : undefined;

/**
 * What SearchSet.search may be told: a search's options, with the reader's setup of each game (by game id) and, for
 * an all-games search, the game being played (`current`: the game whose pages were opened last).
 */
export type SetSearchOptions = Omit<SearchOptions, 'setup'> & { setups?: Readonly<Record<string, SearchSetup>>; current?: string };

/**
 * Several games' searchers as one: a game-scoped search asks that game's index only; an unscoped one asks every
 * loaded index and merges the results: first the entries the whole query names word for word (their title, an
 * alias, a term or a phrasing: "coins" names Now or Never's Coins and the Gold of Forge War and Pencilvillage), then
 * the rest, each part by score (each index scores against its own game's word frequencies). A game's own name for
 * the thing beats another game's passing mentions of the word.
 */
export class SearchSet {
  constructor(readonly searchers: ReadonlyMap<string, Searcher>) {}

  /** Ranked results for a query: within `options.game`, else over every game, merged (see the class). */
  search(query: string, options: SetSearchOptions = {}): SearchResult[] {
    const limit = options.limit ?? SEARCH.limit;
    const { setups, current, ...rest } = options;
    if (options.game) {
      return this.searchers.get(options.game)?.search(query, { ...rest, limit, setup: ownSetup(setups, options.game) }) ?? [];
    }
    // Answers (the sentence to show) are found for the merged list only, not for every game's own top results.
    // Each query word weighs what its best match in any game weighs (one idf scale): a game without the word loses
    // its share of coverage instead of ignoring the word.
    const shared: SharedStat[] = [];
    for (const searcher of this.searchers.values())
      searcher.wordStats(query, true).forEach(({ weight, bestFactor }, i) => {
        const s = shared[i];
        const better = !s || bestFactor > s.bestFactor || (bestFactor === s.bestFactor && weight > s.weight);
        if (better) shared[i] = { weight, bestFactor };
      });
    const merged = inPlayFirst(
      [...this.searchers].flatMap(([game, s]) =>
        s.search(query, { ...rest, limit, allGames: true, answers: false, shared, setup: ownSetup(setups, game) }),
      ),
      current,
    ).slice(0, limit);
    // The game in play keeps the order of its own search: the all-games list says where its entries stand among
    // the other games', its own search says which of its entries stands first.
    const playing = current !== undefined ? this.searchers.get(current) : undefined;
    const list = playing
      ? inPlayOrder(merged, playing.search(query, { ...rest, limit, answers: false, setup: ownSetup(setups, current!) }))
      : merged;
    return list.map((r, rank) => {
      if (rank >= SEARCH.answers) return r;
      const scoped = r.game === current;
      const answer = this.searchers.get(r.game)?.answerFor(r, query, { ...(scoped ? {} : { shared }), setup: ownSetup(setups, r.game) });
      return answer ? { ...r, answer } : r;
    });
  }

  /** The body text of a result as its page shows it for the reader's setup of its game, for snippets. */
  bodyOf(url: string, setups?: Readonly<Record<string, SearchSetup>>): string {
    const game = url.split('/')[1] ?? '';
    return this.searchers.get(game)?.bodyOf(url, ownSetup(setups, game)) ?? '';
  }
}

/**
 * Results of several games in one order: first the entries the whole query names, then the rest, each part by
 * score. With a game in play (`current`), its entries weigh `SEARCH.currentGameFactor` times their score, and an
 * entry of another game that the query names goes first only when the game in play has no entry the query names:
 * where the words fit several games, the game being played comes first.
 */
export function inPlayFirst(results: readonly SearchResult[], current?: string): SearchResult[] {
  const weight = (r: SearchResult) => (r.game === current ? r.score * SEARCH.currentGameFactor : r.score);
  // Another game's named entry goes first only when the game in play names none and has no entry that weighs more.
  const inPlay = results.filter((r) => r.game === current);
  const inPlayNamed = inPlay.some((r) => r.named);
  const inPlayBest = Math.max(0, ...inPlay.map(weight));
  const named = (r: SearchResult) => !!r.named && (r.game === current || (!inPlayNamed && r.score >= inPlayBest));
  return [...results].sort((a, b) => Number(named(b)) - Number(named(a)) || weight(b) - weight(a) || a.title.localeCompare(b.title));
}

/**
 * An all-games list (`merged`, see inPlayFirst) with the game in play's entries, where they stand, put in the order
 * of that game's own search (`own`): with the game in play, the all-games search is as right as the game's search.
 */
export function inPlayOrder(merged: readonly SearchResult[], own: readonly SearchResult[]): SearchResult[] {
  const game = own[0]?.game;
  const next = own[Symbol.iterator]();
  return merged.map((r) => (r.game === game ? (next.next().value ?? r) : r));
}
