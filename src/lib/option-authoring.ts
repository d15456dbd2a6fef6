/**
 * Play options for authors and the build: what each option kind means for conditional text (condition keys and
 * tokens, `<When>`/`<Pick>` props and their labels), setup summaries, requirement labels, the setups that show what
 * an option changes, and the checks of a game's option definitions. Decided once per kind in `AUTHORING`; a kind
 * missing there is a type error. Builds on the run-time model in `options.ts`, which the head script bundles: that
 * module never imports this one, so none of this reaches the browser.
 *
 * Pure: no DOM, no Astro.
 */
import type { GameOption } from '../schemas/game';
import {
  INACTIVE,
  currentTokens,
  defaultSettings,
  defaultValue,
  describeValue,
  findOption,
  multiKey,
  noneKey,
  wantedList as asList,
  type OptionKind,
  type WordedOptionOf,
  type WordedGame,
  type OptionValue,
  type RuntimeOption,
  type Settings,
  type ValueOf,
  type Wanted,
} from './options';
import { type Clause, type Condition, isAny } from './conditions';

/** A condition key (`solo`, `seasons`, `mods-tire`) with the tokens it can take. */
export interface ConditionKey {
  key: string;
  option: GameOption;
  tokens: string[];
  /** For a multi option: the value this key stands for. */
  value?: string;
}

/** Words a `<When>` reads as its own (`<When not solo>`, `<When any solo story>`): no option may take them as its id. */
const WHEN_WORDS: readonly string[] = ['not', 'any'];

/** One label of a setup summary, shown only while its conditions hold (same mechanism as conditional text). */
export interface SetupChip {
  option: string;
  label: string;
  /** Condition key → space-separated tokens; the chip shows when every key has one of its tokens. */
  when: Record<string, string>;
  /** Whether this chip states the option's default (listed after the chips that differ from it). */
  isDefault: boolean;
}

/** A literal value as written in a `<When>` or `<Pick>` prop. */
type PropValue = string | number | boolean | null | PropValue[] | { [key: string]: PropValue };

const valueLabel = (o: { values: { value: string; label: string }[] }, v: string): string =>
  o.values.find((x) => x.value === v)?.label ?? v;
const isText = (x: unknown): x is string => typeof x === 'string';

/** What an option's kind decides for authors and the build: conditions, labels, checks. Kept apart from `KINDS` in
 * `options.ts` so that the head script carries none of it. */
interface AuthoringKind<K extends OptionKind> {
  /** The condition keys the option defines, with their tokens. */
  keys(o: WordedOptionOf<K>): ConditionKey[];
  /** What is wrong with a `requires` entry naming this option, if anything. */
  wantedProblem(o: WordedOptionOf<K>, wanted: Wanted): string | undefined;
  /** The condition under which a `requires` entry on this option holds. */
  wantedCondition(o: WordedOptionOf<K>, wanted: Wanted): Condition;
  /** A human label for what a `requires` entry asks ("Epic game (3 stages)"). */
  wantedLabel(o: WordedOptionOf<K>, wanted: Wanted): string;
  /** Every label a summary of this option may show. */
  chips(o: WordedOptionOf<K>): Omit<SetupChip, 'option'>[];
  /** The condition of a `<When name={value}>` prop, or what is wrong with it. */
  whenCondition(o: WordedOptionOf<K>, value: PropValue): Condition | string;
  /** The label of a variant block shown under this condition. */
  conditionLabel(o: WordedOptionOf<K>, c: Condition): string;
  /** The token the option's key takes while its requirement fails (undefined: a multi option has no single key). */
  inactiveToken(o: WordedOptionOf<K>): string | undefined;
  /** The condition under which one of the option's values is chosen. */
  valueCondition(o: WordedOptionOf<K>, value: string): Condition;
  /** How a `<Pick>` key maps to a token, or undefined when the kind cannot be picked from. */
  pickToken: ((o: WordedOptionOf<K>, key: string) => string | undefined) | undefined;
  /** A value that satisfies what a `requires` entry naming this option asks (the first one it names). */
  satisfying(o: WordedOptionOf<K>, wanted: Wanted): ValueOf<K>;
  /** The values to compare when showing what the option changes: each choice, on and off, no value and each value alone. */
  variants(o: WordedOptionOf<K>): ValueOf<K>[];
}

