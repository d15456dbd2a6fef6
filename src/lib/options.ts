/**
 * Play options at run time, one model: what each option kind (boolean, choice, multi) means in play, decided once in
 * `KINDS`. Parsing URLs, storage and forms, share links, requirements in play, condition tokens and the CSS that shows
 * the matching conditional text all go through it. Adding a kind to the game schema is a type error here until the
 * kind is handled. What a kind means for authors and the build (conditions, labels, checks of game files, `<When>`/
 * `<Pick>` props) is in `option-authoring.ts`, which builds on this module (never the reverse).
 *
 * Pure: no DOM, no Astro. The same code runs at build time and in the browser, bundled into the head script
 * (`src/client/head.ts`), which is why it carries nothing the browser does not need. The head script's copy of a game
 * has no wording (`RuntimeOption`: no labels, help or entry links); only `describeSettings` and `describeValue` need
 * it, and take the game's options as written (`GameOption`).
 */
import type { Game, GameOption } from '../schemas/game';

/** A value chosen for one option: a boolean, a choice value, or a list of multi values. */
export type OptionValue = boolean | string | string[];
/** Chosen values by option id. Missing ids take the option's default. */
export type Settings = Record<string, OptionValue>;
/** The keys of an option (or of one of its values) that only put it into words. */
type Wording = 'label' | 'offLabel' | 'noneLabel' | 'help' | 'entry';
/** `T` without its wording, at any depth (an option's values and fallback included). */
type Unworded<T> = T extends readonly (infer E)[]
  ? Unworded<E>[]
  : T extends object
    ? { [K in keyof T as K extends Wording ? never : K]: Unworded<T[K]> }
    : T;
/**
 * What the option model reads of an option at run time: its id, kind, values, default, fallback and requirements.
 * A game file's option (`GameOption`) is one; the head script's copy of a game is made of these.
 */
export type RuntimeOption = Unworded<GameOption>;
/** The minimal shape of a game that the option logic needs. */
export type OptionsGame = { id: string; options: RuntimeOption[] };
/** A game's options as written, wording included: what describing a setup in words needs. */
export type WordedGame = Pick<Game, 'id' | 'options'>;
/** What a `requires` entry asks of another option: a boolean, a value, or any of several values. */
export type Wanted = boolean | string | string[];
/** An option kind, as named in the game files. */
export type OptionKind = GameOption['type'];
/** One option kind's own option type at run time (`OptionOf<'choice'>` has `values` and `fallback`). */
export type OptionOf<K extends OptionKind> = Extract<RuntimeOption, { type: K }>;
/** One option kind's own option type as written, wording included. */
export type WordedOptionOf<K extends OptionKind> = Extract<GameOption, { type: K }>;
/** The value type of one option kind: on/off, one value, or a list of values. */
export type ValueOf<K extends OptionKind> = K extends 'boolean' ? boolean : K extends 'choice' ? string : string[];

/** The token a choice option takes while inactive and without a fallback: matches no condition. */
export const INACTIVE = 'off';
/** The condition key of a multi option's single value, e.g. `mods` + `tire` → `mods-tire`. */
export const multiKey = (optionId: string, value: string): string => `${optionId}-${value}`;
/** The key that is `1` when a multi option has nothing chosen (for "no mods" labels); not usable in entries. */
export const noneKey = (optionId: string): string => `${optionId}--none`;

/** The values a `requires` entry names, as a list (one value is a list of one). */
export const wantedList = (w: Wanted): (string | boolean)[] => (Array.isArray(w) ? w : [w]);
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
}

const booleanKind: Kind<'boolean'> = {
  defaultValue: (o) => o.default,
  inactiveValue: () => false,
  parse: (_o, raw) => {
    if (raw === true || raw === '1' || raw === 'true') return true;
    return raw === false || raw === '0' || raw === 'false' ? false : undefined;
  },
  format: (v) => (v ? '1' : '0'),
  tokens: (o, v) => ({ [o.id]: v ? '1' : '0' }),
  satisfies: (v, wanted) => wantedList(wanted).some((w) => w === (v ?? false)),
};

