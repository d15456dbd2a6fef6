/**
 * The engines `npm run bench:search` compares: the app's search, built with the build's own code, and the
 * alternatives of bench/engines.ts, each over the same entries; what each ships per game, and its search scoped to a
 * game or over all games.
 */
import { loadCatalogue, type Catalogue } from '../../src/integrations/catalogue';
import { buildSearchIndexes, searchDoc, type SearchDoc, type SearchIndex } from '../../src/lib/search/build-index';
import { Searcher, SearchSet } from '../../src/lib/search/query';
import { ensureBenchDeps } from '../bench-deps.mjs';

/** A loaded engine: query → `game/slug` ids, best first (bench/engines.ts; its packages live in bench/node_modules). */
type Engine = (query: string) => string[];

/** An alternative to the app's search (bench/engines.ts). */
export interface Alternative {
  name: string;
  description: string;
  serialize: (docs: SearchDoc[]) => string;
  load: (data: string) => Engine;
}

/** The alternatives of bench/engines.ts, bench/'s packages installed first. */
export async function loadAlternatives(): Promise<Alternative[]> {
  ensureBenchDeps();
  // A path in a variable: the app's type check (bench/ excluded) does not follow it into MiniSearch's types.
  const enginesModule = '../../bench/engines';
  return ((await import(enginesModule)) as { ALTERNATIVES: Alternative[] }).ALTERNATIVES;
}

/** The content, and its entries as the app's index sees them, per game and all together. */
export interface Corpus {
  cat: Catalogue;
  docsByGame: Map<string, SearchDoc[]>;
  allDocs: SearchDoc[];
}

export function loadCorpus(): Corpus {
  const cat = loadCatalogue();
  const docsByGame = new Map<string, SearchDoc[]>();
  for (const game of cat.games) {
    docsByGame.set(
      game.id,
      cat.entries.filter((e) => e.game === game.id).map((e) => searchDoc(game, e.slug, e.data, e.body)),
    );
  }
  return { cat, docsByGame, allDocs: [...docsByGame.values()].flat() };
}

/** The app's search: each game's serialised index (what a reader downloads), its searcher, and all games together. */
export interface AppSearch {
  shards: Map<string, string>;
  searchers: Map<string, Searcher>;
  all: SearchSet;
}

/**
 * The app's index, built here with the build's own code (identical to dist/search/<game>.json for the same content),
 * so that tuning the search config needs no site rebuild.
 */
export function appSearch({ cat, allDocs }: Corpus): AppSearch {
  const built = buildSearchIndexes(allDocs, cat.games);
  const shards = new Map(cat.games.map((g) => [g.id, JSON.stringify(built.get(g.id)!)]));
  const searchers = new Map(cat.games.map((g) => [g.id, new Searcher(JSON.parse(shards.get(g.id)!) as SearchIndex)]));
  return { shards, searchers, all: new SearchSet(searchers) };
}

/** The engines measured, each with its serialised index per game: engine name → game id → what a reader downloads. */
export type Shipped = Map<string, Map<string, string>>;

/** Serialised indexes per engine and game, for the engines in `only` (all when absent). */
export function shippedIndexes(corpus: Corpus, app: AppSearch, alternatives: Alternative[], only?: string[]): Shipped {
  const shipped: Shipped = new Map();
  if (!only || only.includes('app')) shipped.set('app', app.shards);
  for (const alt of alternatives.filter((a) => !only || only.includes(a.name)))
    shipped.set(alt.name, new Map(corpus.cat.games.map((g) => [g.id, alt.serialize(corpus.docsByGame.get(g.id)!)])));
  return shipped;
}

/** A result URL as a `game/slug` id. */
const resultId = (url: string) => url.split('/').filter(Boolean).join('/');

/** What the engines are built from. */
export interface EngineSources {
  corpus: Corpus;
  app: AppSearch;
  alternatives: Alternative[];
  shipped: Shipped;
}

/** An engine's search scoped to one game (as the app scopes it from a game's pages): `game/slug` ids, best first. */
export function scopedEngine(name: string, { corpus, app, alternatives, shipped }: EngineSources): (q: string, game: string) => string[] {
  if (name === 'app') return (q, game) => app.all.search(q, { game, limit: 10 }).map((r) => resultId(r.url));
  const alt = alternatives.find((a) => a.name === name)!;
  const engines = new Map(corpus.cat.games.map((g) => [g.id, alt.load(shipped.get(name)!.get(g.id)!)]));
  return (q, game) => engines.get(game)!(q);
}

/**
 * An engine's search over every game (the home page's box): `game/slug` ids, best first. `game`: the game being
 * played (the lookup's own), which the app ranks first where the words fit several games; the others ignore it.
 */
export function unscopedEngine(name: string, { corpus, app, alternatives }: EngineSources): (q: string, game?: string) => string[] {
  if (name === 'app') return (q, game) => app.all.search(q, { limit: 10, ...(game ? { current: game } : {}) }).map((r) => resultId(r.url));
  const alt = alternatives.find((a) => a.name === name)!;
  const engine = alt.load(alt.serialize(corpus.allDocs));
  return (q) => engine(q);
}
