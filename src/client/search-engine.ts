/**
 * The search engine of the browser, without any DOM: holds the games' searchers (src/lib/search/query.ts, used
 * unchanged) and answers searches with what a result list shows (title, game, snippet parts). It runs in a Web
 * Worker (search-worker.ts), so that parsing an index, building its searcher and searching never block the page;
 * where the worker cannot start, search-client.ts runs this same module on the page instead (same code, same results).
 */
import {
  Searcher,
  SearchSet,
  leadSnippet,
  resultSnippet,
  type SearchResult,
  type SearchSetup,
  type SnippetPart,
} from '../lib/search/query';
import { closestEntries } from '../lib/search/closest';
import { checkText, rankIndex, type RankIndex, type SearchText } from '../lib/search/index-files';

/** A result as a list shows it: built from text only (the page writes it as text, never as HTML). */
export interface ShownResult {
  url: string;
  title: string;
  /** The game's id. */
  game: string;
  gameTitle: string;
  parts: SnippetPart[];
  /** The game's text (summaries, bodies) is not in yet: no snippet so far (`parts` empty). */
  pending?: boolean;
}

/** A search: `games` are the indexes to search (those loaded so far), `scope` the game a scoped search asks. */
export interface SearchRequest {
  query: string;
  games: readonly string[];
  scope?: string;
  limit?: number;
  /** The reader's saved play options per game: the rules of their setup rank first (SearchSet `setups`). */
  setups?: Readonly<Record<string, SearchSetup>>;
  /** The game being played: an all-games search ranks it first where the words fit several games (SearchSet). */
  current?: string;
}

/** A game's index file, as fetched: `rank` (/search/<game>.json) or `text` (/search/text/<game>.json). */
export type IndexFile = 'rank' | 'text';

/** Page → engine. A game's `text` comes after its `rank`. */
export type EngineRequest =
  | { type: 'index'; game: string; file: IndexFile; data: ArrayBuffer | string }
  | { type: 'search'; id: number; request: SearchRequest }
  | { type: 'closest'; id: number; path: string; games: readonly string[]; allGames: readonly string[] };
/** Engine → page. */
export type EngineReply =
  | { type: 'ready'; game: string; file: IndexFile }
  | { type: 'failed'; game: string; file: IndexFile; message: string }
  | { type: 'results'; id: number; results: ShownResult[] }
  | { type: 'error'; id: number; message: string };

const searchers = new Map<string, Searcher>();
/** Each game's ranking half as parsed (its text is checked against it), and the games whose text is in. */
const ranks = new Map<string, RankIndex>();
const texts = new Set<string>();

/** Prepares the typo matchers for common word lengths once the first results are out, one length per task. */
function warmUp(searcher: Searcher, lengths = [4, 5, 6, 7, 8, 9, 10, 11, 12]): void {
  const next = lengths.shift();
  if (next === undefined) return;
  setTimeout(() => {
    searcher.prepareFuzzy(next);
    warmUp(searcher, lengths);
  }, 20);
}

const parse = <T>(data: ArrayBuffer | string): T => JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data)) as T;

/** Adds a game's index from its ranking file: it searches at once, its results without snippets until addText. */
export function addIndex(game: string, data: ArrayBuffer | string): void {
  if (searchers.has(game)) return;
  const rank = parse<RankIndex>(data);
  const searcher = new Searcher(rankIndex(rank));
  ranks.set(game, rank);
  searchers.set(game, searcher);
  setTimeout(() => warmUp(searcher), 1500);
}

/** Adds a game's text file to its index (added first). Throws on a malformed text or one of another build. */
export function addText(game: string, data: ArrayBuffer | string): void {
  if (texts.has(game)) return;
  const rank = ranks.get(game);
  if (!rank) throw new Error(`no index of ${game} for its text`);
  const text = parse<SearchText>(data);
  checkText(rank, text);
  searchers.get(game)!.addText(text.summaries, text.bodies, text);
  texts.add(game);
}

/** Whether this game's index is loaded (its ranking file; the text may still be on its way). */
export const hasIndex = (game: string) => searchers.has(game);

/** The searchers of these games (every one must be loaded). */
export function searchSet(games: readonly string[]): SearchSet {
  return new SearchSet(new Map(games.map((g) => [g, searchers.get(g)!] as const).filter(([, s]) => s)));
}

/** Results as the list shows them: snippets from the text each page shows for the reader's setup (`setups`), the
 * first result's its answer card (leadSnippet). */
const shown = (s: SearchSet, results: readonly SearchResult[], setups?: SearchRequest['setups']): ShownResult[] =>
  results.map((r, i) => {
    const base = { url: r.url, title: r.title, game: r.game, gameTitle: r.gameTitle };
    const card = i === 0 ? leadSnippet : resultSnippet;
    return texts.has(r.game) ? { ...base, parts: card(r, () => s.bodyOf(r.url, setups)) } : { ...base, parts: [], pending: true };
  });

/** Ranked results of a query over these games' indexes, as the list shows them. */
export function search({ query, games, scope, limit, setups, current }: SearchRequest): ShownResult[] {
  const s = searchSet(games);
  return shown(
    s,
    s.search(query, { game: scope, ...(limit ? { limit } : {}), ...(setups ? { setups } : {}), ...(current ? { current } : {}) }),
  );
}

/** The 404 page's closest entries to a mistyped address. */
export function closest(path: string, games: readonly string[], allGames: readonly string[]): ShownResult[] {
  const s = searchSet(games);
  return shown(s, closestEntries(s, path, allGames));
}

/** Answers one request (the worker's message handler, and the page's fallback). */
export function handle(message: EngineRequest): EngineReply {
  switch (message.type) {
    case 'index':
      try {
        if (message.file === 'rank') addIndex(message.game, message.data);
        else addText(message.game, message.data);
        return { type: 'ready', game: message.game, file: message.file };
      } catch (e) {
        return { type: 'failed', game: message.game, file: message.file, message: String((e as Error)?.message ?? e) };
      }
    case 'search':
      try {
        return { type: 'results', id: message.id, results: search(message.request) };
      } catch (e) {
        return { type: 'error', id: message.id, message: String((e as Error)?.message ?? e) };
      }
    case 'closest':
      try {
        return { type: 'results', id: message.id, results: closest(message.path, message.games, message.allGames) };
      } catch (e) {
        return { type: 'error', id: message.id, message: String((e as Error)?.message ?? e) };
      }
  }
}

/**
 * For `npm run bench`: a game's (or every game's) searchers, loaded on the page (bench.mjs imports the built chunk).
 * @public
 */
export async function loadSearcher(
  game?: string,
  all: readonly string[] = (document.body.dataset.games ?? '').split(',').filter(Boolean),
): Promise<SearchSet> {
  const ids = game && all.includes(game) ? [game] : all;
  const bytes = (url: string) => fetch(url).then((r) => r.arrayBuffer());
  for (const id of ids) {
    if (!hasIndex(id)) addIndex(id, await bytes(`/search/${id}.json`));
    if (!texts.has(id)) addText(id, await bytes(`/search/text/${id}.json`));
  }
  return searchSet(ids);
}
