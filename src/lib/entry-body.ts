/**
 * What an entry's body must hold as a whole, beyond each of its parts: some text, and more of it than its summary
 * (a summary sums the rule up; an entry that says less than its summary has lost its text). Pure; works on the body's
 * mdast before the rule transform, whose text counts every variant (`<When>` blocks) and, for a `<Pick>`, its longest text.
 */
import { attrValue, type MdNode } from './mdx-nodes';

/** A problem of the body as a whole: on the body's first line, or on the summary's field. */
export interface BodyProblem {
  /** `summary` when the problem is the summary's; undefined for the body itself (its first line). */
  field?: 'summary';
  message: string;
}

/** The longest text of a `<Pick>` (its texts sit in a prop, not in children); '' when the prop cannot be read. */
function pickText(node: MdNode): string {
  try {
    const map = node.attributes?.[0] ? attrValue(node.attributes[0]) : null;
    const texts = map && typeof map === 'object' && !Array.isArray(map) ? Object.values(map).map(String) : [];
    return texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  } catch {
    return ''; // reported by the rule transform
  }
}

/** The text of a node and its children, `<Pick>` texts included. */
const textOf = (node: MdNode): string =>
  node.name === 'Pick' ? pickText(node) : (node.value ?? (node.children ?? []).map(textOf).join(node.type === 'root' ? ' ' : ''));

/** The body's words as a reader sees them, white space as single spaces. */
const plainText = (tree: unknown): string =>
  textOf(tree as MdNode)
    .replace(/\s+/g, ' ')
    .trim();

/** What is wrong with a body as a whole, given the entry's summary. */
export function bodyProblems(tree: unknown, summary: string): BodyProblem[] {
  const text = plainText(tree);
  if (!text) return [{ message: 'the entry has no text: write its rule below the frontmatter' }];
  if (summary.length > text.length)
    return [
      {
        field: 'summary',
        message: `${summary.length} characters, longer than the entry's text (${text.length}): a summary sums up the text, the text says more`,
      },
    ];
  return [];
}
