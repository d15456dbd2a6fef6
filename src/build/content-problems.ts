/**
 * The whole content check without a site build: schemas and cross-entry rules (as the build's content-check
 * integration runs them), then every entry's MDX compiled with the rule-tree transform (as the build's remark
 * plugin runs it). Each problem is one `file: field: message` or `file:line: message` line, as the build prints it.
 * Used by `npm run check:content` and the build-failure tests.
 */
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import type { Catalogue } from './catalogue';
import { checkEntryTree } from './remark-rules';
import { validateSite, formatProblems } from '../lib/validate';

export interface CheckOptions {
  /** Only these games' entries are compiled (cross-entry checks still see all). */
  only?: readonly string[];
  /** `game/slug`s that count as existing for links and related entries (planned, not written yet). */
  pending?: ReadonlySet<string>;
}

/** Every problem in the catalogue's content, and how many entries were compiled. */
export async function contentProblems(cat: Catalogue, { only = [], pending = new Set() }: CheckOptions = {}): Promise<{ problems: string[]; checked: number }> {
  const lines: string[] = [formatProblems(cat.problems), formatProblems(validateSite(cat.games, cat.entries, pending))].filter(Boolean);
  let checked = 0;
  for (const entry of cat.entries) {
    if (only.length && !only.includes(entry.game)) continue;
    checked++;
    const path = join(cat.dir, entry.game, `${entry.slug}.mdx`);
    try {
      await compile(entry.body, {
        remarkPlugins: [
          // GFM as the build parses it (astro.config.mjs `gfm: true`): tables, and bare addresses become links.
          remarkGfm,
          () => (tree: unknown) => {
            const { errors } = checkEntryTree(tree, { path, frontmatterOptions: entry.data.options, lineOffset: entry.bodyLine - 1 }, cat, pending);
            lines.push(...errors);
          },
        ],
      });
    } catch (e) {
      const err = e as { line?: number; reason?: string; message: string };
      lines.push(`${entry.file}:${err.line !== undefined ? err.line + entry.bodyLine - 1 : '?'}: MDX syntax: ${err.reason ?? err.message}`);
    }
  }
  return { problems: lines.join('\n').split('\n').filter(Boolean), checked };
}
