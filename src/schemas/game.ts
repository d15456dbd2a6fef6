/**
 * Zod schema of a game file (`content/games/<game>.yaml`): its sections, quick links and play options.
 * Shared by the content collections and the standalone content checker. What an option kind means (its values,
 * requirements, labels) is decided in `src/lib/options.ts`; this file only describes the shape.
 */
import { z } from 'astro/zod';
import { optionProblems } from '../lib/options';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A scalar option value as written in YAML (numbers such as `5` are kept as the string "5"). */
const optionValue = z.union([z.string(), z.number()]).transform((v) => String(v));

const valueDef = z.strictObject({
  value: optionValue,
  label: z.string().min(1),
  /** The rule entry that describes this value (a character, a mod...): listed on the game's "my setup" page. */
  entry: z.string().regex(kebab, 'expected an entry slug').optional(),
});

/** `requires: { solo: false, mode: epic }`: every listed option must hold one of the given values. */
const requirement = z.record(z.string().regex(kebab), z.union([z.boolean(), optionValue, z.array(optionValue).min(1)]));

const optionBase = {
  id: z.string().regex(kebab, 'an option id is kebab-case'),
  label: z.string().min(1),
  help: z.string().optional(),
  requires: requirement.optional(),
};

export const booleanOption = z.strictObject({
  ...optionBase,
  type: z.literal('boolean'),
  /** How the setup reads with the option off, e.g. "Multiplayer" for `solo`, "Without Treachery". */
  offLabel: z.string().min(1),
  default: z.boolean(),
});

export const choiceOption = z.strictObject({
  ...optionBase,
  type: z.literal('choice'),
  values: z.array(valueDef).min(2),
  default: optionValue,
  /** The value the option takes (and shows) while its `requires` does not hold. */
  fallback: valueDef.omit({ entry: true }).optional(),
});

export const multiOption = z.strictObject({
  ...optionBase,
  type: z.literal('multi'),
  values: z.array(valueDef).min(1),
  default: z.array(optionValue),
  /** How the setup reads with nothing chosen, e.g. "No mods". */
  noneLabel: z.string().min(1),
});

export const optionSchema = z.discriminatedUnion('type', [booleanOption, choiceOption, multiOption]);

/** A quick link on the game page: to an entry, or to one of the game's own pages (setup guide, print...). */
const quickLink = z.strictObject({ label: z.string().min(1), entry: z.string().regex(kebab) });

export const gameSchema = z
  .strictObject({
    id: z.string().regex(kebab),
    title: z.string().min(1),
    /** Position on the home page and in the app's shortcuts (ascending). */
    order: z.number().int().min(0),
    publisher: z.string().min(1),
    year: z.number().int().optional(),
    players: z.string().min(1),
    blurb: z.string().min(1),
    /** Abbreviations of the sources that entries' `source` lines cite, e.g. `{ RB: rulebook }`. */
    sources: z.record(z.string().regex(/^[A-Z]{2,4}$/, 'an abbreviation in capitals'), z.string().min(1)).default({}),
    sections: z
      .array(
        z.strictObject({
          id: z.string().regex(kebab),
          title: z.string().min(1),
          /** The play option this section's rules belong to (solo play, an expansion): they apply only when it is on. */
          option: z.string().regex(kebab).optional(),
        }),
      )
      .min(1),
    quickLinks: z.array(quickLink).default([]),
    /** Entries whose numbered steps make the setup guide, in order. */
    setupGuide: z.array(z.string().regex(kebab)).default([]),
    options: z.array(optionSchema).default([]),
    /**
     * Players' everyday words for this game's own terms ("vp" → honor, "money" → coins): a search for the word also
     * finds the terms, a little below the word itself. Plain English synonyms ("fight" → combat) are the search's
     * own (src/lib/search/config.ts SYNONYMS).
     */
    synonyms: z.record(z.string().regex(/^[a-z0-9]+$/, 'one lower-case word'), z.array(z.string().min(1)).min(1)).default({}),
  })
  .superRefine((game, ctx) => {
    const seen = new Set<string>();
    game.sections.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: `duplicate section id "${s.id}"` });
      seen.add(s.id);
      if (s.option && !game.options.some((o) => o.id === s.option))
        ctx.addIssue({ code: 'custom', path: ['sections', i, 'option'], message: `no option "${s.option}" in this game's options` });
    });
    for (const p of optionProblems(game)) ctx.addIssue({ code: 'custom', path: ['options', ...p.path], message: p.message });
  });

export type GameInput = z.input<typeof gameSchema>;
export type Game = z.output<typeof gameSchema>;
export type GameOption = Game['options'][number];
