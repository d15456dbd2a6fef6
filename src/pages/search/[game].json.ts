/**
 * One search index per game (/search/<game>.json), built at build time (see src/lib/search/): what ranks, without
 * the entries' text, which /search/text/<game>.json carries. Search is scoped to the current game, so a reader
 * loads only that game's two files; "all games" loads the four. Each index also carries word counts over every
 * game's entries, so that all-games results compare across indexes.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames } from '../../data/site';
import { searchIndexFiles } from '../../data/search-index';

export const getStaticPaths = (async () => (await getGames()).map((game) => ({ params: { game: game.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(JSON.stringify((await searchIndexFiles()).get(params.game!)!.rank), { headers: { 'Content-Type': 'application/json' } });