/** The `<Pick>` keys of an on/off option and their tokens (a Map: a key such as "constructor" is simply not one). */
const BOOLEAN_PICK_KEYS = new Map([
  ['true', '1'],
  ['false', '0'],
  ['1', '1'],
  ['0', '0'],
]);

const booleanAuthoring: AuthoringKind<'boolean'> = {
  keys: (o) => [{ key: o.id, option: o, tokens: ['1', '0'] }],
  wantedProblem: (o, wanted) =>
    asList(wanted).every((w) => typeof w === 'boolean') ? undefined : `option "${o.id}" is on/off: require true or false`,
  wantedCondition: (o, wanted) => ({ key: o.id, tokens: asList(wanted).map((w) => (w ? '1' : '0')) }),
  wantedLabel: (o, wanted) =>
    asList(wanted)
      .map((w) => (w ? o.label : o.offLabel))
      .join(' or '),
  chips: (o) => [
    { label: o.label, when: { [o.id]: '1' }, isDefault: o.default },
    { label: o.offLabel, when: { [o.id]: '0' }, isDefault: !o.default },
  ],
  whenCondition: (o, value) =>
    typeof value === 'boolean'
      ? { key: o.id, tokens: [value ? '1' : '0'] }
      : `option "${o.id}" is on/off: write <When ${o.id}> or <When ${o.id}={false}>`,
  conditionLabel: (o, c) => (c.tokens.includes('1') ? o.label : o.offLabel),
  inactiveToken: () => '0',
  valueCondition: (o, value) => ({ key: o.id, tokens: [value === 'true' || value === '1' ? '1' : '0'] }),
  pickToken: (_o, key) => BOOLEAN_PICK_KEYS.get(key),
  satisfying: (_o, wanted) => asList(wanted)[0] === true,
  variants: (o) => [o.default, !o.default],
};

const choiceTokens = (o: WordedOptionOf<'choice'>): string[] => {
  const tokens = o.values.map((v) => v.value);
  if (o.fallback && !tokens.includes(o.fallback.value)) tokens.push(o.fallback.value);
  return tokens;
};
const choiceLabel = (o: WordedOptionOf<'choice'>, token: string): string => describeValue(o, token);

const choiceAuthoring: AuthoringKind<'choice'> = {
  keys: (o) => [{ key: o.id, option: o, tokens: choiceTokens(o) }],
  wantedProblem: (o, wanted) => {
    const bad = asList(wanted).filter((w) => typeof w === 'boolean' || !o.values.some((v) => v.value === String(w)));
    if (!bad.length) return undefined;
    const named = bad.map((b) => JSON.stringify(b)).join(', ');
    return `option "${o.id}" has no value ${named} (values: ${o.values.map((v) => v.value).join(', ')})`;
  },
  wantedCondition: (o, wanted) => ({ key: o.id, tokens: asList(wanted).map(String) }),
  wantedLabel: (o, wanted) =>
    asList(wanted)
      .map((w) => choiceLabel(o, String(w)))
      .join(' or '),
  chips: (o) => [
    ...o.values.map((v) => ({ label: v.label, when: { [o.id]: v.value }, isDefault: v.value === o.default })),
    ...(o.fallback && !o.values.some((v) => v.value === o.fallback!.value)
      ? [{ label: o.fallback.label, when: { [o.id]: o.fallback.value }, isDefault: false }]
      : []),
  ],
  whenCondition: (o, value) => {
    const allowed = choiceTokens(o);
    const tokens: string[] = [];
    for (const item of Array.isArray(value) ? value : [value]) {
      if ((typeof item !== 'string' && typeof item !== 'number') || !allowed.includes(String(item)))
        return `option "${o.id}" has no value ${JSON.stringify(item)} (values: ${allowed.join(', ')})`;
      tokens.push(String(item));
    }
    return { key: o.id, tokens };
  },
  conditionLabel: (o, c) => c.tokens.map((t) => choiceLabel(o, t)).join(' or '),
  inactiveToken: (o) => o.fallback?.value ?? INACTIVE,
  valueCondition: (o, value) => ({ key: o.id, tokens: [value] }),
  pickToken: (o, key) => (choiceTokens(o).includes(key) ? key : undefined),
  satisfying: (_o, wanted) => String(asList(wanted)[0]),
  variants: (o) => o.values.map((v) => v.value),
};

