/**
 * Play along (`/<game>/play/`), generated from the game file's `playAlong`: how many rounds the setup lasts (or the
 * triggers that end it), the phases of a round and what is special about a given round for a given setup.
 *
 * Conditions are the `<When>` model of `option-authoring.ts` (one option model): each line carries condition attributes
 * (`data-w-<key>`) that the options CSS shows or hides before the first paint, and `holds` decides the same thing
 * here for a setup. The current round is the only thing a page script decides; `parseRound`, `clampRound` and
 * `roundLabel` are its rules. Pure: no DOM, no Astro.
 */
import type { Game, PlayAlong, SetupCondition } from '../schemas/game';
import { holds, mergeWhen, attrKey, type WhenAttrs } from './fragments';
import { conditionAttr, currentTokens, type WordedGame, type Settings } from './options';
import { conditionKeys, optionVariants, whenCondition } from './option-authoring';
import { splitRef } from './entry-parts';

/** The most rounds a game without a fixed length counts to (and the most any stored round may be). */
export const MAX_ROUNDS = 99;

/** One length of the game: `rounds` rounds (in stages of `stage`) under the condition `when`. */
export interface PlayLength {
  rounds: number;
  stage?: number;
  when: WhenAttrs;
}

/** One line of the page (a phase, a special round, a trigger to watch, a step of the end), ready to render. */
export interface PlayLine {
  title: string;
  /** The rule's slug, and the part of it the line shows (a `<Part>` id, a heading id, a note's anchor) if any. */
  slug: string;
  anchor?: string;
  when: WhenAttrs;
  /** For a special line: the rounds it applies to (`last` already resolved for the line's setup). */
  rounds: number[];
  /** For a phase: the rounds it does not happen in (`last` already resolved for the line's setup). */
  except?: number[];
}

/** The whole page for every setup: what the HTML carries. */
export interface PlayPlan {
  unit: [string, string];
  stageWord?: string;
  lengths: PlayLength[];
  ends: PlayLine[];
  phases: PlayLine[];
  special: PlayLine[];
  /** How the game ends and is scored: the last round's checklist. */
  end: PlayLine[];
}

/** A problem of a game file's `playAlong`, by path below it. */
export interface PlayProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The condition attributes of a game-file condition (`{ mode: epic }`, `{ not: { solo: true } }`), as a `<When>`
 * with the same props would carry them; or the problems with it.
 */
export function conditionAttrs(game: WordedGame, cond: SetupCondition | undefined): WhenAttrs | string[] {
  const out: WhenAttrs = {};
  const problems: string[] = [];
  const keys = conditionKeys(game);
  const add = (name: string, value: unknown, negate: boolean) => {
    const c = whenCondition(game, name, value as Parameters<typeof whenCondition>[2]);
    if (typeof c === 'string') return void problems.push(c.startsWith('names') ? `${name}: ${c}` : c);
    const tokens = negate ? keys.get(c.key)!.tokens.filter((t) => !c.tokens.includes(t)) : c.tokens;
    Object.assign(out, mergeWhen(out, { [conditionAttr(c.key)]: tokens.join(' ') }));
  };
  for (const [name, value] of Object.entries(cond ?? {})) {
    if (name !== 'not') add(name, value, false);
    else {
      const inner = Object.entries(value as Record<string, unknown>);
      if (inner.length !== 1) problems.push('`not` takes exactly one option');
      else add(inner[0]![0], inner[0]![1], true);
    }
  }
  return problems.length ? problems : out;
}

/** Whether no setup can meet these conditions (two props on one key that allow no common value). */
const impossible = (when: WhenAttrs): boolean => Object.values(when).some((tokens) => tokens.trim() === '');

/**
 * The plan of a game's play-along page, with every line's condition. A special line for the `last` round becomes one
 * line per length of the game, each under that length's condition. Problems (bad conditions, `last` in a game with
 * no fixed length) are returned, not thrown; the lines they concern are left out.
 */