const choiceKind: Kind<'choice'> = {
  defaultValue: (o) => o.default,
  inactiveValue: (o) => o.fallback?.value,
  parse: (o, raw) => {
    const v = typeof raw === 'number' ? String(raw) : raw;
    return isText(v) && o.values.some((x) => x.value === v) ? v : undefined;
  },
  format: (v) => v,
  tokens: (o, v) => ({ [o.id]: v ?? INACTIVE }),
  satisfies: (v, wanted) => v !== undefined && wantedList(wanted).some((w) => String(w) === v),
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
    const out: Record<string, string> = Object.fromEntries(
      o.values.map((x) => [multiKey(o.id, x.value), chosen.includes(x.value) ? '1' : '0']),
    );
    out[noneKey(o.id)] = chosen.length === 0 ? '1' : '0';
    return out;
  },
  satisfies: (v, wanted) => wantedList(wanted).some((w) => (v ?? []).includes(String(w))),
};

/** The rules of every kind. A kind missing here is a type error. */
const KINDS: { [K in OptionKind]: Kind<K> } = { boolean: booleanKind, choice: choiceKind, multi: multiKind };
/**
 * The rules of one option's kind, for helpers that take any option. TypeScript cannot narrow a union through a
 * lookup, so the kind's rules are widened here, once; `KINDS` above keeps each kind's own types exact.
 */
const rules = (o: RuntimeOption): Kind<OptionKind> => KINDS[o.type] as unknown as Kind<OptionKind>;

/**
 * What each kind's values read as in words, and how a form's fields give its raw value. Apart from `KINDS` so that
 * code that never describes a setup (the head script) carries none of it.
 */
const WORDS: {
  [K in OptionKind]: {
    /** A human label of a value ("Solo play (bot)", "Mods: Tire, Glom"). */
    describe(o: WordedOptionOf<K>, v: ValueOf<K>): string;
    /** The raw value of a form's fields named after the option (a checkbox sends its value only when ticked). */
    fromForm(values: string[]): unknown;
  };
} = {
  boolean: { describe: (o, v) => (v ? o.label : o.offLabel), fromForm: (values) => values.length > 0 },
  choice: {
    describe: (o, v) => o.values.find((x) => x.value === v)?.label ?? (o.fallback?.value === v ? o.fallback.label : v),
    fromForm: (values) => values[0],
  },
  multi: {
    describe: (o, v) => {
      const chosen = o.values.filter((x) => v.includes(x.value));
      return chosen.length ? `${o.label}: ${chosen.map((x) => x.label).join(', ')}` : o.noneLabel;
    },
    fromForm: (values) => values,
  },
};
/** One option's entry in `WORDS`, widened as `rules` widens `KINDS`. */
const words = (o: GameOption) =>
  WORDS[o.type] as unknown as { describe(o: GameOption, v: OptionValue): string; fromForm(values: string[]): unknown };

/** The option of a game with this id. */
export const findOption = <O extends RuntimeOption>(game: { options: O[] }, id: string): O | undefined =>
  game.options.find((o) => o.id === id);

/** An option's default value. */
export const defaultValue = (option: RuntimeOption): OptionValue => rules(option).defaultValue(option);

/** Every option at its default. */
export function defaultSettings(game: OptionsGame): Settings {
  return Object.fromEntries(game.options.map((o) => [o.id, defaultValue(o)]));
}

/** Reads one option value from its URL, storage or form form. Returns undefined for anything invalid; never throws. */
export function parseOptionValue(option: RuntimeOption, raw: unknown): OptionValue | undefined {
  return rules(option).parse(option, raw);
}

/** The URL form of one option's value: `1`/`0`, the choice value, or a comma list. */
export function formatOptionValue(option: RuntimeOption, value: OptionValue): string {
  return rules(option).format(value);
}

