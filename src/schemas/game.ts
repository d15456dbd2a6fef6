/**
 * Zod schema of a game file (`content/games/<game>.yaml`): its sections, quick links and play options.
 * Shared by the content collections and the standalone content checker. What an option kind means (its values,
 * requirements, labels) is decided in `src/lib/options.ts`; this file only describes the shape. Checks across fields
 (section ids, options that must exist, option definitions) are `gameProblems` in `src/lib/validate.ts`.
 */
import { z } from 'astro/zod';

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

/** An on/off play option (`solo`, `story`): its label when on, `offLabel` when off. */
export const booleanOption = z.strictObject({
  ...optionBase,
  type: z.literal('boolean'),
  /** How the setup reads with the option off, e.g. "Multiplayer" for `solo`, "Without Treachery". */
  offLabel: z.string().min(1),
  default: z.boolean(),
});

/** A play option with one value of a list (`players`, `seasons`, a character), and an optional `fallback` while inactive. */
export const choiceOption = z.strictObject({
  ...optionBase,
  type: z.literal('choice'),
  values: z.array(valueDef).min(2),
  default: optionValue,
  /** The value the option takes (and shows) while its `requires` does not hold. */
  fallback: valueDef.omit({ entry: true }).optional(),
});

/** A play option with any number of values of a list (Pencilvillage's mods); `noneLabel` when none is chosen. */
export const multiOption = z.strictObject({
  ...optionBase,
  type: z.literal('multi'),
  values: z.array(valueDef).min(1),
  default: z.array(optionValue),
  /** How the setup reads with nothing chosen, e.g. "No mods". */
  noneLabel: z.string().min(1),
});

/** One play option of a game file, by its `type`. */
export const optionSchema = z.discriminatedUnion('type', [booleanOption, choiceOption, multiOption]);

/**
 * A setup condition in a game file, as a `<When>` takes it: option id → `true`/`false`, a value, or any of several
 * values (`{ mode: epic, solo: false }`, `{ players: [2, 3] }`, `{ mods: tire }`); every prop must hold. `not` holds
 * when its one prop does not (`not: { character: [ayan-dawnseer, miyardee] }`). Read by `src/lib/play-along.ts`.
 */
const conditionProp = z.union([z.boolean(), z.string(), z.number(), z.array(z.union([z.string(), z.number()])).min(1)]);
const setupCondition = z
  .record(z.string().regex(kebab), z.union([conditionProp, z.record(z.string().regex(kebab), conditionProp)]))
  .refine((c) => Object.entries(c).every(([k, v]) => (k === 'not') === (typeof v === 'object' && v !== null && !Array.isArray(v))), {
    message: '`not` takes one option ({ not: { solo: true } }); other keys take a value',
  });

/** An entry slug, optionally with a heading or note anchor (`bonus-tiles#unclear-tile-timing`). */
const entryRef = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*(#[a-z0-9-]+)?$/, 'expected an entry slug, optionally with #anchor');

/**
 * One line of the play-along page: a title, and the entry (and part of it) whose words the line shows for the
 * reader's setup. No rule text: the words are the entry's (`src/lib/entry-parts.ts`).
 */
const playItem = {
  title: z.string().min(1),
  /** `slug` (the whole entry), `slug#part` (a `<Part id>` block), `slug#heading-id` or `slug#unclear-<id>` (a note). */
  entry: entryRef,
  when: setupCondition.optional(),
};

/** A play-along line refuses rule text by name: its words are the entry's. */
const noText = {
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' && iss.keys?.includes('text')
      ? 'no rule text in a game file: name the entry and its part instead (entry: slug or slug#part)'
      : undefined,
};

/** Rounds of a game: numbers, and `last` for the setup's last round. */
const rounds = z.array(z.union([z.number().int().min(1), z.literal('last')])).min(1);

/** The play-along page (`/<game>/play/`): how long the game lasts, the phases of a round, the rounds that differ, the end. */
const playAlong = z.strictObject({
  /** The game's word for a round, singular and plural ("season", "seasons"). */
  unit: z.tuple([z.string().min(1), z.string().min(1)]),
  /** The game's length by setup: exactly one holds for any setup (the content check enumerates them). */
  length: z
    .array(
      z.strictObject({
        rounds: z.number().int().min(1).max(99),
        when: setupCondition.optional(),
        /** Rounds per stage where the game counts rounds in stages (e.g. 3 stages of 6 rounds). */
        stage: z.number().int().min(1).optional(),
      }),
    )
    .default([]),
  /** For a game with no fixed length: the triggers that end it, to watch (the page adds a control to mark one met). */
  ends: z.array(z.strictObject(playItem, noText)).default([]),
  /** The word for a stage, where `length` counts rounds in stages ("stage"). */
  stageWord: z.string().min(1).optional(),
  /**
   * The steps of every round, in order (alternatives for different setups carry `when`); `except` lists the rounds
   * a phase does not happen in (`last`: the final production replaces the normal one).
   */
  phases: z.array(z.strictObject({ ...playItem, except: rounds.optional() }, noText)).min(1),
  /** What differs in some rounds: `rounds` lists them; `last` is the setup's last round. */
  special: z.array(z.strictObject({ ...playItem, rounds }, noText)).default([]),
  /** How the game ends and is scored, in order: the checklist of the last round (or once an end trigger is met). */
  end: z.array(z.strictObject(playItem, noText)).min(1),
});

/** A quick link on the game page: to an entry, or to one of the game's own pages (setup guide, print...). */
const quickLink = z.strictObject({ label: z.string().min(1), entry: z.string().regex(kebab) });

/** A game file (`content/games/<id>.yaml`): its title, options, sections, pages and search words. */
export const gameSchema = z.strictObject({
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
  /** The play-along page: the game's length, the phases of a round and its special rounds (see `src/lib/play-along.ts`). */
  playAlong: playAlong.optional(),
  /**
   * Players' everyday words for this game's own terms ("vp" → honor, "money" → coins): a search for the word also
   * finds the terms, a little below the word itself. Plain English synonyms ("fight" → combat) are the search's
   * own (src/lib/search/config.ts SYNONYMS).
   */
  synonyms: z.record(z.string().regex(/^[a-z0-9]+$/, 'one lower-case word'), z.array(z.string().min(1)).min(1)).default({}),
});

/** A game file as parsed. */
export type Game = z.output<typeof gameSchema>;
/** One play option of a game, any kind. */
export type GameOption = Game['options'][number];
/** A game's play-along description, as parsed. */
export type PlayAlong = NonNullable<Game['playAlong']>;
/** A setup condition in a game file (`{ mode: epic }`, `{ not: { solo: true } }`). */
export type SetupCondition = z.output<typeof setupCondition>;