const multiAuthoring: AuthoringKind<'multi'> = {
  keys: (o) => o.values.map((v) => ({ key: multiKey(o.id, v.value), option: o, tokens: ['1', '0'], value: v.value })),
  wantedProblem: (o, wanted) => {
    if (Array.isArray(wanted) && wanted.length > 1) return `a requirement on the multi option "${o.id}" names one value`;
    const w = asList(wanted)[0];
    return typeof w !== 'boolean' && o.values.some((v) => v.value === String(w))
      ? undefined
      : `option "${o.id}" has no value ${JSON.stringify(w)} (values: ${o.values.map((v) => v.value).join(', ')})`;
  },
  wantedCondition: (o, wanted) => ({ key: multiKey(o.id, String(asList(wanted)[0])), tokens: ['1'] }),
  wantedLabel: (o, wanted) => `${o.label}: ${valueLabel(o, String(asList(wanted)[0]))}`,
  chips: (o) => [
    ...o.values.map((v) => ({ label: v.label, when: { [multiKey(o.id, v.value)]: '1' }, isDefault: false })),
    { label: o.noneLabel, when: { [noneKey(o.id)]: '1' }, isDefault: o.default.length === 0 },
  ],
  whenCondition: (o, value) => {
    if (typeof value !== 'string' && typeof value !== 'number')
      return `option "${o.id}" takes one value per <When>, e.g. ${o.id}="${o.values[0]!.value}"`;
    if (!o.values.some((v) => v.value === String(value)))
      return `option "${o.id}" has no value "${value}" (values: ${o.values.map((v) => v.value).join(', ')})`;
    return { key: multiKey(o.id, String(value)), tokens: ['1'] };
  },
  conditionLabel: (o, c) => {
    const value = o.values.find((v) => multiKey(o.id, v.value) === c.key);
    const label = value?.label ?? c.key;
    return c.tokens.includes('1') ? `${o.label}: ${label}` : `Without ${label}`;
  },
  inactiveToken: () => undefined,
  valueCondition: (o, value) => ({ key: multiKey(o.id, value), tokens: ['1'] }),
  pickToken: undefined,
  satisfying: (_o, wanted) => [String(asList(wanted)[0])],
  variants: (o) => [[], ...o.values.map((v) => [v.value])],
};

/** The authoring rules of every kind. A kind missing here is a type error. */
const AUTHORING: { [K in OptionKind]: AuthoringKind<K> } = { boolean: booleanAuthoring, choice: choiceAuthoring, multi: multiAuthoring };
/** The authoring rules of one option's kind, widened as `options.ts` widens `KINDS` (no narrowing through a lookup). */
const authoring = (o: GameOption): AuthoringKind<OptionKind> => AUTHORING[o.type] as unknown as AuthoringKind<OptionKind>;

/**
 * A game's options as the option model reads them at run time (the head script's copy, the search's): what the option model reads (`RuntimeOption`), no wording. The
 * labels, help texts and entry links are printed in the pages' HTML; the two pages that describe a setup in words
 * (options, table link) carry the worded options themselves (`src/components/OptionWords.astro`).
 */
export const runtimeOptions = (game: { options: readonly GameOption[] }): RuntimeOption[] =>
  game.options.map((o): RuntimeOption => {
    const requires = o.requires ? { requires: o.requires } : {};
    const values = (list: { value: string }[]) => list.map(({ value }) => ({ value }));
    switch (o.type) {
      case 'boolean':
        return { id: o.id, type: o.type, default: o.default, ...requires };
      case 'choice':
        return {
          id: o.id,
          type: o.type,
          values: values(o.values),
          default: o.default,
          ...(o.fallback ? { fallback: { value: o.fallback.value } } : {}),
          ...requires,
        };
      case 'multi':
        return { id: o.id, type: o.type, values: values(o.values), default: o.default, ...requires };
    }
  });

