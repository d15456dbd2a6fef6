/** The entries' plain text of one game's search index (/search/text/<game>.json): for snippets and answers. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames } from '../../../data/site';
import { searchIndexFiles } from '../../../data/search-index';

export const getStaticPaths = (async () => (await getGames()).map((game) => ({ params: { game: game.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(JSON.stringify((await searchIndexFiles()).get(params.game!)!.text), { headers: { 'Content-Type': 'application/json' } });