export function playPlan(game: Pick<Game, 'id' | 'options' | 'playAlong'>): { plan?: PlayPlan; problems: PlayProblem[] } {
  const pa: PlayAlong | undefined = game.playAlong;
  const problems: PlayProblem[] = [];
  if (!pa) return { problems };
  const attrs = (cond: SetupCondition | undefined, path: (string | number)[]): WhenAttrs | undefined => {
    const r = conditionAttrs(game, cond);
    if (Array.isArray(r)) {
      for (const message of r) problems.push({ path: [...path, 'when'], message });
      return undefined;
    }
    return r;
  };
  const lengths: PlayLength[] = [];
  pa.length.forEach((l, i) => {
    const when = attrs(l.when, ['length', i]);
    if (when) lengths.push({ rounds: l.rounds, ...(l.stage ? { stage: l.stage } : {}), when });
  });
  const line = (item: { title: string; entry: string }, when: WhenAttrs, rounds: number[]): PlayLine => ({
    title: item.title,
    ...splitRef(item.entry),
    when,
    rounds,
  });
  type Item = { title: string; entry: string; when?: SetupCondition };
  const one = (p: Item, name: string, i: number): PlayLine | undefined => {
    const when = attrs(p.when, [name, i]);
    return when ? line(p, when, []) : undefined;
  };
  const listed = (items: readonly Item[], name: string): PlayLine[] =>
    items.flatMap((p, i) => {
      const l = one(p, name, i);
      return l ? [l] : [];
    });
  const ends = listed(pa.ends, 'ends');
  // A phase skipped in the last round becomes one line per length, each skipping that length's last round.
  const phases = pa.phases.flatMap((item, i) => {
    const p = one(item, 'phases', i);
    const except = item.except;
    if (!p) return [];
    if (!except) return [p];
    const fixed = except.filter((r): r is number => r !== 'last');
    if (!except.includes('last')) return [{ ...p, except: fixed }];
    if (!lengths.length)
      problems.push({ path: ['phases', i, 'except'], message: '`last` needs a `length`: this game has no fixed last round' });
    return lengths.flatMap((l) => {
      const merged = mergeWhen(p.when, l.when);
      return impossible(merged) ? [] : [{ ...p, when: merged, except: [...fixed, l.rounds] }];
    });
  });
  const end = listed(pa.end, 'end');
  const special: PlayLine[] = [];
  pa.special.forEach((s, i) => {
    const when = attrs(s.when, ['special', i]);
    if (!when) return;
    const fixed = s.rounds.filter((r): r is number => r !== 'last');
    if (fixed.length) special.push(line(s, when, fixed));
    if (!s.rounds.includes('last')) return;
    if (!lengths.length)
      problems.push({ path: ['special', i, 'rounds'], message: '`last` needs a `length`: this game has no fixed last round' });
    for (const l of lengths) {
      const merged = mergeWhen(when, l.when);
      if (!impossible(merged)) special.push(line(s, merged, [l.rounds]));
    }
  });
  return { plan: { unit: pa.unit, ...(pa.stageWord ? { stageWord: pa.stageWord } : {}), lengths, ends, phases, special, end }, problems };
}

/** The options a plan's lines depend on (the page's "Shown for"), in the game's option order. */
export function planOptions(game: WordedGame, plan: PlayPlan): string[] {
  const keys = conditionKeys(game);
  const whens = [...plan.lengths, ...plan.ends, ...plan.phases, ...plan.special, ...plan.end].map((l) => l.when);
  const used = new Set(whens.flatMap((w) => Object.keys(w).map((a) => keys.get(attrKey(a))?.option.id)));
  return game.options.map((o) => o.id).filter((id) => used.has(id));
}

/** Every setup that differs in the options the conditions name: each option's values, combined. */
export function setupsFor(game: WordedGame, whens: readonly WhenAttrs[]): Settings[] {
  const keys = conditionKeys(game);
  const named = new Set(
    whens.flatMap((w) =>
      Object.keys(w)
        .map((a) => keys.get(attrKey(a))?.option.id)
        .filter((x): x is string => !!x),
    ),
  );
  let setups: Settings[] = [{}];
  for (const id of named) {
    const values = optionVariants(game, id).map((v) => v.settings[id]!);
    setups = setups.flatMap((s) => values.map((v) => ({ ...s, [id]: v })));
  }
  return setups;
}

/**
 * What is wrong with a game's `playAlong` beyond its schema: conditions, entries that do not exist, a setup with no
 * length or two, special rounds past the end of every length. `known` says whether a slug is an entry of the game.
 */
