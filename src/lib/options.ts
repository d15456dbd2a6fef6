/**
 * Play options, one model: what each option kind (boolean, choice, multi) means, decided once in `KINDS`.
 * Everything else (parsing URLs and storage, share links, requirements, condition tokens for conditional text,
 * labels, validation of game files, `<When>`/`<Pick>` props) goes through it. Adding a kind to the game schema is a
 * type error here until the kind is handled.
 *
 * Pure: no DOM, no Astro. The same code runs at build time and in the browser (inline in <head>).
 */
import type { Game, GameOption } from '../schemas/game';

/** A value chosen for one option: a boolean, a choice value, or a list of multi values. */
export type OptionValue = boolean | string | string[];
/** Chosen values by option id. Missing ids take the option's default. */
export type Settings = Record<string, OptionValue>;
/** The minimal shape of a game that the option logic needs. */
export type OptionsGame = Pick<Game, 'id' | 'options'>;
/** What a `requires` entry asks of another option: a boolean, a value, or any of several values. */
export type Wanted = boolean | string | string[];
/** An option kind, as named in the game files. */
export type OptionKind = GameOption['type'];
type OptionOf<K extends OptionKind> = Extract<GameOption, { type: K }>;
type ValueOf<K extends OptionKind> = K extends 'boolean' ? boolean : K extends 'choice' ? string : string[];

/** A condition key (`solo`, `seasons`, `mods-tire`) with the tokens it can take. */
export interface ConditionKey {
  key: string;
  option: GameOption;
  tokens: string[];
  /** For a multi option: the value this key stands for. */
  value?: string;
}

/** One `key → allowed tokens` condition, as conditional text and setup chips are tagged with. */
export interface Condition {
  key: string;
  tokens: string[];
}

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

/** The token a choice option takes while inactive and without a fallback: matches no condition. */
export const INACTIVE = 'off';
/** The condition key of a multi option's single value, e.g. `mods` + `tire` → `mods-tire`. */
export const multiKey = (optionId: string, value: string): string => `${optionId}-${value}`;
/** The key that is `1` when a multi option has nothing chosen (for "no mods" labels); not usable in entries. */
export const noneKey = (optionId: string): string => `${optionId}--none`;

const asList = (w: Wanted): (string | boolean)[] => (Array.isArray(w) ? w : [w]);
const valueLabel = (o: { values: { value: string; label: string }[] }, v: string): string => o.values.find((x) => x.value === v)?.label ?? v;
const isText = (x: unknown): x is string => typeof x === 'string';

/** What an option's kind decides at run time (in the browser too). */
interface Kind<K extends OptionKind> {
  defaultValue(o: OptionOf<K>): ValueOf<K>;
  /** The value an inactive option (its `requires` fails) takes. */
  inactiveValue(o: OptionOf<K>): ValueOf<K> | undefined;
  /** Reads a value from its URL/storage/form form; undefined for anything invalid. Never throws. */
  parse(o: OptionOf<K>, raw: unknown): ValueOf<K> | undefined;
  /** The URL form of a value. */
  format(v: ValueOf<K>): string;
  /** The token of each key for an effective value (undefined: inactive without a fallback). */
  tokens(o: OptionOf<K>, v: ValueOf<K> | undefined): Record<string, string>;
  /** Whether a value satisfies what a `requires` entry asks. */
  satisfies(v: ValueOf<K> | undefined, wanted: Wanted): boolean;
  /** A human label of a value ("Solo play (bot)", "Mods: Tire, Glom"). */
  describe(o: OptionOf<K>, v: ValueOf<K>): string;
  /** The raw value of a form's fields named after the option (a checkbox sends its value only when ticked). */
  fromForm(values: string[]): unknown;
}

/** What an option's kind decides for authors and the build: conditions, labels, checks. Kept apart so that the
 * inline head script carries only `KINDS`. */
