/**
 * Ranking, stage 2: setup weighting. An entry that applies under one choice of a play option (an objective, a
 * character, a mod: the value's entry; a rule of a section that belongs to an option: solo play, an expansion) comes
 * after the general rule unless the query names the entry or the option, and first in the reader's own setup.
 * Which entries those are comes from the content (the game file's options and sections: SearchIndex.choices).
 * Likewise an exception (an entry whose frontmatter `exceptionTo` names the general rules it breaks: the Inn lets a
 * housed villager move) comes after its general rule unless the query names it (SearchIndex.exceptions).
 * Pure.
 */
import { SEARCH } from './config';
import type { SearchSetup } from './types';

/** An entry that applies under one choice of a play option: the option, its words, and the value ('': while on). */
export interface Choice {
  option: string;
  words: readonly string[];
  value: string;
}

/**
 * Whether a reader's setup has an option at a value: a choice at that value, a multi-choice holding it, or, with no
 * value (a rule of a section that belongs to the option), the option on.
 */
export function inSetup(setup: SearchSetup | undefined, option: string, value: string): boolean {
  const v = setup && Object.hasOwn(setup, option) ? setup[option] : undefined;
  if (value === '') return v === true;
  return Array.isArray(v) ? v.some((x) => String(x) === value) : (typeof v === 'string' || typeof v === 'number') && String(v) === value;
}

/**
 * The multiplier of an entry's score for the reader's setup: 1 for a general rule; for an option-only entry
 * (`choice`), `setupChoiceFactor` when the setup has that choice (it is their rule) or the query names an option that
 * is on or off (value ''): "solo epic red quest deck how many cards" asks as a solo player would. Else
 * `unnamedChoiceFactor` unless the query names the entry (`named` > 0) or the option (one of `words`, the query's, is
 * the option's): "how many mods" names no one mod, so the mods are not set aside, and no more. `asked`: the words of
 * an option a query asks the values of ("which mods…", see rank.ts): that option's entries are its answers
 * (`setupChoiceFactor`).
 */
export function choiceFactor(
  choice: Choice | undefined,
  setup: SearchSetup | undefined,
  named: number,
  words: readonly string[],
  asked?: readonly string[],
): number {
  if (!choice) return 1;
  if (inSetup(setup, choice.option, choice.value)) return SEARCH.setupChoiceFactor;
  const optionNamed = choice.words.some((w) => words.includes(w));
  if (optionNamed && choice.value === '') return SEARCH.setupChoiceFactor;
  if (choice.value !== '' && choice.words.some((w) => asked?.includes(w))) return SEARCH.setupChoiceFactor;
  return named === 0 && !optionNamed ? SEARCH.unnamedChoiceFactor : 1;
}

/** An entry as setup weighting reads it: its score, coverage, and whether it is an option-only entry the query does
 * not name and the setup does not turn on (`aside`). */
export interface Weighed {
  score: number;
  coverage: number;
  aside: boolean;
}

/**
 * The general rule first: an option-only entry set aside (`aside`) ranks just below every general entry that covers
 * the query at least as fully and scores at least `SEARCH.generalRuleShare` of it ("how much can I store":
 * Storage before the objectives "store 12 wood", which say "store" far more often). Returns each entry's new score,
 * in input order.
 */
export function generalFirst(list: readonly Weighed[]): number[] {
  const general = list.filter((w) => !w.aside);
  return list.map((w) => {
    if (!w.aside) return w.score;
    let below: number | undefined;
    for (const g of general)
      if (g.coverage >= w.coverage && g.score >= SEARCH.generalRuleShare * w.score && g.score < w.score)
        below = Math.min(below ?? Infinity, g.score);
    return below === undefined ? w.score : below * (1 - 1e-9);
  });
}

/** An entry as the exceptions stage reads it: its doc, score, coverage, and how fully the query names it (Scored.named). */
export interface Excepted {
  d: number;
  score: number;
  coverage: number;
  named: number;
}

/**
 * The general rule before its exception: an entry that is a special case of general rules (`exceptionTo`: doc → the
 * docs of its general rules) and that the query does not name ranks just below the lowest of those rules that are
 * in the list, cover at least `SEARCH.exceptionCoverageShare` of what it covers and score at least
 * `SEARCH.exceptionRuleShare` of it, as generalFirst does for option-only entries ("can I shift a housed villager": Housing before the Inn). Returns each entry's new
 * score, in input order.
 */
export function exceptionsAfter(list: readonly Excepted[], exceptionTo: ReadonlyMap<number, readonly number[]>): number[] {
  const byDoc = new Map(list.map((w) => [w.d, w]));
  return list.map((w) => {
    const rules = exceptionTo.get(w.d);
    if (!rules || w.named > 0) return w.score;
    let below: number | undefined;
    for (const d of rules) {
      const g = byDoc.get(d);
      if (
        g &&
        g.coverage >= SEARCH.exceptionCoverageShare * w.coverage &&
        g.score >= SEARCH.exceptionRuleShare * w.score &&
        g.score < w.score
      )
        below = Math.min(below ?? Infinity, g.score);
    }
    return below === undefined ? w.score : below * (1 - 1e-9);
  });
}
