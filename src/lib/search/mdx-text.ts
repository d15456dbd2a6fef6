/**
 * The plain text of an entry's MDX body for the search index, from the MDX syntax tree (remark-parse + remark-mdx +
 * remark-gfm, the parser the site's MDX pipeline uses), never from regular expressions over the source:
 * - every `<When ...>` block's text is kept (all option variants are searchable), and each line inside `<When>`
 *   blocks is listed with their props (`whens`), so that a snippet can leave out the text a setup hides;
 * - `<Pick a={{x: "one", y: "two"}} />` becomes its values joined by " / " (read from the props' expression tree);
 * - the same text is also returned `marked` (setup-text.ts): each inline `<When>` and each `<Pick>` value as a run of
 *   its own, with its conditions as written (`spans`: the props of the inline `<When>`s around it, the `<Pick>` keys
 *   it is the text of), no space added around it, so that a snippet shows only the values the reader's page shows;
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
import { packSpans, spanMark } from './setup-text';
import { CELL_SEPARATOR } from './text';

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

/**
 * An inline variant's conditions as written: the props of each inline `<When>` around it and, for a `<Pick>` value,
 * the option, the keys whose text it is and all the `<Pick>`'s keys ("other" stands for the values none names).
 */
export interface InlineSpan {
  whens: WhenProps[];
  pick?: { option: string; keys: string[]; all: string[] };
}

/** A `<Pick>`'s option and its distinct texts with their keys; undefined when its props cannot be read. */
function pickValues(el: JsxElement): { option: string; all: string[]; values: [string, string[]][] } | undefined {
  const [attr] = el.attributes;
  if (el.attributes.length !== 1 || attr?.type !== 'mdxJsxAttribute' || !attr.name) return undefined;
  let map: Literal;
  try {
    map = attrValue(attr);
  } catch {
    return undefined;
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return undefined;
  const byText = new Map<string, string[]>();
  for (const [key, text] of Object.entries(map)) {
    if (typeof text !== 'string' && typeof text !== 'number') return undefined;
    byText.set(String(text), [...(byText.get(String(text)) ?? []), key]);
  }
  return { option: attr.name, all: Object.keys(map), values: [...byText] };
}

/** The index of a span in a body's list (`spans`), added when new. */
function spanIndex(spans: InlineSpan[], span: InlineSpan): number {
  const key = JSON.stringify(span);
  const k = spans.findIndex((s) => JSON.stringify(s) === key);
  return k >= 0 ? k : spans.push(span) - 1;
}

/** A `<Pick>` as marked text: each distinct value a run of its own (within the run `around`, -1 for none). */
function markedPick(el: JsxElement, spans: InlineSpan[], around: number): string | undefined {
  const pick = pickValues(el);
  if (!pick) return undefined;
  const whens = spans[around]?.whens ?? [];
  const runs = pick.values.map(
    ([text, keys]) => spanMark(spanIndex(spans, { whens, pick: { option: pick.option, keys, all: pick.all } })) + text.replace(PRIVATE, ''),
  );
  return runs.join('') + spanMark(around);
}

/** Private-use characters: the marked text's markers (setup-text.ts), so never taken from the text itself. */
const PRIVATE = /[\ue000-\uf8ff]/g;

/** Text of a node as inlineText gives it, with its inline variants marked (see mdxToText). */
function markedText(node: Nodes, spans: InlineSpan[], around = -1): string {
  const inner = (children: RootContent[], k: number) => children.map((c) => markedText(c as Nodes, spans, k)).join('');
  if (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') {
    const el = node as unknown as JsxElement;
    if (el.name === 'Pick') return markedPick(el, spans, around) ?? ` ${pickText(el)} `;
    if (el.name === 'When' && node.type === 'mdxJsxTextElement') {
      const outer = spans[around];
      const k = spanIndex(spans, { ...outer, whens: [...(outer?.whens ?? []), whenProps(el)] });
      return spanMark(k) + inner(el.children, k) + spanMark(around);
    }
    return ` ${inner(el.children, around)} `;
  }
  if ('children' in node) return inner(node.children as RootContent[], around);
  return inlineText(node).replace(PRIVATE, '');
}

/**
 * Plain text of an MDX body (all option variants), its headings and its lines inside `<When>` blocks; and the same
 * lines `marked` (setup-text.ts), their inline variants' conditions in `spans` (marker k: spans[k]).
 */
export function mdxToText(body: string): { text: string; headings: string[]; whens: WhenLine[]; marked: string; spans: InlineSpan[] } {
  const tree = parser.parse(body) as Root;
  const headings: string[] = [];
  const lines: string[] = [];
  const marked: string[] = [];
  const spans: InlineSpan[] = [];
  const whens: WhenLine[] = [];
  /** The props of the `<When>` blocks around each node read (a node's are its parent's, plus its own if a `<When>`). */
  const within = new WeakMap<object, WhenProps[]>();
  let around: WhenProps[] = [];
  /** A line of the output (and its marked text), inside the `<When>` blocks of the node being read. */
  const push = (line: string, mark: string) => {
    if (around.length) whens.push({ line: lines.length, whens: around });
    lines.push(line);
    marked.push(mark);
  };
  /** A node's marked text, spaces closed up. */
  const markedLine = (node: Nodes) => markedText(node, spans).replace(/\s+/g, ' ').trim();
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
        const end = /[.!?:]$/.test(h) ? '' : '.';
        push(`${h}${end}`, `${markedLine(node)}${end}`);
      }
      return SKIP;
    }
    if (node.type === 'tableRow') {
      // Cells apart (a cell is not a sentence, but its neighbour is not the same word either).
      const cells = node.children.map((c) => [inlineText(c).trim(), markedLine(c)] as const).filter(([t]) => t);
      if (cells.length) push(cells.map(([t]) => t).join(CELL_SEPARATOR), cells.map(([, m]) => m).join(CELL_SEPARATOR));
      return SKIP;
    }
    if (BLOCKS.has(node.type) && node.type !== 'mdxJsxFlowElement' && node.type !== 'listItem' && node.type !== 'blockquote') {
      // A leaf block: its phrasing content is one line.
      const t = inlineText(node as Nodes)
        .replace(/\s+/g, ' ')
        .trim();
      if (t) push(t, markedLine(node as Nodes));
      return SKIP;
    }
    if (node.type === 'mdxJsxFlowElement' && (node as unknown as JsxElement).name === 'Pick') {
      const t = pickText(node as unknown as JsxElement);
      if (t) push(t, markedLine(node as Nodes));
      return SKIP;
    }
    return undefined;
  }
  return { text: lines.join('\n'), headings, whens, marked: packSpans(marked.join('\n')), spans };
}
