/**
 * The setup a lookup names: "how many loot cards with 4 players", "setup in solo", "5 seasons game". The answer
 * sentence and snippet of a result then show the text of that setup (the 4-player value of a `<Pick>`, the solo
 * line), over the reader's saved setup, as the page would with that option set. Ranking is not touched.
 *
 * The index's text file lists, per option value that a lookup can name, its option, value and the index words of
 * its label (`SetupWord`, see labelWords): a value is named when every one of those words stands in the query. A
 * value the default setup already has is not listed (naming it changes nothing), nor one whose label has no word left.
 * Pure: the build writes the list, the search worker reads it.
 */
import type { GameOption } from '../../schemas/game';
import type { SearchSetup } from './types';
import { indexWords } from './text';
import { SEARCH } from './config';

/** [option id, kind (boolean, choice, multi), value, ...the index words of its label that a lookup must hold]. */
export type SetupWord = [string, 'b' | 'c' | 'm', string | number | true, ...string[]];

/**
 * The words of a label a lookup must hold: its index words before any comma, without a parenthesised aside or the
 * words that only say what kind of option it is ("Solo play (bot)" → solo; "Hayat Ekram, Royal Strategist" → hayat,
 * ekram; "Jewelcrafter region" → jewelcrafter).
 */
export function labelWords(label: string): string[] {
  const words = indexWords(label.replace(/\([^)]*\)/g, ' ').split(',')[0]!);
  return words.filter((w) => !SEARCH.setupLabelFiller.includes(w));
}

/**
 * The option values a lookup can name, from a game's options as written: each boolean option that is off by
 * default (its label turns it on), each value of a choice or multi option that is not the default. A value whose
 * words are all everyday words (`common`: the Order mod, the Difficult solo level) is named only with its option's
 * words too ("order mod"): "what order do we play in" names no mod.
 */
export function setupWords(options: readonly GameOption[], common: (word: string) => boolean = () => false): SetupWord[] {
  const out: SetupWord[] = [];
  for (const o of options) {
    if (o.type === 'boolean') {
      const words = labelWords(o.label);
      if (!o.default && words.length) out.push([o.id, 'b', true, ...words]);
      continue;
    }
    const defaults = new Set((Array.isArray(o.default) ? o.default : [o.default]).map(String));
    for (const v of o.values) {
      const own = labelWords(v.label);
      const words = own.every(common) ? [...own, ...labelWords(o.label).filter((w) => !own.includes(w))] : own;
      if (!defaults.has(String(v.value)) && own.length) out.push([o.id, o.type === 'multi' ? 'm' : 'c', v.value, ...words]);
    }
  }
  return out;
}

/**
 * The reader's setup with the option values a lookup names set (`words`: per query word, the index words it stands
 * for; see SetupWord): a boolean turned on, a choice set, a multi value added. The saved setup itself when the
 * lookup names none.
 */
export function namedSetup(
  words: readonly ReadonlyMap<string, number>[],
  list: readonly SetupWord[] | undefined,
  setup: SearchSetup | undefined,
): SearchSetup | undefined {
  const named = (list ?? []).filter(([, , , ...need]) => need.every((w) => words.some((q) => q.has(w))));
  if (named.length === 0) return setup;
  const out: Record<string, unknown> = { ...setup };
  for (const [id, kind, value] of named) {
    if (kind !== 'm') out[id] = value;
    else {
      const saved = out[id];
      out[id] = [...(Array.isArray(saved) ? saved : []), value];
    }
  }
  return out;
}
