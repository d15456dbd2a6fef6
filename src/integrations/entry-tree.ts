/**
 * An entry body's mdast as the site reads it (MDX with GFM tables), before the rule transform: for scripts and
 * tests that look at entries without compiling them.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import type { Catalogue } from './catalogue';
import { entryAnchors, siteIndex, type SiteIndex } from '../lib/site-index';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx);

/** Parses an MDX body (no frontmatter) into mdast. Throws on MDX syntax errors. */
export function parseEntryBody(body: string): unknown {
  return processor.runSync(processor.parse(body));
}

const SITE = Symbol.for('rules-at-the-table.site-index');
type WithIndex = Catalogue & { [SITE]?: { trees: Map<string, unknown>; site: SiteIndex } };

/**
 * The site's index of pages and anchors, from every entry's body parsed once per catalogue: the content check and
 * the remark plugin check links against it. `trees` holds the parsed bodies by file until a check takes one
 * (`takeTree`): the rule transform changes a tree, so each is handed out once.
 */
export function siteOf(cat: Catalogue): { trees: Map<string, unknown>; site: SiteIndex } {
  const c = cat as WithIndex;
  if (c[SITE]) return c[SITE];
  const trees = new Map<string, unknown>();
  const anchored = cat.entries.map((e) => {
    let anchors = new Set<string>();
    try {
      const tree = parseEntryBody(e.body);
      trees.set(e.file, tree);
      anchors = entryAnchors(tree);
    } catch {
      // Reported by the content check with its line; the entry's page still exists.
    }
    return { game: e.game, slug: e.slug, anchors };
  });
  return (c[SITE] = { trees, site: siteIndex(cat.games, anchored) });
}

/** An entry body's tree, parsed for the site index if it still is unused, else parsed now. Throws on MDX syntax errors. */
export function takeTree(cat: Catalogue, file: string, body: string): unknown {
  const { trees } = siteOf(cat);
  const tree = trees.get(file);
  trees.delete(file);
  return tree ?? parseEntryBody(body);
}
