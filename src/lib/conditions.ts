/**
 * The conditions that conditional text and setup chips are tagged with: a condition key with the tokens it allows,
 * or (`<When any ...>`) any of several such conditions. `option-authoring.ts` makes them from play options; the
 * rule tree, the fragments and the table rows read them.
 *
 * Pure: no DOM, no Astro.
 */
import { anyPair } from './options';

/** One `key → allowed tokens` condition, as conditional text and setup chips are tagged with. */
export interface Condition {
  key: string;
  tokens: string[];
}

/** A `<When any ...>` condition: at least one of its conditions holds. */
export interface AnyCondition {
  any: Condition[];
}

/** One clause of what a text needs: a condition, or any of several. A list of clauses holds when every clause does. */
export type Clause = Condition | AnyCondition;

/** Whether a clause is a `<When any ...>` condition. */
export const isAny = (c: Clause): c is AnyCondition => 'any' in c;

/** The `key=token` pairs of an any condition, as its element carries them (`ANY_ATTR`), in the order written. */
export const anyPairs = (c: AnyCondition): string[] => c.any.flatMap((x) => x.tokens.map((t) => anyPair(x.key, t)));

/** The any condition an `ANY_ATTR` value stands for (`a=1 b=0 b=1` → a: 1; b: 0 or 1), one condition per key. */
export function anyCondition(pairs: string): AnyCondition {
  const byKey = new Map<string, string[]>();
  for (const pair of pairs.split(' ').filter(Boolean)) {
    // A key never holds `=` (kebab-case); a value may.
    const at = pair.indexOf('=');
    const key = pair.slice(0, at);
    byKey.set(key, [...(byKey.get(key) ?? []), pair.slice(at + 1)]);
  }
  return { any: [...byKey].map(([key, tokens]) => ({ key, tokens })) };
}
