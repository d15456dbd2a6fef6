/**
 * One search index per game (/search/<game>.json), built at build time (see src/lib/search/). Search is scoped to
 * the current game, so a reader loads only that game's index; "all games" loads the four. Each index also carries
 * word counts over every game's entries, so that all-games results compare across indexes.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames, getEntries, entryKey } from '../../data/site';
import { buildSearchIndexes, searchDoc, type SearchIndex } from '../../lib/search/build-index';

export const getStaticPaths = (async () => (await getGames()).map((game) => ({ params: { game: game.id }, props: { game } }))) satisfies GetStaticPaths;

let all: Promise<Map<string, SearchIndex>> | undefined;
const indexes = () =>
  (all ??= (async () => {
    const docs = [];
    for (const game of await getGames()) docs.push(...(await getEntries(game)).map((e) => searchDoc(game, entryKey(e).slug, e.data, e.body ?? '')));
    return buildSearchIndexes(docs);
  })());

export const GET: APIRoute = async ({ props }) => {
  const { game } = props as { game: Awaited<ReturnType<typeof getGames>>[number] };
  return new Response(JSON.stringify((await indexes()).get(game.id)), { headers: { 'Content-Type': 'application/json' } });
};
