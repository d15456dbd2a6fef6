/**
 * The build's side of setup-text.ts: what of an entry's text a setup hides, as the conditions the rule transform
 * writes on the page (`data-w-<key>` → tokens), and the body marked with them for the search's text file (the
 * format is setup-text.ts's). Build-time only.
 */
import { conditionKeys, pickToken, whenCondition } from '../option-authoring';
import { ANY_ATTR, conditionAttr, findOption } from '../options';
import { anyPairs, type Condition } from '../conditions';
import { mergeWhen, type WhenAttrs } from '../fragments';
import { packSpans, spanMark } from './setup-text';
import type { InlineSpan, WhenLine, WhenProps } from './mdx-text';
import type { Game } from '../../schemas/game';

type OptionsGame = Pick<Game, 'id' | 'options'>;

/**
 * The conditions of a `<When>` block's props as the rule transform writes them on the page (`data-w-<key>` →
 * tokens; `<When any ...>`: its `key=token` pairs; `not`: the other tokens), or undefined when a prop names no option
 * of the game (the build's check reports it).
 */
function whenAttrsOf(game: OptionsGame, props: WhenProps): WhenAttrs | undefined {
  const conds: Condition[] = [];
  const negate = props.some(([n]) => n === 'not');
  const anyOf = props.some(([n]) => n === 'any');
  for (const [name, value] of props) {
    if (name === 'not' || name === 'any') continue;
    const c = whenCondition(game, name, value as never);
    if (typeof c === 'string') return undefined;
    conds.push({ key: c.key, tokens: c.tokens });
  }
  if (negate && conds[0]) {
    const all = conditionKeys(game).get(conds[0].key)?.tokens ?? [];
    conds[0] = { key: conds[0].key, tokens: all.filter((t) => !conds[0]!.tokens.includes(t)) };
  }
  if (anyOf) return { [ANY_ATTR]: anyPairs({ any: conds }).join(' ') };
  return Object.fromEntries(conds.map((c) => [conditionAttr(c.key), c.tokens.join(' ')]));
}

/** Conditions merged, or undefined when one cannot be read. */
const merged = (attrs: (WhenAttrs | undefined)[]): WhenAttrs | undefined =>
  attrs.every((a) => a) ? attrs.reduce<WhenAttrs>((all, a) => mergeWhen(all, a!), {}) : undefined;

/**
 * The conditions of an inline variant (mdx-text.ts InlineSpan): its `<When>`s' merged with, for a `<Pick>` value,
 * the tokens of its keys ("other": the option's tokens no other key names). Undefined when a prop cannot be read.
 */
function spanAttrs(game: OptionsGame, span: InlineSpan): WhenAttrs | undefined {
  const attrs = span.whens.map((props) => whenAttrsOf(game, props));
  if (span.pick) {
    const { option: id, keys, all } = span.pick;
    const option = findOption(game, id);
    const token = (k: string) => (option ? pickToken(option, k).token : undefined);
    const named = new Set(all.filter((k) => k !== 'other').map(token));
    const other = (conditionKeys(game).get(id)?.tokens ?? []).filter((t) => !named.has(t));
    const tokens = keys.flatMap((k) => (k === 'other' ? other : [token(k)]));
    attrs.push(tokens.length && tokens.every((t) => t !== undefined) ? { [conditionAttr(id)]: tokens.join(' ') } : undefined);
  }
  return merged(attrs);
}

/**
 * What a setup hides of an entry's text (mdx-text.ts mdxToText's `whens`, `marked` and `spans`): its lines inside
 * `<When>` blocks with their conditions merged (`conditional`: [line, conditions]), and its body marked
 * (setup-text.ts), marker k naming `spans[k]`; `marked` and `spans` absent when a setup hides none of it. A
 * condition that cannot be read (the build's rule transform reports it) hides nothing.
 */
export function setupMarks(
  game: OptionsGame,
  text: { whens: WhenLine[]; marked: string; spans: InlineSpan[] },
): { conditional: [number, WhenAttrs][]; marked?: string; spans?: WhenAttrs[] } {
  const conditional = text.whens.flatMap(({ line, whens }): [number, WhenAttrs][] => {
    const when = merged(whens.map((props) => whenAttrsOf(game, props)));
    return when ? [[line, when]] : [];
  });
  // The inline variants' conditions, then the lines' (each line's marker at its start).
  const conditions = [...text.spans.map((span) => spanAttrs(game, span)), ...conditional.map(([, when]) => when)];
  const known = conditions.flatMap((a) => (a ? [a] : []));
  if (!known.length) return { conditional };
  const lineMarks = new Map(conditional.map(([line], i) => [line, spanMark(text.spans.length + i, true)]));
  const lines = text.marked.split('\n').map((line, i) => (lineMarks.get(i) ?? '') + line);
  return { conditional, marked: packSpans(lines.join('\n'), (k) => (conditions[k] ? known.indexOf(conditions[k]) : -1)), spans: known };
}

/**
 * The docs' bodies as the text file carries them (`marked`, else `body`), their markers renumbered to name one list
 * of the game's conditions, each once (`table`: SearchIndex.spans).
 */
export function gameSpans(docs: readonly { body: string; marked?: string; spans?: WhenAttrs[] }[]): {
  bodies: string[];
  table: WhenAttrs[];
} {
  const table: WhenAttrs[] = [];
  const at = new Map<string, number>();
  const bodies = docs.map((doc) => {
    if (!doc.marked || !doc.spans) return doc.body;
    const local = doc.spans.map((when) => {
      const key = JSON.stringify(when);
      if (!at.has(key)) at.set(key, table.push(when) - 1);
      return at.get(key)!;
    });
    return packSpans(doc.marked, (k) => local[k] ?? -1);
  });
  return { bodies, table };
}
