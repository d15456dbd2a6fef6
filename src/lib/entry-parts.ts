/**
 * The part of an entry that a guided view shows (a phase, a special round, a step of the game's end): the entry's
 * own words after the rule transform, so `<When>`/`<Pick>` are tagged exactly as on the rule page and the options
 * CSS shows the reader's setup. A reference is `slug` (the whole entry), `slug#id` for a `<Part id="id">` block or an
 * `<Unclear>` note (`slug#unclear-<id>`), or `slug#heading-id` (the heading's section, up to the next heading of the
 * same or a higher level). Pure: works on the transformed mdast.
 */
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { fragmentHtml } from './mdast-html';
import { attr, holds, isGenerated, mergeWhen, whenAttrs, type MdNode, type WhenAttrs } from './fragments';
import { resolveStatic } from './option-changes';

/** A part of an entry: its nodes and the conditions of the `<When>` blocks around it. */
export interface EntryPart {
  nodes: MdNode[];
  when: WhenAttrs;
}

/** A part as a view carries it: its HTML (conditions tagged, no element ids) and the conditions around it. */
export interface PartView {
  html: string;
  when: WhenAttrs;
}

/** The slug and the anchor of a reference (`stage-change#play` → stage-change, play). */
export function splitRef(ref: string): { slug: string; anchor?: string } {
  const [slug, anchor] = ref.split('#') as [string, string | undefined];
  return anchor ? { slug, anchor } : { slug };
}

/**
 * The part `anchor` names in a transformed entry tree (the whole body without one); undefined where the entry has no
 * such part.
 */
export function entryPart(tree: MdNode, anchor?: string): EntryPart | undefined {
  const top = tree.children ?? [];
  if (!anchor) return { nodes: top, when: {} };
  const find = (nodes: readonly MdNode[], when: WhenAttrs): EntryPart | undefined => {
    for (const node of nodes) {
      if (!isGenerated(node)) continue;
      const inner = mergeWhen(when, whenAttrs(node));
      if (attr(node, 'id') === anchor) return { nodes: node.children ?? [], when: inner };
      const deeper = find(node.children ?? [], inner);
      if (deeper) return deeper;
    }
    return undefined;
  };
  const marked = find(top, {});
  if (marked) return marked;
  const slugger = new GithubSlugger();
  const at = top.findIndex((n) => n.type === 'heading' && slugger.slug(toString(n as never)) === anchor);
  if (at < 0) return undefined;
  const depth = (top[at] as { depth?: number }).depth ?? 2;
  const end = top.findIndex((n, i) => i > at && n.type === 'heading' && ((n as { depth?: number }).depth ?? 2) <= depth);
  return { nodes: top.slice(at + 1, end < 0 ? undefined : end), when: {} };
}

/**
 * A copy of the nodes for a view: no element ids (a view may show a part twice, once per setup), and headings as bold
 * paragraphs (they sit inside the view's own outline).
 */
function forView(nodes: readonly MdNode[]): MdNode[] {
  return nodes.map((n) =>
    n.type === 'heading'
      ? { type: 'paragraph', children: [{ type: 'strong', children: forView(n.children ?? []) }] }
      : {
          ...n,
          ...(n.attributes ? { attributes: n.attributes.filter((a) => a.name !== 'id') } : {}),
          ...(n.children ? { children: forView(n.children) } : {}),
        },
  );
}

/** The part as HTML for a view: conditions kept for the options CSS, element ids dropped, headings made bold lines. */
export function partView(part: EntryPart): PartView {
  return { html: fragmentHtml(forView(part.nodes)), when: part.when };
}

/** Whether the part shows any words in a setup (its condition tokens): false where every word is hidden there. */
export function partShows(part: EntryPart, tokens: Readonly<Record<string, string>>): boolean {
  if (!holds(part.when, tokens)) return false;
  return toString({ type: 'root', children: resolveStatic(part.nodes, tokens) } as never).trim().length > 0;
}
