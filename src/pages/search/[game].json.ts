/**
 * One search index per game (/search/<game>.json), built at build time (see src/lib/search/). Search is scoped to
 * the current game, so a reader loads only that game's index; "all games" loads the four.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames, getEntries, entryKey } from '../../data/site';
import { buildSearchIndex, mdxToText, type SearchDoc } from '../../lib/search/build-index';

export const getStaticPaths = (async () => (await getGames()).map((game) => ({ params: { game: game.id }, props: { game } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { game } = props as { game: Awaited<ReturnType<typeof getGames>>[number] };
  const docs: SearchDoc[] = [];
  for (const e of await getEntries(game)) {
    const { text, headings } = mdxToText(e.body ?? '');
    docs.push({
      game: game.id,
      gameTitle: game.title,
      slug: entryKey(e).slug,
      title: e.data.title,
      summary: e.data.summary,
      aliases: e.data.aliases,
      terms: e.data.terms,
      headings,
      body: text,
    });
  }
  return new Response(JSON.stringify(buildSearchIndex(docs)), { headers: { 'Content-Type': 'application/json' } });
};
