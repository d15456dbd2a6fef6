/**
 * The text of an entry that a reader's setup shows: the index lists each line of an entry's body that sits inside
 * `<When>` blocks with their conditions (as the rule transform writes them on the page, `data-w-<key>` → tokens), and
 * the game's options as the option model reads them; a snippet or an answer sentence is then taken only from the
 * lines the reader's page shows for their setup (saved values, defaults filled in, requirements applied).
 * Pure: runs in the search worker.
 */
import { currentTokens, parseSettings, type RuntimeOption } from '../options';
import { holds, type WhenAttrs } from '../fragments';
import type { SearchSetup } from './types';
import type { BodyLine } from './answer';

/** A body line inside `<When>` blocks: [doc, line index in its body, the blocks' conditions merged]. */
export type ConditionalLine = [number, number, WhenAttrs];

/** The condition tokens of a reader's setup (option id → value, as saved; anything invalid is ignored). */
export function setupTokens(options: readonly RuntimeOption[], setup: SearchSetup | undefined): Record<string, string> {
  const game = { id: '', options: [...options] };
  return currentTokens(game, parseSettings(game, setup ?? {}));
}

/**
 * The lines of a body a setup shows (`tokens`), each flagged `variant` when the default setup (`defaults`) hides it:
 * an exception for a character, a mod, an objective. `conditional`: the body's lines inside `<When>` blocks, by index.
 */
export function shownLines(
  body: string,
  conditional: ReadonlyMap<number, WhenAttrs> | undefined,
  tokens: Readonly<Record<string, string>>,
  defaults: Readonly<Record<string, string>>,
): BodyLine[] {
  return body.split('\n').flatMap((text, i) => {
    const when = conditional?.get(i);
    if (!when) return [{ text, variant: false }];
    return holds(when, tokens) ? [{ text, variant: !holds(when, defaults) }] : [];
  });
}

/** Conditional lines by doc, then by line (see ConditionalLine). */
export function linesByDoc(list: readonly ConditionalLine[] | undefined): Map<number, Map<number, WhenAttrs>> {
  const out = new Map<number, Map<number, WhenAttrs>>();
  for (const [d, line, when] of list ?? []) {
    if (!out.has(d)) out.set(d, new Map());
    out.get(d)!.set(line, when);
  }
  return out;
}
