/** The search index of every entry of every game, built once at build time (see src/lib/search/). */
import type { APIRoute } from 'astro';
import { getGames, getEntries, entryKey } from '../data/site';
import { buildSearchIndex, mdxToText, type SearchDoc } from '../lib/search/build-index';

export const GET: APIRoute = async () => {
  const docs: SearchDoc[] = [];
  for (const game of await getGames()) {
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
  }
  return new Response(JSON.stringify(buildSearchIndex(docs)), { headers: { 'Content-Type': 'application/json' } });
};