export function playAlongProblems(game: Pick<Game, 'id' | 'options' | 'playAlong'>, known: (slug: string) => boolean): PlayProblem[] {
  const pa = game.playAlong;
  if (!pa) return [];
  const { plan, problems } = playPlan(game);
  const checkEntry = (ref: string, path: (string | number)[]) => {
    const { slug } = splitRef(ref);
    if (!known(slug)) problems.push({ path: [...path, 'entry'], message: `no entry "${slug}" in ${game.id}` });
  };
  pa.ends.forEach((e, i) => checkEntry(e.entry, ['ends', i]));
  pa.phases.forEach((p, i) => checkEntry(p.entry, ['phases', i]));
  pa.special.forEach((s, i) => checkEntry(s.entry, ['special', i]));
  pa.end.forEach((s, i) => checkEntry(s.entry, ['end', i]));
  if (!pa.length.length && !pa.ends.length)
    problems.push({ path: ['length'], message: 'give the game a `length` or the `ends` triggers to watch' });
  if (plan && plan.lengths.length) {
    for (const settings of setupsFor(
      game,
      plan.lengths.map((l) => l.when),
    )) {
      const n = plan.lengths.filter((l) => holds(l.when, currentTokens(game, settings))).length;
      if (n !== 1)
        problems.push({
          path: ['length'],
          message: `${n === 0 ? 'no length' : `${n} lengths`} for the setup ${JSON.stringify(settings)}: exactly one must hold`,
        });
    }
    const longest = Math.max(...plan.lengths.map((l) => l.rounds));
    pa.special.forEach((s, i) => {
      const past = s.rounds.filter((r) => r !== 'last' && r > longest);
      if (past.length)
        problems.push({
          path: ['special', i, 'rounds'],
          message: `round ${past.join(', ')} is past the last round of every setup (${longest})`,
        });
    });
  }
  return problems;
}

/** The length of the game for a setup; undefined where the game has no fixed length. */
export function lengthFor(game: Pick<Game, 'id' | 'options' | 'playAlong'>, settings: Settings): PlayLength | undefined {
  const tokens = currentTokens(game, settings);
  return playPlan(game).plan?.lengths.find((l) => holds(l.when, tokens));
}

/** The phases of a round for a setup, in order. */
export function phasesFor(game: Pick<Game, 'id' | 'options' | 'playAlong'>, settings: Settings): PlayLine[] {
  const tokens = currentTokens(game, settings);
  return (playPlan(game).plan?.phases ?? []).filter((p) => holds(p.when, tokens));
}

/** What is special about one round for a setup, in the game file's order. */
export function specialsFor(game: Pick<Game, 'id' | 'options' | 'playAlong'>, settings: Settings, round: number): PlayLine[] {
  const tokens = currentTokens(game, settings);
  return (playPlan(game).plan?.special ?? []).filter((s) => s.rounds.includes(round) && holds(s.when, tokens));
}

/** How the game ends and is scored for a setup: the last round's checklist, in order. */
export function endFor(game: Pick<Game, 'id' | 'options' | 'playAlong'>, settings: Settings): PlayLine[] {
  const tokens = currentTokens(game, settings);
  return (playPlan(game).plan?.end ?? []).filter((s) => holds(s.when, tokens));
}

/** A stored round as a round number: a whole number from 1 to `MAX_ROUNDS`, or undefined for anything else. */
export function parseRound(raw: unknown): number | undefined {
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_ROUNDS ? raw : undefined;
}

/** A round kept within the game: from 1 to its last round (`MAX_ROUNDS` where it has no fixed length). */
export function clampRound(round: number, total?: number): number {
  const last = total && total >= 1 ? Math.min(total, MAX_ROUNDS) : MAX_ROUNDS;
  return Number.isFinite(round) ? Math.min(Math.max(Math.trunc(round), 1), last) : 1;
}

/** How the round reads: "Season 3 of 6", "Round 9 of 18 · Stage 2, round 3", "Round 4" (no fixed length). */
export function roundLabel(round: number, unit: string, length?: { rounds: number; stage?: number }, stageWord = 'stage'): string {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const word = cap(unit);
  if (!length) return `${word} ${round}`;
  const base = `${word} ${round} of ${length.rounds}`;
  if (!length.stage || length.stage >= length.rounds) return base;
  const stage = Math.ceil(round / length.stage);
  return `${base} · ${cap(stageWord)} ${stage}, ${unit} ${round - (stage - 1) * length.stage}`;
}
