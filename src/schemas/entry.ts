/**
 * Zod schema of a rule entry's frontmatter (`content/<game>/<slug>.mdx`).
 * Shared by the Astro content collection and the standalone content checker.
 */
import { z } from 'astro/zod';

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case entry slug');
const words = z.string().trim().min(1).max(80);

/** The frontmatter of a rule entry (`content/<game>/<slug>.mdx`); a wrong field fails the build naming file and field. */
export const entrySchema = z.strictObject({
  title: z.string().trim().min(1).max(80),
  section: slug,
  /** Position within its section (ascending). */
  order: z.number().int().min(0),
  /** One plain sentence that answers the question; shown in search results and link previews. */
  summary: z
    .string()
    .trim()
    .min(10, 'a summary is one full sentence')
    .max(260, 'a summary is one sentence of at most 260 characters')
    .refine((s) => !/[\n<>]/.test(s), 'a summary is plain text on one line'),
  /** Other names and near-names of the entry, misspellings too: searched, never listed in the A–Z. */
  aliases: z.array(words).default([]),
  /**
   * How players ask for this entry in their own words when they do not know the game's term ("magic item" for a
   * Relic, "kick someone off" for a takeover): searched, never listed in the A–Z.
   */
  asked: z.array(words).default([]),
  /** The game's own words this entry defines, as the rulebook prints them: searched, and listed in the A–Z with the titles. */
  terms: z.array(words).default([]),
  related: z.array(slug).min(1, 'list at least one related entry'),
  options: z.array(slug).default([]),
  /**
   * The general rules (entry slugs of the same game) this entry is a special case of: a card, building or rule whose
   * point is to break them (the Inn lets a housed villager move: an exception to Housing). Search ranks it after
   * them unless the query names it.
   */
  exceptionTo: z.array(slug).default([]),
  source: z.string().max(120).optional(),
});

/** An entry's frontmatter as parsed. */
export type EntryData = z.output<typeof entrySchema>;
