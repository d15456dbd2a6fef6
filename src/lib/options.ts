/**
 * Play options: parsing from URLs and storage, serialising for share links, resolving requirements,
 * and the atomic "condition keys" that conditional text is tagged with.
 *
 * Pure: no DOM, no Astro. The same code runs at build time and in the browser.
 */
import type { Game, GameOption } from '../schemas/game';

/** A value chosen for one option: a boolean, a choice value, or a list of multi values. */
export type OptionValue = boolean | string | string[];
/** Chosen values by option id. Missing ids take the option's default. */
export type Settings = Record<string, OptionValue>;
/** The minimal shape of a game that the option logic needs. */
export type OptionsGame = Pick<Game, 'id' | 'options'>;

/** The value `requires`-less options and missing settings fall back to. */
export function defaultValue(option: GameOption): OptionValue {
  return option.type === 'multi' ? [...option.default] : option.default;
}

/** Every option at its default. */
export function defaultSettings(game: OptionsGame): Settings {
  return Object.fromEntries(game.options.map((o) => [o.id, defaultValue(o)]));
}

/**
 * Reads one option value from its URL/storage form: booleans `1`/`0` (also `true`/`false`), choices by value,
 * multi as a comma list (unknown items dropped). Returns undefined for anything invalid.
 */
export function parseOptionValue(option: GameOption, raw: unknown): OptionValue | undefined {
  if (option.type === 'boolean') {
    if (raw === true || raw === '1' || raw === 'true') return true;
    if (raw === false || raw === '0' || raw === 'false') return false;
    return undefined;
  }
  if (option.type === 'choice') {
    const v = typeof raw === 'number' ? String(raw) : raw;
    return typeof v === 'string' && option.values.some((x) => x.value === v) ? v : undefined;
  }
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!items) return undefined;
  const known = option.values.map((x) => x.value);
  const picked = new Set(items.map((s) => String(s).trim()).filter((s) => known.includes(s)));
  // Keep the game's own order, so equal sets serialise equally.
  return known.filter((v) => picked.has(v));
}

/**
 * The valid options found in a query string or a plain object (e.g. parsed localStorage JSON).
 * Unknown ids and invalid values are ignored, never an error.
 */
export function parseSettings(game: OptionsGame, input: URLSearchParams | Record<string, unknown> | null | undefined): Settings {
  const out: Settings = {};
  if (!input || typeof input !== 'object') return out;
  const get = (id: string): unknown =>
    input instanceof URLSearchParams ? (input.has(id) ? input.get(id) : undefined) : (input as Record<string, unknown>)[id];
  for (const option of game.options) {
    const raw = get(option.id);
    if (raw === undefined || raw === null) continue;
    const value = parseOptionValue(option, raw);
    if (value !== undefined) out[option.id] = value;
  }
  return out;
}

/** The URL form of one value: `1`/`0`, the choice value, or a comma list. */
export function formatOptionValue(value: OptionValue): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return Array.isArray(value) ? value.join(',') : value;
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
    params.set(option.id, formatOptionValue(full[option.id]!));
  }
  return params.toString().replace(/%2C/g, ',');
}

function holds(wanted: boolean | string | string[], actual: OptionValue): boolean {
  const list = Array.isArray(wanted) ? wanted : [wanted];
  return list.some((w) => (typeof actual === 'boolean' ? w === actual : Array.isArray(actual) ? actual.includes(String(w)) : String(w) === actual));
}

/** Whether an option is in play: every option named in its `requires` holds one of the required values. */
export function isActive(game: OptionsGame, optionId: string, settings: Settings): boolean {
  const option = game.options.find((o) => o.id === optionId);
  if (!option?.requires) return true;
  const full = { ...defaultSettings(game), ...settings };
  return Object.entries(option.requires).every(([id, wanted]) => holds(wanted, full[id]!));
}

/** The condition key of a multi option's single value, e.g. `mods` + `tire` → `mods-tire`. */
export const multiKey = (optionId: string, value: string): string => `${optionId}-${value}`;

/** The token a choice option takes while inactive and without a fallback: matches no condition. */
export const INACTIVE = 'off';

/**
 * Every condition key of a game with the tokens it can take. Conditional text is tagged
 * `data-w-<key>="<token> <token>"` and shown when the key's current token is among them.
 * Booleans and each multi value use `1`/`0`; choices use their values (plus the fallback value, if any).
 */
export function conditionKeys(game: OptionsGame): Map<string, { option: GameOption; tokens: string[]; value?: string }> {
  const keys = new Map<string, { option: GameOption; tokens: string[]; value?: string }>();
  for (const option of game.options) {
    if (option.type === 'boolean') keys.set(option.id, { option, tokens: ['1', '0'] });
    else if (option.type === 'choice') {
      const tokens = option.values.map((v) => v.value);
      if (option.fallback && !tokens.includes(option.fallback.value)) tokens.push(option.fallback.value);
      keys.set(option.id, { option, tokens });
    } else for (const v of option.values) keys.set(multiKey(option.id, v.value), { option, tokens: ['1', '0'], value: v.value });
  }
  return keys;
}