interface AuthoringKind<K extends OptionKind> {
  /** The condition keys the option defines, with their tokens. */
  keys(o: OptionOf<K>): ConditionKey[];
  /** What is wrong with a `requires` entry naming this option, if anything. */
  wantedProblem(o: OptionOf<K>, wanted: Wanted): string | undefined;
  /** The condition under which a `requires` entry on this option holds. */
  wantedCondition(o: OptionOf<K>, wanted: Wanted): Condition;
  /** A human label for what a `requires` entry asks ("Epic game (3 stages)"). */
  wantedLabel(o: OptionOf<K>, wanted: Wanted): string;
  /** Every label a summary of this option may show. */
  chips(o: OptionOf<K>): Omit<SetupChip, 'option'>[];
  /** The condition of a `<When name={value}>` prop, or what is wrong with it. */
  whenCondition(o: OptionOf<K>, value: PropValue): Condition | string;
  /** The label of a variant block shown under this condition. */
  conditionLabel(o: OptionOf<K>, c: Condition): string;
  /** The token the option's key takes while its requirement fails (undefined: a multi option has no single key). */
  inactiveToken(o: OptionOf<K>): string | undefined;
  /** The condition under which one of the option's values is chosen. */
  valueCondition(o: OptionOf<K>, value: string): Condition;
  /** How a `<Pick>` key maps to a token, or undefined when the kind cannot be picked from. */
  pickToken: ((o: OptionOf<K>, key: string) => string | undefined) | undefined;
  /** A value that satisfies what a `requires` entry naming this option asks (the first one it names). */
  satisfying(o: OptionOf<K>, wanted: Wanted): ValueOf<K>;
  /** The values to compare when showing what the option changes: each choice, on and off, no value and each value alone. */
  variants(o: OptionOf<K>): ValueOf<K>[];
}

const booleanKind: Kind<'boolean'> = {
  defaultValue: (o) => o.default,
  inactiveValue: () => false,
  parse: (_o, raw) => (raw === true || raw === '1' || raw === 'true' ? true : raw === false || raw === '0' || raw === 'false' ? false : undefined),
  format: (v) => (v ? '1' : '0'),
  tokens: (o, v) => ({ [o.id]: v ? '1' : '0' }),
  satisfies: (v, wanted) => asList(wanted).some((w) => w === (v ?? false)),
  describe: (o, v) => (v ? o.label : o.offLabel),
  fromForm: (values) => values.length > 0,
};

/** The `<Pick>` keys of an on/off option and their tokens (a Map: a key such as "constructor" is simply not one). */
const BOOLEAN_PICK_KEYS = new Map([['true', '1'], ['false', '0'], ['1', '1'], ['0', '0']]);

const booleanAuthoring: AuthoringKind<'boolean'> = {
  keys: (o) => [{ key: o.id, option: o, tokens: ['1', '0'] }],
  wantedProblem: (o, wanted) => (asList(wanted).every((w) => typeof w === 'boolean') ? undefined : `option "${o.id}" is on/off: require true or false`),
  wantedCondition: (o, wanted) => ({ key: o.id, tokens: asList(wanted).map((w) => (w ? '1' : '0')) }),
  wantedLabel: (o, wanted) => asList(wanted).map((w) => (w ? o.label : o.offLabel)).join(' or '),
  chips: (o) => [
    { label: o.label, when: { [o.id]: '1' }, isDefault: o.default },
    { label: o.offLabel, when: { [o.id]: '0' }, isDefault: !o.default },
  ],
  whenCondition: (o, value) =>
    typeof value === 'boolean' ? { key: o.id, tokens: [value ? '1' : '0'] } : `option "${o.id}" is on/off: write <When ${o.id}> or <When ${o.id}={false}>`,
  conditionLabel: (o, c) => (c.tokens.includes('1') ? o.label : o.offLabel),
  inactiveToken: () => '0',
  valueCondition: (o, value) => ({ key: o.id, tokens: [value === 'true' || value === '1' ? '1' : '0'] }),
  pickToken: (_o, key) => BOOLEAN_PICK_KEYS.get(key),
  satisfying: (_o, wanted) => asList(wanted)[0] === true,
  variants: (o) => [o.default, !o.default],
};

const choiceTokens = (o: OptionOf<'choice'>): string[] => {
  const tokens = o.values.map((v) => v.value);
  if (o.fallback && !tokens.includes(o.fallback.value)) tokens.push(o.fallback.value);
  return tokens;
};
const choiceLabel = (o: OptionOf<'choice'>, token: string): string =>
  o.values.find((v) => v.value === token)?.label ?? (o.fallback?.value === token ? o.fallback.label : token);

