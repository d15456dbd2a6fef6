/**
 * The content's search indexes, built by the build's own code (no site build needed), for the search tests. Under
 * `npm run test:mutation` a global setup (content-indexes.setup.ts) builds them once and hands them to every test
 * run: StrykerJS runs the tests once per mutant, and building them takes seconds each time.
 */
import { inject } from 'vitest';
import type { SearchIndex } from '../../src/lib/search/build-index';

/** The built indexes (game id → index, in the catalogue's game order), as the global setup provides them. */
export type ContentIndexes = [game: string, index: SearchIndex][];

declare module 'vitest' {
  export interface ProvidedContext {
    contentIndexes?: ContentIndexes;
  }
}

/** Builds every game's index from the content folder (as the site build does). */
export async function buildContentIndexes(): Promise<ContentIndexes> {
  const { loadCatalogue } = await import('../../src/integrations/catalogue');
  const { buildSearchIndexes, searchDoc } = await import('../../src/lib/search/build-index');
  const cat = loadCatalogue();
  const indexes = buildSearchIndexes(
    cat.games.flatMap((g) => cat.entries.filter((e) => e.game === g.id).map((e) => searchDoc(g, e.slug, e.data, e.body))),
    cat.games,
  );
  return cat.games.map((g) => [g.id, indexes.get(g.id)!]);
}

/** The content's indexes: the global setup's when it ran, else built now. */
export async function contentIndexes(): Promise<Map<string, SearchIndex>> {
  return new Map(inject('contentIndexes') ?? (await buildContentIndexes()));
}