/** The values an option lists (a boolean lists none), each with its label and, where given, its entry. */
export const optionValues = (option: GameOption): { value: string; label: string; entry?: string }[] =>
  'values' in option ? option.values : [];

/** The entries that describe one value of an option (a character, a mod, an objective): each applies only when that
 * value is chosen. */
export const choiceEntries = (game: Pick<WordedGame, 'options'>): Set<string> =>
  new Set(game.options.flatMap((o) => optionValues(o).flatMap((v) => (v.entry ? [v.entry] : []))));

/**
 * Whether some setup meets every clause at once (several conditions on one key must all hold; an any clause, one of
 * its conditions): text under clauses that cannot all hold never shows. Tries every value of the options the
 * conditions name and of the options those require (for a multi option, every set of the values named), the others
 * at their defaults, with requirements applied as in play (in solo, `players` takes its fallback). Past 4096 setups
 * it answers true.
 */
export function conditionsCanHold(game: WordedGame, clauses: readonly Clause[]): boolean {
  const keys = conditionKeys(game);
  const conditions = clauses.flatMap((c) => (isAny(c) ? c.any : [c]));
  const involved = new Map<string, GameOption>();
  const add = (o: GameOption | undefined) => {
    if (!o || involved.has(o.id)) return;
    involved.set(o.id, o);
    for (const id of Object.keys(o.requires ?? {})) add(findOption(game, id));
  };
  for (const c of conditions) add(keys.get(c.key)?.option);
  const named = new Set(conditions.map((c) => keys.get(c.key)?.value).filter(isText));
  const choices = [...involved.values()].map((o): OptionValue[] => {
    if (o.type === 'boolean') return [true, false];
    if (o.type === 'choice') return o.values.map((v) => v.value);
    const vs = o.values.map((v) => v.value).filter((v) => named.has(v));
    return Array.from({ length: 2 ** vs.length }, (_, bits) => vs.filter((_v, i) => bits & (1 << i)));
  });
  if (choices.reduce((n, c) => n * c.length, 1) > 4096) return true;
  const ids = [...involved.keys()];
  const tryFrom = (i: number, settings: Settings): boolean => {
    if (i === ids.length) {
      const tokens = currentTokens(game, { ...defaultSettings(game), ...settings });
      const meets = (c: Condition) => c.tokens.includes(tokens[c.key] ?? '');
      return clauses.every((c) => (isAny(c) ? c.any.some(meets) : meets(c)));
    }
    return choices[i]!.some((v) => tryFrom(i + 1, { ...settings, [ids[i]!]: v }));
  };
  return tryFrom(0, {});
}

/** Every condition key of a game with the tokens it can take. */
export function conditionKeys(game: WordedGame): Map<string, ConditionKey> {
  return new Map(game.options.flatMap((o) => authoring(o).keys(o)).map((k) => [k.key, k]));
}

/** The condition under which an option's `requires` holds, as condition keys and tokens. */
function requirementConditions(game: WordedGame, option: GameOption): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, wanted] of Object.entries(option.requires ?? {})) {
    const other = findOption(game, id);
    if (!other) continue;
    const c = authoring(other).wantedCondition(other, wanted);
    out[c.key] = c.tokens.join(' ');
  }
  return out;
}

/** The condition keys and tokens under which an option's `requires` holds (empty when it has none). */
export function requirementTokens(game: WordedGame, option: GameOption): Record<string, string[]> {
  return Object.fromEntries(Object.entries(requirementConditions(game, option)).map(([k, t]) => [k, t.split(' ')]));
}

/** The token an option's key takes while its requirement fails; undefined for a multi option (no single key). */
export const inactiveToken = (option: GameOption): string | undefined => authoring(option).inactiveToken(option);

/** The condition under which one value of an option is chosen (`character=imrael`, `mods-tire=1`). */
export const valueCondition = (option: GameOption, value: string): Condition => authoring(option).valueCondition(option, value);

