/**
 * Renders a piece of an entry's transformed tree (e.g. an `<Unclear>` note's body) to HTML, for pages that list
 * pieces of many entries. The rule transform's generated elements (conditional spans, links) keep their attributes,
 * so the options CSS shows the right variant there too. Text is escaped by the HTML serialiser.
 */
import { toHast, type State } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent } from 'hast';

type JsxNode = {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: unknown[];
};

/** A generated JSX element (`<span data-w-solo="1">`, `<div class="when">`) as a plain HTML element. */
function jsx(state: State, node: JsxNode): Element | ElementContent[] {
  const children = state.all(node as never) as ElementContent[];
  if (!node.name) return children;
  const properties: Record<string, string> = {};
  for (const a of node.attributes ?? [])
    if (a.type === 'mdxJsxAttribute' && a.name && typeof a.value === 'string') properties[a.name] = a.value;
  return { type: 'element', tagName: node.name, properties, children };
}

/** HTML of a list of mdast nodes. */
export function fragmentHtml(children: readonly unknown[]): string {
  const tree = toHast({ type: 'root', children } as never, {
    handlers: { mdxJsxFlowElement: jsx as never, mdxJsxTextElement: jsx as never },
  });
  return toHtml(tree, { allowDangerousHtml: false });
}
