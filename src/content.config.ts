/**
 * Content collections: the games (`content/games/*.yaml`) and the rule entries (`content/<game>/<slug>.mdx`), both
 * loaded from the one content catalogue (`src/integrations/catalogue.ts`). Schemas live in `src/schemas/`.
 */
import { defineCollection } from 'astro:content';
import { gameSchema } from './schemas/game';
import { entrySchema } from './schemas/entry';
import { gamesLoader, entriesLoader } from './integrations/catalogue-loader';

export const collections = {
  games: defineCollection({ loader: gamesLoader(), schema: gameSchema }),
  entries: defineCollection({ loader: entriesLoader(), schema: entrySchema }),
};
