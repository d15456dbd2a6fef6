/**
 * Zod schema of a game file (`content/games/<game>.yaml`): its sections, quick links and play options.
 * Shared by the Astro content collection and the standalone content checker.
 */
import { z } from 'astro/zod';

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A scalar option value as written in YAML (numbers such as `5` are kept as the string "5"). */
const optionValue = z.union([z.string(), z.number()]).transform((v) => String(v));

const valueDef = z.strictObject({ value: optionValue, label: z.string().min(1) });

/** `requires: { solo: false, mode: epic }`: every listed option must hold one of the given values. */
const requirement = z.record(
  z.string().regex(kebab),
  z.union([z.boolean(), optionValue, z.array(optionValue)]),
);

const optionBase = {
  id: z.string().regex(kebab, 'an option id is kebab-case'),
  label: z.string().min(1),
  help: z.string().optional(),
  requires: requirement.optional(),
};

export const booleanOption = z.strictObject({
  ...optionBase,
  type: z.literal('boolean'),
  default: z.boolean(),
});

export const choiceOption = z.strictObject({
  ...optionBase,
  type: z.literal('choice'),
  values: z.array(valueDef).min(2),
  default: optionValue,
  /** The value the option takes (and shows) while its `requires` does not hold. */
  fallback: valueDef.optional(),
});

export const multiOption = z.strictObject({
  ...optionBase,
  type: z.literal('multi'),
  values: z.array(valueDef).min(1),
  default: z.array(optionValue),
});

export const optionSchema = z.discriminatedUnion('type', [booleanOption, choiceOption, multiOption]);

export const gameSchema = z
  .strictObject({
    id: z.string().regex(kebab),
    title: z.string().min(1),
    publisher: z.string().min(1),
    year: z.number().int().optional(),
    players: z.string().min(1),
    blurb: z.string().min(1),
    sections: z.array(z.strictObject({ id: z.string().regex(kebab), title: z.string().min(1) })).min(1),
    quickLinks: z.array(z.strictObject({ label: z.string().min(1), entry: z.string().regex(kebab) })).default([]),
    options: z.array(optionSchema).default([]),
  })
  .superRefine((game, ctx) => {
    const seen = new Set<string>();
    game.sections.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: `duplicate section id "${s.id}"` });
      seen.add(s.id);
    });
    const ids = new Map(game.options.map((o) => [o.id, o]));
    game.options.forEach((o, i) => {
      if (o.type === 'choice' && !o.values.some((v) => v.value === o.default))
        ctx.addIssue({ code: 'custom', path: ['options', i, 'default'], message: `default "${o.default}" is not one of the values` });
      if (o.type === 'multi')
        for (const d of o.default)
          if (!o.values.some((v) => v.value === d))
            ctx.addIssue({ code: 'custom', path: ['options', i, 'default'], message: `default "${d}" is not one of the values` });
      for (const key of Object.keys(o.requires ?? {}))
        if (!ids.has(key) || key === o.id)
          ctx.addIssue({ code: 'custom', path: ['options', i, 'requires', key], message: `requires names unknown option "${key}"` });
    });
  });

export type GameInput = z.input<typeof gameSchema>;
export type Game = z.output<typeof gameSchema>;
export type GameOption = Game['options'][number];
