/**
 * "What changes": for one option, the parts of an entry whose text depends on it, rendered once per value of the
 * option (the other options at their defaults), so a page can show every value side by side. Generated from the
 * entry itself at build time; the result does not depend on the reader's setup (no condition attributes left).
 *
 * Pure: works on the entry's mdast after the rule transform.
 */
import { fragmentHtml } from './mdast-html';
import { attr, holds, isGenerated, whenAttrs, type MdNode } from './fragments';
import { conditionAttr, currentTokens, type WordedGame } from './options';
import { optionVariants } from './option-authoring';
import { ROW_MARK_CLASS } from './row-mark';

/** Containers that mean nothing once their content is gone. */
const DROPPED_WHEN_EMPTY = new Set(['paragraph', 'listItem', 'list', 'strong', 'emphasis']);
const isBlank = (node: MdNode): boolean =>
  DROPPED_WHEN_EMPTY.has(node.type) && (node.children ?? []).every((c) => c.type === 'text' && !c.value?.trim());

/**
 * The nodes as they read in one setup: conditional elements that do not hold are removed, those that hold are
 * unwrapped (no `data-w-` attribute is left, so no options CSS can hide them), an unclear note becomes a plain
 * `div.unclear` (no id, no landmark), headings become bold paragraphs (they sit inside a page's own outline), and
 * paragraphs, items and lists left empty are dropped. The row marks of keyed tables (`<Rows>`) are dropped.
 */
export function resolveStatic(nodes: readonly MdNode[], tokens: Readonly<Record<string, string>>): MdNode[] {
  const resolve = (node: MdNode): MdNode[] => {
    if (isGenerated(node)) {
      // A keyed table's "your game" mark speaks of the reader's setup, not of the setup compared here.
      if (attr(node, 'class') === ROW_MARK_CLASS || !holds(whenAttrs(node), tokens)) return [];
      const children = (node.children ?? []).flatMap(resolve);
      if (attr(node, 'data-unclear'))
        return [
          { type: 'mdxJsxFlowElement', name: 'div', attributes: [{ type: 'mdxJsxAttribute', name: 'class', value: 'unclear' }], children },
        ];
      return children;
    }
    if (node.type === 'heading')
      return [{ type: 'paragraph', children: [{ type: 'strong', children: (node.children ?? []).flatMap(resolve) }] }];
    if (!node.children) return [node];
    const out = { ...node, children: node.children.flatMap(resolve) };
    return isBlank(out) ? [] : [out];
  };
  return nodes.flatMap(resolve);
}

/** One value (or several values that read the same) of a part of an entry. */
export interface ChangeVariant {
  /** The values' labels ("Solo play (bot)"; "3 players"); one label "Otherwise" stands for many values that read alike. */
  label: string;
  /** Whether the default setup is among these values. */
  isDefault: boolean;
  /** The text under these values; empty when the part does not appear. */
  html: string;
  /**
   * Condition attributes (`data-w-<key>`: tokens) under which the reader's setup has one of these values, one set per
   * condition key: a page marks the reader's value with an element for each, which the options CSS shows or hides.
   */
  when: Record<string, string>[];
}

/** A run of consecutive top-level blocks (or items of one list) of an entry whose text depends on the option. */
export interface ChangeUnit {
  variants: ChangeVariant[];
}

/** At most this many value labels are listed for a group of values that read alike; more read "Otherwise". */
const MAX_LISTED = 3;

/** A top-level block of an entry, or one item of a top-level list (lists are compared item by item). */
interface Piece {
  node: MdNode;
  list?: { node: MdNode; number: number };
}

const piecesOf = (blocks: readonly MdNode[]): Piece[] =>
  blocks.flatMap((node): Piece[] =>
    node.type === 'list'
      ? (node.children ?? []).map((item, j) => ({ node: item, list: { node, number: (node.start ?? 1) + j } }))
      : [{ node }],
  );

/** The HTML of a run of pieces in one setup: items of the same list stay one list (numbered as in the entry). */
function runHtml(pieces: readonly Piece[], tokens: Readonly<Record<string, string>>): string {
  const out: MdNode[] = [];
  let list: MdNode | undefined;
  let from: MdNode | undefined;
  for (const p of pieces) {
    const resolved = resolveStatic([p.node], tokens);
    if (!p.list) {
      out.push(...resolved);
      list = from = undefined;
      continue;
    }
    if (!resolved.length) continue;
    if (!list || from !== p.list.node) {
      list = { ...p.list.node, start: p.list.node.ordered ? p.list.number : null, children: [] };
      from = p.list.node;
      out.push(list);
    }
    list.children!.push(...resolved);
  }
  return fragmentHtml(out);
}

/**
 * The parts of a transformed entry whose text depends on `optionId`, each with its text for every value of the
 * option (values that read alike grouped, the default's group first). Lists are compared item by item; consecutive
 * dependent blocks or items form one part, so a `<When solo>`/`<When not solo>` pair reads as one comparison. Empty
 * when the entry does not depend on the option.
 */
export function optionChanges(tree: MdNode, game: WordedGame, optionId: string): ChangeUnit[] {
  const variants = optionVariants(game, optionId);
  if (variants.length < 2) return [];
  const tokenSets = variants.map((v) => currentTokens(game, v.settings));
  const pieces = piecesOf(tree.children ?? []);
  const runs: Piece[][] = [];
  let open: Piece[] | undefined;
  for (const piece of pieces) {
    const htmls = new Set(tokenSets.map((tokens) => fragmentHtml(resolveStatic([piece.node], tokens))));
    if (htmls.size < 2) {
      open = undefined;
      continue;
    }
    if (!open || open.at(-1)!.list?.node !== piece.list?.node) runs.push((open = []));
    open.push(piece);
  }
  return runs.map((run) => {
    const groups = new Map<string, number[]>();
    tokenSets.forEach((tokens, i) => {
      const html = runHtml(run, tokens);
      groups.set(html, [...(groups.get(html) ?? []), i]);
    });
    const out = [...groups].map(([html, members]): ChangeVariant => {
      const isDefault = members.some((i) => variants[i]!.isDefault);
      const many = members.length > MAX_LISTED && groups.size > 1;
      const byKey = new Map<string, Set<string>>();
      for (const i of members) {
        const c = variants[i]!.condition;
        byKey.set(c.key, new Set([...(byKey.get(c.key) ?? []), ...c.tokens]));
      }
      const when = [...byKey].map(([key, tokens]) => ({ [conditionAttr(key)]: [...tokens].join(' ') }));
      return { label: many && isDefault ? 'Otherwise' : members.map((i) => variants[i]!.label).join(' · '), isDefault, html, when };
    });
    return { variants: [...out.filter((v) => v.isDefault), ...out.filter((v) => !v.isDefault)] };
  });
}
