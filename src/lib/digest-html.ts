/**
 * The my-setup page's digest of a changed rule shows only the option-dependent parts of the entry: its variant
 * blocks and the paragraphs (list items, tables...) holding an inline variant. This keeps exactly those top-level
 * elements of the rendered entry and drops the others, which the page would only hide (the rule
 * `.digest > :not(.variant):not(:has(.pick, span.when))` in global.css, kept for any other digest markup): the
 * same text shows, in a page a fraction of the size.
 */
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent, RootContent } from 'hast';

const classes = (el: Element): string[] => {
  const c: unknown = el.properties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
};

/** Whether an element is, or holds, an inline variant (`.pick`, `span.when`). */
function holdsVariant(node: ElementContent): boolean {
  if (node.type !== 'element') return false;
  const cls = classes(node);
  if (cls.includes('pick') || (node.tagName === 'span' && cls.includes('when'))) return true;
  return node.children.some(holdsVariant);
}

/** Whether a top-level node of a digest shows: a variant block, or an element holding an inline variant. */
function digestKeeps(node: RootContent): boolean {
  if (node.type !== 'element') return false;
  return classes(node).includes('variant') || holdsVariant(node);
}

/** The HTML of a rendered entry reduced to what its digest shows. */
export function digestHtml(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  tree.children = tree.children.filter(digestKeeps);
  return toHtml(tree);
}
