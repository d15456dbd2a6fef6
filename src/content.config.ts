/**
 * Content collections: one game file per game (`content/games/*.yaml`) and one MDX entry per rule
 * (`content/<game>/<slug>.mdx`). Schemas live in `src/schemas/`; cross-entry checks run in `src/build/content-check.ts`.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { gameSchema } from './schemas/game';
import { entrySchema } from './schemas/entry';

const base = process.env.RULES_CONTENT_DIR ?? './content';

export const collections = {
  games: defineCollection({ loader: glob({ pattern: 'games/*.yaml', base }), schema: gameSchema }),
  entries: defineCollection({ loader: glob({ pattern: '*/*.mdx', base }), schema: entrySchema }),
};
