/**
 * An entry body's mdast as the site reads it (MDX with GFM tables), before the rule transform: for scripts and
 * tests that look at entries without compiling them.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);

/** Parses an MDX body (no frontmatter) into mdast. Throws on MDX syntax errors. */
export function parseEntryBody(body: string): unknown {
  return processor.runSync(processor.parse(body));
}
