/**
 * Remark plugin for rule entries: runs the pure rule-tree transform on each entry with its game's options and
 * slugs, checks the frontmatter `options` list against what the body uses, and fails the build with
 * `file:line: message` for any problem.
 */
import { relative, sep } from 'node:path';
import { transformRuleTree } from '../lib/rule-tree';
import { loadCatalogue, contentDir, type Catalogue } from './catalogue';

let cached: { dir: string; at: number; cat: Catalogue } | undefined;
function catalogue(): Catalogue {
  const dir = contentDir();
  // Re-read at most once a second (dev server edits); a build reads it once.
  if (!cached || cached.dir !== dir || Date.now() - cached.at > 1000) cached = { dir, at: Date.now(), cat: loadCatalogue(dir) };
  return cached.cat;
}

/** Checks one entry's tree; returns the problems as `file:line: message` strings. */
export function checkEntryTree(
  tree: unknown,
  file: { path: string; frontmatterOptions: readonly string[]; lineOffset?: number },
  cat: Catalogue,
  pending: ReadonlySet<string> = new Set(),
): { errors: string[]; variantKeys: string[]; variantPairs: string[] } {
  const path = relative(cat.dir, file.path).split(sep);
  const name = relative(process.cwd(), file.path);
  const game = cat.games.find((g) => g.id === path[0]);
  if (!game) return { errors: [`${name}: not inside a game folder of ${cat.dir}`], variantKeys: [], variantPairs: [] };
  const slugs = new Set(cat.entries.filter((e) => e.game === game.id).map((e) => e.slug));
  for (const p of pending) if (p.startsWith(`${game.id}/`)) slugs.add(p.slice(game.id.length + 1));
  // Until every note is converted to <Unclear>, RULES_LEGACY_UNCLEAR=allow lets old blockquote notes through.
  const report = transformRuleTree(tree as never, { game, slugs, legacyUnclear: process.env.RULES_LEGACY_UNCLEAR === 'allow' ? 'allow' : 'refuse' });
  const offset = file.lineOffset ?? 0;
  const errors = report.errors.map((e) => `${name}:${e.line !== undefined ? e.line + offset : '?'}: ${e.message}`);
  for (const id of report.usedOptions)
    if (!file.frontmatterOptions.includes(id)) errors.push(`${name}: options: the body uses option "${id}"; add it to the frontmatter options`);
  for (const id of file.frontmatterOptions)
    if (!report.usedOptions.has(id)) errors.push(`${name}: options: "${id}" is listed but no <When>/<Pick> uses it`);
  return { errors, variantKeys: [...report.variantKeys], variantPairs: [...report.variantPairs] };
}

/** The remark plugin. Entries outside the content folder are left alone. */
export default function remarkRules() {
  return (tree: unknown, file: { path?: string; data: { astro?: { frontmatter?: Record<string, unknown> } } }) => {
    if (!file.path) return;
    const cat = catalogue();
    if (relative(cat.dir, file.path).startsWith('..')) return;
    const frontmatter = file.data.astro?.frontmatter ?? {};
    const { errors, variantKeys, variantPairs } = checkEntryTree(
      tree,
      { path: file.path, frontmatterOptions: (frontmatter.options as string[] | undefined) ?? [] },
      cat,
    );
    if (errors.length) throw new Error(`Invalid rule entry:\n${errors.join('\n')}`);
    if (file.data.astro?.frontmatter) {
      file.data.astro.frontmatter.variantKeys = variantKeys;
      file.data.astro.frontmatter.variantPairs = variantPairs;
    }
  };
}