/** "Epic game (3 stages)", "Multiplayer": what an option's `requires` asks, for people. */
export function requirementLabel(game: WordedGame, option: GameOption): string {
  return Object.entries(option.requires ?? {})
    .map(([id, wanted]) => {
      const other = findOption(game, id);
      return other ? authoring(other).wantedLabel(other, wanted) : id;
    })
    .join(', ');
}

/**
 * Every label a summary of these options may show ("2 players", "Underground map", "No mods"), each tagged with the
 * condition under which it is true, in the game's option order. Rendered in the HTML, the page's options CSS hides
 * the false ones, so the summary is right before any script runs (no layout shift). An option whose requirement
 * fails shows only its fallback label, if it has one.
 */
export function setupChips(game: WordedGame, only?: readonly string[]): SetupChip[] {
  const chips: SetupChip[] = [];
  for (const option of game.options) {
    if (only && !only.includes(option.id)) continue;
    const req = requirementConditions(game, option);
    const fallback = option.type === 'choice' ? option.fallback?.value : undefined;
    for (const chip of authoring(option).chips(option)) {
      const isFallback = fallback !== undefined && chip.when[option.id] === fallback;
      chips.push({ option: option.id, ...chip, when: isFallback ? chip.when : { ...req, ...chip.when } });
    }
  }
  return chips;
}

/**
 * The condition under which no option in `only` shows a label that differs from the game's defaults (`setupChips`
 * with `isDefault` false): each of their condition keys at its default token, or at a token of one of its default
 * labels (the default difficulty while solo play, off by default, is on).
 */
export function defaultSetupWhen(game: WordedGame, only: readonly string[]): Record<string, string> {
  const defaults = currentTokens(game, defaultSettings(game));
  const keys = [...conditionKeys(game)].filter(([, k]) => only.includes(k.option.id));
  const chips = setupChips(game, only).filter((c) => c.isDefault);
  return Object.fromEntries(
    keys.map(([key, k]) => {
      const own = chips.filter((c) => c.option === k.option.id).flatMap((c) => c.when[key]?.split(' ') ?? []);
      return [key, [...new Set([defaults[key]!, ...own])].join(' ')];
    }),
  );
}

/** The condition of one `<When>` prop (`solo`, `seasons={[5, 4]}`, `mods="tire"`), or what is wrong with it. */
export function whenCondition(game: WordedGame, name: string, value: PropValue): (Condition & { option: GameOption }) | string {
  const option = findOption(game, name);
  if (!option) return `names unknown option "${name}" (the game's options: ${game.options.map((o) => o.id).join(', ')})`;
  const c = authoring(option).whenCondition(option, value);
  return typeof c === 'string' ? c : { ...c, option };
}

/**
 * The label of a variant block shown under these clauses ("Solo play (bot) · 5 seasons or 4 seasons"); an any
 * clause lists its conditions ("Jewelcrafter region, Sacred Stones region or Building Sites region").
 */
export function conditionLabel(game: WordedGame, clauses: readonly Clause[]): string {
  const keys = conditionKeys(game);
  const one = (c: Condition) => {
    const option = keys.get(c.key)?.option;
    return option ? authoring(option).conditionLabel(option, c) : c.key;
  };
  const anyOf = (labels: string[]) => (labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? ''));
  return clauses.map((c) => (isAny(c) ? anyOf(c.any.map(one)) : one(c))).join(' · ');
}

/** The token a `<Pick>` key stands for (`true` → `1` for booleans), or undefined; `picks` false for kinds that cannot be picked from. */
export function pickToken(option: GameOption, key: string): { picks: boolean; token?: string } {
  const pick = authoring(option).pickToken;
  return pick ? { picks: true, token: pick(option, key) } : { picks: false };
}

/** One setup to compare when showing what an option changes. */
export interface OptionVariant {
  /** The option's value, over the defaults with the option's requirements met. */
  settings: Settings;
  /** "Solo play (bot)", "3 players", "Mods: Tire", "No mods". */
  label: string;
  isDefault: boolean;
  /** The condition under which a reader's setup has this value (for a multi value: has it; no value: has none). */
  condition: Condition;
}

