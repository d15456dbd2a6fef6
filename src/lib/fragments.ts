/**
 * Reading pieces of an entry's tree after the rule transform (`rule-tree.ts`): which elements the transform
 * generated, which condition attributes (`data-w-<key>="tokens"`) they carry, and whether they match a setup.
 * Pure: shared by the setup guide, the "what changes" digest and the unclear-notes list.
 */
import { ANY_ATTR, anyPair, conditionAttr } from './options';
import { anyCondition, type Clause } from './conditions';

/** The shape of an mdast node as the rule transform leaves it. */
export type MdNode = {
  type: string;
  name?: string | null;
  url?: string;
  value?: string;
  ordered?: boolean | null;
  start?: number | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdNode[];
  data?: Record<string, unknown>;
};

/**
 * Condition attributes as the HTML carries them: attribute name (`data-w-solo`) → space-separated tokens; for a
 * `<When any ...>`, `ANY_ATTR` → its `key=token` pairs, of which one must hold.
 */
export type WhenAttrs = Record<string, string>;

const PREFIX = conditionAttr('');

/** An element the rule transform made (a `<When>` div or span, a `<Pick>` span, an `<Unclear>` aside). */
export const isGenerated = (node: MdNode): boolean =>
  !!node.data?.generated && (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement');

/** A plain string attribute of a generated element. */
export function attr(node: MdNode, name: string): string | undefined {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
}

/** The condition attributes of a generated element (empty for elements shown in every setup). */
export function whenAttrs(node: MdNode): WhenAttrs {
  const out: WhenAttrs = {};
  if (!isGenerated(node)) return out;
  for (const a of node.attributes ?? []) if (a.name?.startsWith(PREFIX) && typeof a.value === 'string') out[a.name] = a.value;
  return out;
}

/** The condition key an attribute stands for (`data-w-mods-tire` → `mods-tire`). */
export const attrKey = (name: string): string => name.slice(PREFIX.length);

/**
 * Both conditions at once: keys of either; a key in both keeps the tokens both allow. Two any conditions cannot be
 * one element's (the rule transform refuses a `<When any>` inside another): that throws.
 */
export function mergeWhen(outer: WhenAttrs, inner: WhenAttrs): WhenAttrs {
  const out = { ...outer };
  for (const [name, tokens] of Object.entries(inner)) {
    if (name === ANY_ATTR && name in out) throw new Error('two <When any ...> conditions cannot be merged');
    if (!(name in out)) out[name] = tokens;
    else {
      const allowed = new Set(out[name]!.split(' '));
      out[name] = tokens
        .split(' ')
        .filter((t) => allowed.has(t))
        .join(' ');
    }
  }
  return out;
}

/** Whether conditions hold for the tokens of a setup (condition key → token), as the options CSS decides it. */
export function holds(when: WhenAttrs, tokens: Readonly<Record<string, string>>): boolean {
  return Object.entries(when).every(([name, allowed]) =>
    name === ANY_ATTR
      ? allowed.split(' ').some((pair) => Object.entries(tokens).some(([k, t]) => pair === anyPair(k, t)))
      : allowed.split(' ').includes(tokens[attrKey(name)] ?? ''),
  );
}

/** The clauses condition attributes stand for (`data-w-solo="1"` → solo: 1; `ANY_ATTR` → an any clause). */
export const whenClauses = (when: WhenAttrs): Clause[] =>
  Object.entries(when).map(([name, tokens]) =>
    name === ANY_ATTR ? anyCondition(tokens) : { key: attrKey(name), tokens: tokens.split(' ') },
  );

/** Whether a node is a `<When>` block (a generated div with conditions). */
export const isWhenBlock = (node: MdNode): boolean =>
  node.type === 'mdxJsxFlowElement' && isGenerated(node) && Object.keys(whenAttrs(node)).length > 0;

/** The first link to an entry of `game` in a node (depth first): its slug. */
export function firstEntryLink(nodes: readonly MdNode[], game: string): string | undefined {
  for (const node of nodes) {
    if (node.type === 'link' && node.url) {
      const m = new RegExp(`^/${game}/([a-z0-9-]+)/`).exec(node.url);
      if (m) return m[1];
    }
    const inner = node.children && firstEntryLink(node.children, game);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * For every `<Unclear>` note of a transformed tree, the conditions of the `<When>` blocks around it (empty when the
 * note shows in every setup), by note id.
 */
export function unclearConditions(tree: MdNode): Map<string, WhenAttrs> {
  const out = new Map<string, WhenAttrs>();
  const walk = (node: MdNode, when: WhenAttrs) => {
    for (const child of node.children ?? []) {
      const id = isGenerated(child) ? attr(child, 'data-unclear') : undefined;
      if (id) out.set(id, when);
      walk(child, isWhenBlock(child) ? mergeWhen(when, whenAttrs(child)) : when);
    }
  };
  walk(tree, {});
  return out;
}