const choiceKind: Kind<'choice'> = {
  defaultValue: (o) => o.default,
  inactiveValue: (o) => o.fallback?.value,
  parse: (o, raw) => {
    const v = typeof raw === 'number' ? String(raw) : raw;
    return isText(v) && o.values.some((x) => x.value === v) ? v : undefined;
  },
  format: (v) => v,
  tokens: (o, v) => ({ [o.id]: v ?? INACTIVE }),
  satisfies: (v, wanted) => v !== undefined && asList(wanted).some((w) => String(w) === v),
  describe: (o, v) => choiceLabel(o, v),
  fromForm: (values) => values[0],
};

const choiceAuthoring: AuthoringKind<'choice'> = {
  keys: (o) => [{ key: o.id, option: o, tokens: choiceTokens(o) }],
  wantedProblem: (o, wanted) => {
    const bad = asList(wanted).filter((w) => typeof w === 'boolean' || !o.values.some((v) => v.value === String(w)));
    return bad.length ? `option "${o.id}" has no value ${bad.map((b) => JSON.stringify(b)).join(', ')} (values: ${o.values.map((v) => v.value).join(', ')})` : undefined;
  },
  wantedCondition: (o, wanted) => ({ key: o.id, tokens: asList(wanted).map(String) }),
  wantedLabel: (o, wanted) => asList(wanted).map((w) => choiceLabel(o, String(w))).join(' or '),
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

const multiKind: Kind<'multi'> = {
  defaultValue: (o) => [...o.default],
  inactiveValue: () => [],
  parse: (o, raw) => {
    const items = Array.isArray(raw) ? raw : isText(raw) ? raw.split(',') : undefined;
    if (!items) return undefined;
    const picked = new Set(items.filter(isText).map((s) => s.trim()));
    // Keep the game's own order, so equal sets serialise equally.
    return o.values.map((v) => v.value).filter((v) => picked.has(v));
  },
  format: (v) => v.join(','),
  tokens: (o, v) => {
    const chosen = v ?? [];
    const out: Record<string, string> = Object.fromEntries(o.values.map((x) => [multiKey(o.id, x.value), chosen.includes(x.value) ? '1' : '0']));
    out[noneKey(o.id)] = chosen.length === 0 ? '1' : '0';
    return out;
  },
  satisfies: (v, wanted) => asList(wanted).some((w) => (v ?? []).includes(String(w))),
  describe: (o, v) => {
    const chosen = o.values.filter((x) => v.includes(x.value));
    return chosen.length ? `${o.label}: ${chosen.map((x) => x.label).join(', ')}` : o.noneLabel;
  },
  fromForm: (values) => values,
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
    if (typeof value !== 'string' && typeof value !== 'number') return `option "${o.id}" takes one value per <When>, e.g. ${o.id}="${o.values[0]!.value}"`;
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

/** The rules of every kind. A kind missing here is a type error. */
const KINDS: { [K in OptionKind]: Kind<K> } = { boolean: booleanKind, choice: choiceKind, multi: multiKind };
const AUTHORING: { [K in OptionKind]: AuthoringKind<K> } = { boolean: booleanAuthoring, choice: choiceAuthoring, multi: multiAuthoring };
/**
 * The rules of one option's kind, for helpers that take any option. TypeScript cannot narrow a union through a
 * lookup, so the kind's rules are widened here, once; `KINDS` above keeps each kind's own types exact.
 */
const rules = (o: GameOption): Kind<OptionKind> => KINDS[o.type] as unknown as Kind<OptionKind>;
/** The authoring rules of one option's kind (widened likewise). */
const authoring = (o: GameOption): AuthoringKind<OptionKind> => AUTHORING[o.type] as unknown as AuthoringKind<OptionKind>;

/** The option of a game with this id. */
export const findOption = (game: OptionsGame, id: string): GameOption | undefined => game.options.find((o) => o.id === id);

/** The values an option lists (a boolean lists none), each with its label and, where given, its entry. */
export const optionValues = (option: GameOption): { value: string; label: string; entry?: string }[] => ('values' in option ? option.values : []);

/** The entries that describe one value of an option (a character, a mod, an objective): each applies only when that
 * value is chosen. */
export const choiceEntries = (game: Pick<OptionsGame, 'options'>): Set<string> =>
  new Set(game.options.flatMap((o) => optionValues(o).flatMap((v) => (v.entry ? [v.entry] : []))));

/** An option's default value. */
export const defaultValue = (option: GameOption): OptionValue => rules(option).defaultValue(option);

/** Every option at its default. */
export function defaultSettings(game: OptionsGame): Settings {
  return Object.fromEntries(game.options.map((o) => [o.id, defaultValue(o)]));
}

/** Reads one option value from its URL, storage or form form. Returns undefined for anything invalid; never throws. */
export function parseOptionValue(option: GameOption, raw: unknown): OptionValue | undefined {
  return rules(option).parse(option, raw);
}

/** The URL form of one option's value: `1`/`0`, the choice value, or a comma list. */
export function formatOptionValue(option: GameOption, value: OptionValue): string {
  return rules(option).format(value);
}

/** The settings a form holds: `values(id)` gives the values of the fields named after option `id`. */
export function settingsFromForm(game: OptionsGame, values: (id: string) => string[]): Settings {
  return parseSettings(game, Object.fromEntries(game.options.map((o) => [o.id, rules(o).fromForm(values(o.id))])));
}

/**
 * The valid options found in a query string or in any value at all (e.g. parsed localStorage JSON, whatever its shape).
 * Unknown ids, inherited keys and invalid values are ignored, never an error; of an option named twice in a query, the
 * first valid value counts.
 */
export function parseSettings(game: OptionsGame, input: unknown): Settings {
  const out: Settings = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  // A query may name an option more than once: its first valid value counts.
  const get = (id: string): unknown[] => {
    if (input instanceof URLSearchParams) return input.getAll(id);
    return Object.prototype.hasOwnProperty.call(input, id) ? [(input as Record<string, unknown>)[id]] : [];
  };
  for (const option of game.options) {
    for (const raw of get(option.id)) {
      const value = raw === undefined || raw === null ? undefined : parseOptionValue(option, raw);
      if (value === undefined) continue;
      out[option.id] = value;
      break;
    }
  }
  return out;
}

/**
 * A query string (without `?`) carrying the given options, in the game's option order.
 * `only` limits it to some option ids (an entry's own options); defaults are included, so that the link
 * means the same setup whatever the reader's own settings are.
 */
export function serializeSettings(game: OptionsGame, settings: Settings, only?: readonly string[]): string {
  const full = { ...defaultSettings(game), ...settings };
  const params = new URLSearchParams();
  for (const option of game.options) {
    if (only && !only.includes(option.id)) continue;
    params.set(option.id, formatOptionValue(option, full[option.id]!));
  }
  return params.toString().replace(/%2C/g, ',');
}

/**
 * A shared setup as a short query (without `?`): every option whose value differs from the game's default, in the
 * game's option order (`players=4&story=1&seasons=5`). Options at their default are left out, since a page opened
 * from a link takes the defaults for every option the link does not name. A setup with nothing changed still names
 * one option (the game's first, at its default), so that the link is recognised as a setup and shows the defaults
 * rather than the reader's own. A game without options gives an empty query.
 */
export function setupQuery(game: OptionsGame, settings: Settings): string {
  const full = { ...defaultSettings(game), ...parseSettings(game, settings) };
  const changed = game.options.filter((o) => formatOptionValue(o, full[o.id]!) !== formatOptionValue(o, defaultValue(o))).map((o) => o.id);
  if (!changed.length && game.options.length) changed.push(game.options[0]!.id);
  return serializeSettings(game, full, changed);
}

/**
 * The setup a page shows: when its link names any valid option of the game (`fromUrl`), that is a whole shared setup,
 * the link's options over the game's defaults, never over the reader's own; otherwise the reader's saved setup.
 * For the same option the link always wins.
 */
export function shownSettings(game: OptionsGame, saved: Settings, fromUrl: Settings): Settings {
  return Object.keys(fromUrl).length ? { ...defaultSettings(game), ...fromUrl } : { ...saved };
}

/**
 * The options a shared setup's note names: those the link names, those that differ from the game's default, and
 * those that differ from the reader's own, in the game's option order.
 */
export function sharedOptionIds(game: OptionsGame, shown: Settings, saved: Settings, fromUrl: Settings): string[] {
  const format = (s: Settings, o: GameOption) => formatOptionValue(o, { ...defaultSettings(game), ...s }[o.id]!);
  return game.options
    .filter((o) => o.id in fromUrl || format(shown, o) !== format({}, o) || format(shown, o) !== format(saved, o))
    .map((o) => o.id);
}

/**
 * The value each option takes in play: the chosen (or default) value while its `requires` holds, otherwise its
 * inactive value (off, the fallback, nothing chosen; `undefined` for a choice without a fallback).
 * Requirements are checked against these effective values, so chains of requirements resolve.
 */
export function effectiveSettings(game: OptionsGame, settings: Settings): Record<string, OptionValue | undefined> {
  const full = { ...defaultSettings(game), ...settings };
  // Null prototype: `option.id in out` below must not find "constructor" or "toString" on Object.prototype.
  const out: Record<string, OptionValue | undefined> = Object.create(null) as Record<string, OptionValue | undefined>;
  const resolving = new Set<string>();
  const resolve = (option: GameOption): OptionValue | undefined => {
    if (option.id in out) return out[option.id];
    if (resolving.has(option.id)) return undefined; // a cycle: refused by optionProblems; never loops here
    resolving.add(option.id);
    const active = Object.entries(option.requires ?? {}).every(([id, wanted]) => {
      const other = findOption(game, id);
      return !!other && rules(other).satisfies(resolve(other), wanted);
    });
    out[option.id] = active ? full[option.id] : rules(option).inactiveValue(option);
    resolving.delete(option.id);
    return out[option.id];
  };
  game.options.forEach(resolve);
  return out;
}

/** Whether an option is in play: every option named in its `requires` holds one of the required values. */
export function isActive(game: OptionsGame, optionId: string, settings: Settings): boolean {
  const option = findOption(game, optionId);
  if (!option?.requires) return true;
  const eff = effectiveSettings(game, settings);
  return Object.entries(option.requires).every(([id, wanted]) => {
    const other = findOption(game, id);
    return !!other && rules(other).satisfies(eff[id], wanted);
  });
}

/**
 * Whether some setup meets every condition at once (several conditions on one key must all hold): text under
 * conditions that cannot all hold never shows. Tries every value of the options the conditions name and of the
 * options those require (for a multi option, every set of the values named), the others at their defaults, with
 * requirements applied as in play (in solo, `players` takes its fallback). Past 4096 setups it answers true.
 */
export function conditionsCanHold(game: OptionsGame, conditions: readonly Condition[]): boolean {
  const keys = conditionKeys(game);
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
      return conditions.every((c) => c.tokens.includes(tokens[c.key] ?? ''));
    }
    return choices[i]!.some((v) => tryFrom(i + 1, { ...settings, [ids[i]!]: v }));
  };
  return tryFrom(0, {});
}

