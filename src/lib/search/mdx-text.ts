/**
 * The plain text of an entry's MDX body for the search index, from the MDX syntax tree (remark-parse + remark-mdx +
 * remark-gfm, the parser the site's MDX pipeline uses), never from regular expressions over the source:
 * - every `<When ...>` block's text is kept (all option variants are searchable), and each line inside `<When>`
 *   blocks is listed with their props (`whens`), so that a snippet can leave out the text a setup hides;
 * - `<Pick a={{x: "one", y: "two"}} />` becomes its values joined by " / " (read from the props' expression tree);
 * - links keep their text, images their alt text; headings are also returned apart (a weighted field);
 * - each block (paragraph, heading, list item, table row) ends a line, so snippets can cut at sentences.
 * Build-time only: the browser never loads this module (nor the parser).
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import { toString } from 'mdast-util-to-string';

import { visit, SKIP } from 'unist-util-visit';
import type { Root, RootContent, Nodes } from 'mdast';
import { attrValue } from '../mdx-nodes';
import type { Literal } from '../estree-value';

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);

/** What an MDX JSX element looks like here (types from mdast-util-mdx-jsx, kept structural). */
interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  children: RootContent[];
}

/** Node kinds whose text ends a line of the output. */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'blockquote', 'code', 'mdxJsxFlowElement']);

/** String literals anywhere in an estree node (the values of a `{{2: "two", 3: "three"}}` prop). */
function stringLiterals(node: unknown, out: string[] = []): string[] {
  if (!node || typeof node !== 'object') return out;
  const n = node as { type?: string; value?: unknown; key?: unknown };
  if (n.type === 'Property') {
    // The value only: keys are option values ("2", "other"), not text a reader sees.
    stringLiterals((node as { value: unknown }).value, out);
    return out;
  }
  if (n.type === 'Literal' && typeof n.value === 'string') out.push(n.value);
  else if (n.type === 'TemplateElement') out.push(String((n.value as { cooked?: string }).cooked ?? ''));
  for (const [k, v] of Object.entries(node)) {
    if (k === 'type' || k === 'loc' || k === 'range' || k === 'start' || k === 'end') continue;
    if (Array.isArray(v)) v.forEach((x) => stringLiterals(x, out));
    else if (v && typeof v === 'object') stringLiterals(v, out);
  }
  return out;
}

/** The text a `<Pick>` shows in any setup: its props' string values, " / " between them. */
function pickText(el: JsxElement): string {
  const values: string[] = [];
  for (const attr of el.attributes) {
    const v = attr.value as { type?: string; data?: { estree?: unknown }; value?: string } | string | null | undefined;
    if (typeof v === 'string') values.push(v);
    else if (v && v.type === 'mdxJsxAttributeValueExpression') values.push(...stringLiterals(v.data?.estree));
  }
  return [...new Set(values)].join(' / ');
}

/** Text of a node: like mdast-util-to-string, with Pick values, image alts and inline code kept. */
function inlineText(node: Nodes): string {
  if (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') {
    const el = node as unknown as JsxElement;
    // Spaces around: two variants side by side ("...of 4</When><When solo>you...") are two phrases, not one word.
    if (el.name === 'Pick') return ` ${pickText(el)} `;
    return ` ${el.children.map((c) => inlineText(c as Nodes)).join('')} `;
  }
  if (node.type === 'image') return node.alt ?? '';
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression' || node.type === 'mdxjsEsm') return '';
  if ('children' in node) return (node.children as Nodes[]).map(inlineText).join('');
  return toString(node, { includeImageAlt: true });
}

/** A `<When>` block's props as written (`<When not solo>` → [["not", true], ["solo", true]]). */
export type WhenProps = [string, Literal][];

/** A line of the text inside `<When>` blocks: its index among the lines and the props of each block around it. */
export interface WhenLine {
  line: number;
  whens: WhenProps[];
}

/** The props of a `<When>` block (an unreadable prop is left out: the build's rule transform reports it). */
function whenProps(el: JsxElement): WhenProps {
  return el.attributes.flatMap((a): WhenProps => {
    if (a.type !== 'mdxJsxAttribute' || !a.name) return [];
    try {
      return [[a.name, attrValue(a)]];
    } catch {
      return [];
    }
  });
}

/** Plain text of an MDX body (all option variants), its headings and its lines inside `<When>` blocks. */
export function mdxToText(body: string): { text: string; headings: string[]; whens: WhenLine[] } {
  const tree = parser.parse(body) as Root;
  const headings: string[] = [];
  const lines: string[] = [];
  const whens: WhenLine[] = [];
  /** The props of the `<When>` blocks around each node read (a node's are its parent's, plus its own if a `<When>`). */
  const within = new WeakMap<object, WhenProps[]>();
  let around: WhenProps[] = [];
  /** A line of the output, inside the `<When>` blocks of the node being read. */
  const push = (line: string) => {
    if (around.length) whens.push({ line: lines.length, whens: around });
    lines.push(line);
  };
  visit(tree, (node, _index, parent) => {
    around = (parent && within.get(parent)) ?? [];
    const el = node as unknown as JsxElement;
    within.set(node, node.type === 'mdxJsxFlowElement' && el.name === 'When' ? [...around, whenProps(el)] : around);
    return visitor(node);
  });
  function visitor(node: Nodes): typeof SKIP | undefined {
    if (node.type === 'heading') {
      const h = inlineText(node).trim();
      if (h) {
        headings.push(h);
        push(/[.!?:]$/.test(h) ? h : `${h}.`);
      }
      return SKIP;
    }
    if (node.type === 'tableRow') {
      // Cells apart (a cell is not a sentence, but its neighbour is not the same word either).
      const cells = node.children.map((c) => inlineText(c).trim()).filter(Boolean);
      if (cells.length) push(cells.join(' · '));
      return SKIP;
    }
    if (BLOCKS.has(node.type) && node.type !== 'mdxJsxFlowElement' && node.type !== 'listItem' && node.type !== 'blockquote') {
      // A leaf block: its phrasing content is one line.
      const t = inlineText(node as Nodes)
        .replace(/\s+/g, ' ')
        .trim();
      if (t) push(t);
      return SKIP;
    }
    if (node.type === 'mdxJsxFlowElement' && (node as unknown as JsxElement).name === 'Pick') {
      const t = pickText(node as unknown as JsxElement);
      if (t) push(t);
      return SKIP;
    }
    return undefined;
  }
  return { text: lines.join('\n'), headings, whens };
}