/** The settings a form holds: `values(id)` gives the values of the fields named after option `id`. */
export function settingsFromForm(game: OptionsGame, values: (id: string) => string[]): Settings {
  return parseSettings(game, Object.fromEntries(game.options.map((o) => [o.id, WORDS[o.type].fromForm(values(o.id))])));
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
      const value = parseOptionValue(option, raw);
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
  const format = (s: Settings, o: RuntimeOption) => formatOptionValue(o, { ...defaultSettings(game), ...s }[o.id]!);
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
  const resolve = (option: RuntimeOption): OptionValue | undefined => {
    if (option.id in out) return out[option.id];
    if (resolving.has(option.id)) return undefined; // a cycle: refused by optionProblems (option-authoring.ts); never loops
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

/** The effective token of every condition key for these settings (defaults filled in, requirements applied). */
export function currentTokens(game: OptionsGame, settings: Settings): Record<string, string> {
  const eff = effectiveSettings(game, settings);
  return Object.assign({}, ...game.options.map((o) => rules(o).tokens(o, eff[o.id])));
}

/** A short human description of a setup ("Solo play (bot) · 5 seasons"), listing the active options in `only`. */
export function describeSettings(game: WordedGame, settings: Settings, only?: readonly string[]): string {
  const full = { ...defaultSettings(game), ...settings };
  return game.options
    .filter((o) => (!only || only.includes(o.id)) && isActive(game, o.id, full))
    .map((o) => describeValue(o, full[o.id]!))
    .join(' · ');
}

/** Whether two settings objects mean the same setup (after defaults). */
export function sameSettings(game: OptionsGame, a: Settings, b: Settings): boolean {
  return serializeSettings(game, a) === serializeSettings(game, b);
}

/** A human label of one value of an option ("Solo play (bot)", "5 seasons", "Mods: Tire, Glom", "No mods"). */
export const describeValue = (option: GameOption, value: OptionValue): string => words(option).describe(option, value);

/** Attribute name a condition key is tagged with in the HTML. */
export const conditionAttr = (key: string): string => `data-w-${key}`;

/** One `key=token` pair, as listed in `data-any` and in `ANY_ATTR`. */
export const anyPair = (key: string, token: string): string => `${key}=${token}`;

/**
 * The attribute of a `<When any ...>` element: the `key=token` pairs (`anyPair`) of its alternatives, the element
 * showing while at least one holds. No condition key is `any` (the option id is reserved, see `optionProblems`).
 */
export const ANY_ATTR = /* @__PURE__ */ conditionAttr('any');

/**
 * CSS that hides every conditional fragment not matching the current tokens. One selector per key, and one for
 * `<When any ...>` elements (`ANY_ATTR`: hidden unless one of their pairs is a current one), independent of the page,
 * so the same stylesheet works on every page of the game.
 * With `any` (pages that use it), `data-any="k=t k=t"` elements show when at least one pair holds, and `data-any-empty`
 * elements only while no `data-any` element of the page does (e.g. "nothing chosen yet").
 * `shared` (the option ids of a shared link) hides the setup chips of every other option while the page shows that
 * link's setup (`<html data-shared>`), so the note names exactly the link's options.
 */
export function visibilityCss(
  tokens: Record<string, string>,
  { any = false, shared = [] }: { any?: boolean; shared?: readonly string[] } = {},
): string {
  const entries = Object.entries(tokens);
  if (!entries.length) return ''; // a game without options: nothing to hide
  const hide = '{display:none!important}';
  let css = entries.map(([key, token]) => `[${conditionAttr(key)}]:not([${conditionAttr(key)}~="${token}"])`).join(',');
  css += `,[${ANY_ATTR}]:not(${entries.map(([k, t]) => `[${ANY_ATTR}~="${anyPair(k, t)}"]`).join(',')})`;
  css += hide;
  if (any) {
    const holds = `:is(${entries.map(([k, t]) => `[data-any~="${anyPair(k, t)}"]`).join(',')})`;
    css += `[data-any]:not(${holds})${hide}body:has([data-any]${holds}) [data-any-empty]${hide}`;
  }
  if (shared.length) css += `:root[data-shared] [data-chip]:not(${shared.map((id) => `[data-chip="${id}"]`).join(',')})${hide}`;
  return css;
}
