/**
 * One search index per game (/search/<game>.json), built at build time (see src/lib/search/). Search is scoped to
 * the current game, so a reader loads only that game's index; "all games" loads the four.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames, getEntries, entryKey } from '../../data/site';
import { buildSearchIndex, searchDoc } from '../../lib/search/build-index';

export const getStaticPaths = (async () => (await getGames()).map((game) => ({ params: { game: game.id }, props: { game } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { game } = props as { game: Awaited<ReturnType<typeof getGames>>[number] };
  const docs = (await getEntries(game)).map((e) => searchDoc(game, entryKey(e).slug, e.data, e.body ?? ''));
  return new Response(JSON.stringify(buildSearchIndex(docs)), { headers: { 'Content-Type': 'application/json' } });
};