/** The effective token of every condition key for these settings (defaults filled in, requirements applied). */
export function currentTokens(game: OptionsGame, settings: Settings): Record<string, string> {
  const full = { ...defaultSettings(game), ...settings };
  const out: Record<string, string> = {};
  for (const option of game.options) {
    const active = isActive(game, option.id, full);
    const value = full[option.id]!;
    if (option.type === 'boolean') out[option.id] = active && value === true ? '1' : '0';
    else if (option.type === 'choice')
      out[option.id] = active ? String(value) : (option.fallback?.value ?? INACTIVE);
    else {
      const chosen = active ? (value as string[]) : [];
      for (const v of option.values) out[multiKey(option.id, v.value)] = chosen.includes(v.value) ? '1' : '0';
      out[noneKey(option.id)] = chosen.length === 0 ? '1' : '0';
    }
  }
  return out;
}

/** The key that is `1` when a multi option has nothing chosen (for "no mods" labels); not usable in entries. */
export const noneKey = (optionId: string): string => `${optionId}--none`;

/** One label of a setup summary, shown only while its conditions hold (same mechanism as conditional text). */
export interface SetupChip {
  label: string;
  /** Condition key → space-separated tokens; the chip shows when every key has one of its tokens. */
  when: Record<string, string>;
}

/** Tokens of option `id` that satisfy a `requires` value. */
function requiredTokens(game: OptionsGame, id: string, wanted: boolean | string | string[]): string {
  const option = game.options.find((o) => o.id === id);
  const list = Array.isArray(wanted) ? wanted : [wanted];
  return list.map((w) => (option?.type === 'boolean' ? (w === true || w === 'true' ? '1' : '0') : String(w))).join(' ');
}

/**
 * Every label a summary of these options may show ("2 players", "Underground map", "No mods"), each tagged
 * with the condition under which it is true. Rendered in the HTML, the page's options CSS hides the false ones,
 * so the summary is right before any script runs (no layout shift).
 */
export function setupChips(game: OptionsGame, only?: readonly string[]): SetupChip[] {
  const chips: SetupChip[] = [];
  for (const option of game.options) {
    if (only && !only.includes(option.id)) continue;
    const req: Record<string, string> = {};
    for (const [id, wanted] of Object.entries(option.requires ?? {})) req[id] = requiredTokens(game, id, wanted);
    const lower = `${option.label.charAt(0).toLowerCase()}${option.label.slice(1)}`;
    if (option.type === 'boolean') {
      chips.push({ label: option.label, when: { ...req, [option.id]: '1' } });
      chips.push({ label: `No ${lower}`, when: { ...req, [option.id]: '0' } });
    } else if (option.type === 'choice') {
      for (const v of option.values) chips.push({ label: v.value === 'none' ? `No ${lower}` : v.label, when: { [option.id]: v.value } });
      if (option.fallback && !option.values.some((v) => v.value === option.fallback!.value))
        chips.push({ label: option.fallback.label, when: { [option.id]: option.fallback.value } });
    } else {
      for (const v of option.values) chips.push({ label: v.label, when: { [multiKey(option.id, v.value)]: '1' } });
      chips.push({ label: `No ${lower}`, when: { [noneKey(option.id)]: '1' } });
    }
  }
  return chips;
}

/** Attribute name a condition key is tagged with in the HTML. */
export const conditionAttr = (key: string): string => `data-w-${key}`;

/** One `key=token` pair, as listed in `data-any`. */
export const anyPair = (key: string, token: string): string => `${key}=${token}`;

/**
 * CSS that hides every conditional fragment not matching the current tokens. One rule per key,
 * independent of the page, so the same stylesheet works on every page of the game.
 * With `withAny` (pages that use it), also the "any" form: an element with `data-any="k=t k=t"` shows when at least one pair holds, and an element
 * with `data-any-empty` shows only while no `data-any` element of the page does (e.g. "nothing chosen yet").
 */
export function visibilityCss(tokens: Record<string, string>, withAny = false): string {
  const all = Object.entries(tokens)
    .map(([key, token]) => `[${conditionAttr(key)}]:not([${conditionAttr(key)}~="${token}"])`)
    .join(',') + '{display:none!important}';
  if (!withAny) return all;
  const holds = `:is(${Object.entries(tokens).map(([k, t]) => `[data-any~="${anyPair(k, t)}"]`).join(',')})`;
  return `${all}[data-any]:not(${holds}){display:none!important}body:has([data-any]${holds}) [data-any-empty]{display:none!important}`;
}

/** Whether two settings objects mean the same setup (after defaults). */
export function sameSettings(game: OptionsGame, a: Settings, b: Settings): boolean {
  return serializeSettings(game, a) === serializeSettings(game, b);
}

/** A short human description of a setup, e.g. "Solo play (bot), 5 seasons", listing the options in `only`. */
export function describeSettings(game: OptionsGame, settings: Settings, only?: readonly string[]): string {
  const full = { ...defaultSettings(game), ...settings };
  const parts: string[] = [];
  for (const option of game.options) {
    if (only && !only.includes(option.id)) continue;
    if (!isActive(game, option.id, full)) continue;
    const value = full[option.id]!;
    if (option.type === 'boolean') parts.push(value ? option.label : `no ${option.label.charAt(0).toLowerCase()}${option.label.slice(1)}`);
    else if (option.type === 'choice') parts.push(option.values.find((v) => v.value === value)?.label ?? String(value));
    else {
      const list = value as string[];
      parts.push(`${option.label}: ${list.length ? list.map((v) => option.values.find((x) => x.value === v)?.label ?? v).join(', ') : 'none'}`);
    }
  }
  return parts.join(' · ');
}