/** Every condition key of a game with the tokens it can take. */
export function conditionKeys(game: OptionsGame): Map<string, ConditionKey> {
  return new Map(game.options.flatMap((o) => authoring(o).keys(o)).map((k) => [k.key, k]));
}

/** The effective token of every condition key for these settings (defaults filled in, requirements applied). */
export function currentTokens(game: OptionsGame, settings: Settings): Record<string, string> {
  const eff = effectiveSettings(game, settings);
  return Object.assign({}, ...game.options.map((o) => rules(o).tokens(o, eff[o.id])));
}

/** The condition under which an option's `requires` holds, as condition keys and tokens. */
function requirementConditions(game: OptionsGame, option: GameOption): Record<string, string> {
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
export function requirementTokens(game: OptionsGame, option: GameOption): Record<string, string[]> {
  return Object.fromEntries(Object.entries(requirementConditions(game, option)).map(([k, t]) => [k, t.split(' ')]));
}

/** The token an option's key takes while its requirement fails; undefined for a multi option (no single key). */
export const inactiveToken = (option: GameOption): string | undefined => authoring(option).inactiveToken(option);

/** The condition under which one value of an option is chosen (`character=imrael`, `mods-tire=1`). */
export const valueCondition = (option: GameOption, value: string): Condition => authoring(option).valueCondition(option, value);

/** "Epic game (3 stages)", "Multiplayer": what an option's `requires` asks, for people. */
export function requirementLabel(game: OptionsGame, option: GameOption): string {
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
export function setupChips(game: OptionsGame, only?: readonly string[]): SetupChip[] {
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

/** A short human description of a setup ("Solo play (bot) · 5 seasons"), listing the active options in `only`. */
export function describeSettings(game: OptionsGame, settings: Settings, only?: readonly string[]): string {
  const full = { ...defaultSettings(game), ...settings };
  return game.options
    .filter((o) => (!only || only.includes(o.id)) && isActive(game, o.id, full))
    .map((o) => rules(o).describe(o, full[o.id]!))
    .join(' · ');
}

/** Whether two settings objects mean the same setup (after defaults). */
export function sameSettings(game: OptionsGame, a: Settings, b: Settings): boolean {
  return serializeSettings(game, a) === serializeSettings(game, b);
}

/** The condition of one `<When>` prop (`solo`, `seasons={[5, 4]}`, `mods="tire"`), or what is wrong with it. */
export function whenCondition(game: OptionsGame, name: string, value: PropValue): (Condition & { option: GameOption }) | string {
  const option = findOption(game, name);
  if (!option) return `names unknown option "${name}" (the game's options: ${game.options.map((o) => o.id).join(', ')})`;
  const c = authoring(option).whenCondition(option, value);
  return typeof c === 'string' ? c : { ...c, option };
}

/** The label of a variant block shown under these conditions ("Solo play (bot) · 5 seasons or 4 seasons"). */
export function conditionLabel(game: OptionsGame, conditions: readonly Condition[]): string {
  const keys = conditionKeys(game);
  return conditions
    .map((c) => {
      const option = keys.get(c.key)?.option;
      return option ? authoring(option).conditionLabel(option, c) : c.key;
    })
    .join(' · ');
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
export function optionVariants(game: OptionsGame, optionId: string): OptionVariant[] {
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
      label: rules(option).describe(option, value),
      isDefault: JSON.stringify(value) === def,
      condition: variantCondition(option, value),
    }));
}

/** Problems of a game's option definitions (defaults, requirements), by path below `options`. */
export function optionProblems(game: OptionsGame): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  game.options.forEach((o, i) => {
    if (seen.has(o.id)) problems.push({ path: [i, 'id'], message: `duplicate option id "${o.id}"` });
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
      if (values && !values.includes(v)) problems.push({ path: [i, 'default'], message: `default "${v}" is not one of the values (${values.join(', ')})` });
    for (const [id, wanted] of Object.entries(o.requires ?? {})) {
      const other = findOption(game, id);
      if (!other || id === o.id) {
        problems.push({ path: [i, 'requires', id], message: `requires names unknown option "${id}" (options: ${game.options.map((x) => x.id).join(', ')})` });
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

/** Attribute name a condition key is tagged with in the HTML. */
export const conditionAttr = (key: string): string => `data-w-${key}`;

/** One `key=token` pair, as listed in `data-any`. */
export const anyPair = (key: string, token: string): string => `${key}=${token}`;

/**
 * CSS that hides every conditional fragment not matching the current tokens. One rule per key,
 * independent of the page, so the same stylesheet works on every page of the game.
 * With `any` (pages that use it), `data-any="k=t k=t"` elements show when at least one pair holds, and `data-any-empty` elements only while no
 * `data-any` element of the page does (e.g. "nothing chosen yet").
 * `shared` (the option ids of a shared link) hides the setup chips of every other option while the page shows that
 * link's setup (`<html data-shared>`), so the note names exactly the link's options.
 */
export function visibilityCss(tokens: Record<string, string>, { any = false, shared = [] }: { any?: boolean; shared?: readonly string[] } = {}): string {
  const entries = Object.entries(tokens);
  const hide = '{display:none!important}';
  let css = entries.map(([key, token]) => `[${conditionAttr(key)}]:not([${conditionAttr(key)}~="${token}"])`).join(',') + hide;
  if (any) {
    const holds = `:is(${entries.map(([k, t]) => `[data-any~="${anyPair(k, t)}"]`).join(',')})`;
    css += `[data-any]:not(${holds})${hide}body:has([data-any]${holds}) [data-any-empty]${hide}`;
  }
  if (shared.length) css += `:root[data-shared] [data-chip]:not(${shared.map((id) => `[data-chip="${id}"]`).join(',')})${hide}`;
  return css;
}
