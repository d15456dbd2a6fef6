/**
 * The whole content check: schemas and cross-entry rules, then every entry's MDX parsed and run through the
 * rule-tree transform (as the build's remark plugin runs it), with links checked against the site's pages and
 * anchors. Each problem is one `file:line: field: message` or `file:line: message` line, with the line in the
 * whole file. Used by `npm run check:content`, by the build's content-check integration (so the build fails with
 * the same lines, all at once) and by the build-failure tests.
 */
import { join } from 'node:path';
import type { Catalogue } from './catalogue';
import { checkEntryTree } from './remark-rules';
import { siteOf, takeTree } from './entry-tree';
import { validateSite, formatProblems } from '../lib/validate';
import { bodyProblems } from '../lib/entry-body';

/** What a content check compiles: every game's entries or some games' (`only`), and entries that count as planned. */
export interface CheckOptions {
  /** Only these games' entries are compiled (cross-entry checks still see all). */
  only?: readonly string[];
  /** `game/slug`s that count as existing for links and related entries (planned, not written yet). */
  pending?: ReadonlySet<string>;
}

/**
 * An MDX syntax error as `line: message`, the line in the whole file. For a tag never closed the parser names no
 * line of its own but the tag's place in its message ("(3:1-3:12)"): that is the line given.
 */
export function syntaxProblem(e: unknown, bodyLine: number): { line: number; message: string } {
  const err = e as { line?: number; reason?: string; message: string };
  const reason = err.reason ?? err.message;
  const place = / \((\d+):\d+-\d+:\d+\)/.exec(reason);
  const local = err.line ?? (place ? Number(place[1]) : 1);
  const message = place ? reason.replace(place[0], ` (line ${Number(place[1]) + bodyLine - 1})`) : reason;
  return { line: local + bodyLine - 1, message: `MDX syntax: ${message}` };
}

/** Every problem in the catalogue's content, and how many entries were checked. */
export async function contentProblems(
  cat: Catalogue,
  { only = [], pending = new Set() }: CheckOptions = {},
): Promise<{ problems: string[]; checked: number }> {
  const site = validateSite(cat.games, cat.entries, pending, cat.gameFile).map((p) => ({
    ...p,
    line: p.line ?? cat.lineOf(p.file, p.field),
  }));
  const lines: string[] = [formatProblems(cat.problems), formatProblems(site)].filter(Boolean);
  const { site: index } = siteOf(cat);
  let checked = 0;
  for (const entry of cat.entries) {
    if ((only.length && !only.includes(entry.game)) || entry.bodyUnchecked) continue;
    checked++;
    let tree: unknown;
    try {
      tree = takeTree(cat, entry.file, entry.body);
    } catch (e) {
      const p = syntaxProblem(e, entry.bodyLine);
      lines.push(`${entry.file}:${p.line}: ${p.message}`);
      continue;
    }
    for (const p of bodyProblems(tree, entry.invalid?.has('summary') ? '' : entry.data.summary)) {
      const line = p.field ? (cat.lineOf(entry.file, p.field) ?? 1) : entry.bodyLine;
      lines.push(`${entry.file}:${line}: ${p.field ? `${p.field}: ` : ''}${p.message}`);
    }
    const path = join(cat.dir, entry.game, `${entry.slug}.mdx`);
    const frontmatterOptions = entry.invalid?.has('options') ? undefined : entry.data.options;
    const file = { path, slug: entry.slug, frontmatterOptions, lineOffset: entry.bodyLine - 1 };
    lines.push(...checkEntryTree(tree, file, cat, pending, index).errors);
  }
  return { problems: lines.join('\n').split('\n').filter(Boolean), checked };
}