/** The condition under which a setup has this value of the option (a multi option: its first value, or none). */
function variantCondition(option: GameOption, value: OptionValue): Condition {
  if (Array.isArray(value)) return value.length ? valueCondition(option, value[0]!) : { key: noneKey(option.id), tokens: ['1'] };
  return valueCondition(option, typeof value === 'boolean' ? (value ? '1' : '0') : value);
}

/**
 * The setups that show what an option changes: each of its values (on and off; each choice; nothing chosen and each
 * multi value alone), every other option at its default, except that the options it requires are set so that it is
 * in play (Forge War's bonus tiles are compared in the epic game).
 */
export function optionVariants(game: WordedGame, optionId: string): OptionVariant[] {
  const option = findOption(game, optionId);
  if (!option) return [];
  const base = defaultSettings(game);
  const meet = (o: GameOption, seen: Set<string>) => {
    for (const [id, wanted] of Object.entries(o.requires ?? {})) {
      const other = findOption(game, id);
      if (!other || seen.has(id)) continue;
      base[id] = authoring(other).satisfying(other, wanted);
      meet(other, new Set([...seen, id]));
    }
  };
  meet(option, new Set([option.id]));
  const def = JSON.stringify(defaultValue(option));
  return authoring(option)
    .variants(option)
    .map((value) => ({
      settings: { ...base, [option.id]: value },
      label: describeValue(option, value),
      isDefault: JSON.stringify(value) === def,
      condition: variantCondition(option, value),
    }));
}

/** Problems of a game's option definitions (defaults, requirements), by path below `options`. */
export function optionProblems(game: WordedGame): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  game.options.forEach((o, i) => {
    if (seen.has(o.id)) problems.push({ path: [i, 'id'], message: `duplicate option id "${o.id}"` });
    if (WHEN_WORDS.includes(o.id))
      problems.push({ path: [i, 'id'], message: `"${o.id}" is a word of <When> (<When ${o.id} ...>): name the option otherwise` });
    seen.add(o.id);
    const d = o.default;
    const values = 'values' in o ? o.values.map((v) => v.value) : undefined;
    // A value is one word of a space-separated list in the HTML (`data-w-<key>="5 4"`), matched word by word.
    const notOneWord = (v: string) => `value "${v}" must be one word, without spaces (text for it could never show)`;
    values?.forEach((v, j) => {
      if (!/^\S+$/.test(v)) problems.push({ path: [i, 'values', j, 'value'], message: notOneWord(v) });
      else if (values.indexOf(v) !== j)
        problems.push({ path: [i, 'values', j, 'value'], message: `duplicate value "${v}" in option "${o.id}"` });
    });
    const fallback = 'fallback' in o ? o.fallback?.value : undefined;
    if (fallback !== undefined && !/^\S+$/.test(fallback)) problems.push({ path: [i, 'fallback', 'value'], message: notOneWord(fallback) });
    for (const v of Array.isArray(d) ? d : typeof d === 'string' ? [d] : [])
      if (values && !values.includes(v))
        problems.push({ path: [i, 'default'], message: `default "${v}" is not one of the values (${values.join(', ')})` });
    for (const [id, wanted] of Object.entries(o.requires ?? {})) {
      const other = findOption(game, id);
      if (!other || id === o.id) {
        const message = `requires names unknown option "${id}" (options: ${game.options.map((x) => x.id).join(', ')})`;
        problems.push({ path: [i, 'requires', id], message });
        continue;
      }
      const problem = authoring(other).wantedProblem(other, wanted);
      if (problem) problems.push({ path: [i, 'requires', id], message: problem });
    }
  });
  // Requirements must not form a cycle.
  const visiting = new Set<string>();
  const cyclic = (id: string): boolean => {
    if (visiting.has(id)) return true;
    visiting.add(id);
    const found = Object.keys(findOption(game, id)?.requires ?? {}).some(cyclic);
    visiting.delete(id);
    return found;
  };
  game.options.forEach((o, i) => {
    if (o.requires && cyclic(o.id)) problems.push({ path: [i, 'requires'], message: `the requirements of "${o.id}" form a cycle` });
  });
  return problems;
}
