/**
 * The MDX nodes the rule transform reads and makes (`rule-tree.ts`, `table-rows.ts`): their shape, an attribute's
 * literal value, the elements the transform generates, and the label and anchor of an `<Unclear>` note. Pure.
 */
import { literalValue, type Literal } from './estree-value';

/** An MDX attribute as the transform reads it. */
export type Attr = { type: string; name?: string; value?: unknown };
/** An mdast node as the transform reads it. */
export type MdNode = {
  type: string;
  name?: string | null;
  url?: string;
  attributes?: Attr[];
  children?: MdNode[];
  position?: { start: { line: number } };
  data?: Record<string, unknown>;
  value?: string;
};

/** An attribute's value: `null` (shorthand) is `true`; expressions are evaluated as literals. */
export function attrValue(attr: Attr): Literal {
  const v = attr.value as { type?: string; value?: string; data?: { estree?: unknown } } | string | null | undefined;
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v;
  if (v.data?.estree) return literalValue(v.data.estree as { type: string });
  throw new Error(`cannot read the value {${v.value ?? ''}}`);
}

/** An element the transform generates (a `<When>` div or span, a mark). */
export const html = (name: string, attrs: Record<string, string>, children: MdNode[], flow: boolean): MdNode => ({
  type: flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement',
  name,
  attributes: Object.entries(attrs).map(([n, value]) => ({ type: 'mdxJsxAttribute', name: n, value })),
  children,
  data: { generated: true },
});

/** The label the `<Unclear>` component shows (and that legacy blockquote notes started with). */
export const UNCLEAR_LABEL = 'Unclear in the rules';
/** The element id an `<Unclear>` note gets on its entry page. */
export const unclearAnchor = (id: string): string => `unclear-${id}`;
