/** Setups as the consistency check reasons about them: conjunctions of option conditions, met, implied, simplified. */
import type { WordedGame } from '../../src/lib/options';
import { conditionKeys, inactiveToken, requirementTokens } from '../../src/lib/option-authoring';

/** A conjunction of conditions: each key may take one of its tokens (a key not listed takes any). */
export type Setup = Record<string, string[]>;

/** Any of these conjunctions (an empty conjunction: every setup). */
export type Setups = Setup[];

/** Every setup: one conjunction with no condition. */
export const EVERY: Setups = [{}];

/** Both conjunctions at once, or undefined when no setup satisfies them. */
export function meet(a: Setup, b: Setup): Setup | undefined {
  const out: Setup = { ...a };
  for (const [k, tokens] of Object.entries(b)) {
    const both = out[k] ? out[k]!.filter((t) => tokens.includes(t)) : [...tokens];
    if (!both.length) return undefined;
    out[k] = both;
  }
  return out;
}

/** Adds what options' requirements imply (players 3 → multiplayer; solo → players takes its fallback). */
function implied(game: WordedGame, s: Setup): Setup | undefined {
  const keys = conditionKeys(game);
  let cur: Setup | undefined = s;
  for (let round = 0; round < 4 && cur; round++) {
    const before = JSON.stringify(cur);
    for (const option of game.options) {
      if (!option.requires || !cur) continue;
      const inactive = inactiveToken(option);
      if (inactive === undefined) continue;
      const want: Setup = requirementTokens(game, option);
      const own = cur[option.id];
      // The option is constrained to active values: its requirement holds.
      if (own && !own.includes(inactive)) cur = meet(cur, want);
      // The requirement cannot hold: the option takes its inactive value.
      else if (!cur || Object.entries(want).some(([k, t]) => cur![k] && !cur![k]!.some((x) => t.includes(x)))) {
        const tokens = keys.get(option.id)?.tokens ?? [];
        cur = cur && meet(cur, { [option.id]: tokens.includes(inactive) ? [inactive] : [inactive] });
      }
      if (!cur) return undefined;
    }
    if (JSON.stringify(cur) === before) break;
  }
  return cur;
}

/** Whether every setup of `a` is one of `b` (each conjunction of `a` narrows some conjunction of `b`). */
export function implies(a: Setups, b: Setups): boolean {
  return a.every((x) => b.some((y) => Object.entries(y).every(([k, t]) => !!x[k] && x[k]!.every((v) => t.includes(v)))));
}

/** Whether some setup satisfies one of `a` and one of `b` at once. */
export function compatible(game: WordedGame, a: Setups, b: Setups): boolean {
  return a.some((x) =>
    b.some((y) => {
      const m = meet(x, y);
      return !!m && !!implied(game, m);
    }),
  );
}

/** Both setup lists at once: each pair of conjunctions met, the impossible ones dropped. */
export const andSetups = (a: Setups, b: Setups): Setups => a.flatMap((x) => b.map((y) => meet(x, y)).filter((m): m is Setup => !!m));

/**
 * The same setups in fewer conjunctions: keys that allow every token are dropped, and conjunctions that differ in
 * one key only are merged (`players=2`, `players=3` → `players=2|3`).
 */
export function simplify(game: WordedGame, setups: Setups): Setups {
  const keys = conditionKeys(game);
  const full = (k: string, t: string[]) => !!keys.get(k) && keys.get(k)!.tokens.every((x) => t.includes(x));
  const trim = (c: Setup): Setup => Object.fromEntries(Object.entries(c).filter(([k, t]) => !full(k, t)));
  let list = setups.map(trim);
  for (let changed = true; changed;) {
    changed = false;
    outer: for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        const ka = Object.keys(a).sort().join();
        if (ka !== Object.keys(b).sort().join()) continue;
        const differ = Object.keys(a).filter((k) => a[k]!.slice().sort().join() !== b[k]!.slice().sort().join());
        if (differ.length > 1) continue;
        const merged = { ...a };
        for (const k of differ) merged[k] = [...new Set([...a[k]!, ...b[k]!])];
        list = [...list.slice(0, i), trim(merged), ...list.slice(i + 1, j), ...list.slice(j + 1)];
        changed = true;
        break outer;
      }
  }
  return list.some((c) => !Object.keys(c).length) ? [{}] : list;
}

/** A short label of a setup list, for reports ("players=3", "solo=1 · story=0"). */
export function setupLabel(game: WordedGame, s: Setups): string {
  const parts = simplify(game, s).map((c) =>
    Object.entries(c)
      .map(([k, t]) => `${k}=${t.join('|')}`)
      .join(' · '),
  );
  return parts.every(Boolean) ? parts.join(' or ') : 'every setup';
}
