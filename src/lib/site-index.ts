/**
 * The site's pages and the anchors of its entry pages, as the build makes them, so that a link in an entry to a
 * site path (`/<game>/terms/`) or a fragment (`slug#unclear-id`, `#heading`) is checked before it ships broken.
 * Pure: works on the games, the entries' slugs and their mdast trees (before the rule transform).
 */
import GithubSlugger, { slug } from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Game } from '../schemas/game';
import { gamePages } from './game-pages';
import { unclearAnchor } from './mdx-nodes';

/** Every page path of the site (`/`, `/search/`, `/<game>/`, `/<game>/<page>/`), and the anchors of entry pages. */
export interface SiteIndex {
  paths: ReadonlySet<string>;
  /** Entry page path → the element ids a link may target: its headings and its "Unclear in the rules" notes. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The id a heading gets (GitHub's slug of its text, before numbering repeats); empty when it has no letter or digit. */
export const headingId = (heading: unknown): string => slug(toString(heading));

type Node = { type: string; name?: string | null; attributes?: { type: string; name?: string; value?: unknown }[]; children?: Node[] };

/**
 * The anchors of one entry's page from its mdast (before the rule transform): heading ids as the MDX pipeline
 * gives them (GitHub's slugs of the heading text, numbered when repeated), `unclear-<id>` of each note and the id of
 * each `<Part>`.
 */
export function entryAnchors(tree: unknown): Set<string> {
  const slugger = new GithubSlugger();
  const out = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'heading') out.add(slugger.slug(toString(node)));
    if (node.type === 'mdxJsxFlowElement' && node.name === 'Unclear') {
      const id = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
      if (typeof id === 'string') out.add(unclearAnchor(id));
    }
    if (node.type === 'mdxJsxFlowElement' && node.name === 'Part') {
      const id = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
      if (typeof id === 'string') out.add(id);
    }
    node.children?.forEach(walk);
  };
  walk(tree as Node);
  return out;
}

/** The site's index from its games and entries (with each entry's anchors). */
export function siteIndex(
  games: readonly Game[],
  entries: readonly { game: string; slug: string; anchors: ReadonlySet<string> }[],
): SiteIndex {
  const paths = new Set(['/', '/search/']);
  for (const game of games) {
    paths.add(`/${game.id}/`);
    for (const page of gamePages(game)) paths.add(page.url);
  }
  const anchors = new Map<string, ReadonlySet<string>>();
  for (const e of entries) {
    if (!games.some((g) => g.id === e.game)) continue;
    paths.add(`/${e.game}/${e.slug}/`);
    anchors.set(`/${e.game}/${e.slug}/`, e.anchors);
  }
  return { paths, anchors };
}

/**
 * What is wrong with a link to a site path and fragment (undefined when it leads somewhere): a path the site does
 * not have, or a fragment its page does not have. `/x` and `/x/?q=...` read as `/x/`. Fragments are checked on
 * entry pages only; other pages' element ids are not content, so a fragment there is refused.
 */
export function linkProblem(site: SiteIndex, path: string, fragment?: string): string | undefined {
  let page = path.replace(/[?].*$/, '');
  if (!page.endsWith('/')) page += '/';
  if (!site.paths.has(page)) return `no page ${page} on this site`;
  if (fragment === undefined) return undefined;
  const anchors = site.anchors.get(page);
  if (!anchors) return `${page} is not a rule entry: link the page without a #fragment`;
  if (anchors.has(fragment)) return undefined;
  const known = anchors.size ? `its anchors: ${[...anchors].map((a) => `#${a}`).join(', ')}` : 'it has no headings or notes to link to';
  return `no #${fragment} on ${page} (${known})`;
}
