/**
 * Remark plugin for rule entries: runs the pure rule-tree transform on each entry with its game's options and
 * slugs, checks the frontmatter `options` list against what the body uses, and fails the build with
 * `file:line: message` for any problem. It hands pages what they gather from many entries (variant pairs, the
 * pairs under which the text changes, the unclear notes) through the entry's remark frontmatter.
 */
import { basename, relative, sep } from 'node:path';
import { transformRuleTree, type RuleReport } from '../lib/rule-tree';
import { fragmentHtml } from '../lib/mdast-html';
import { unclearConditions, whenClauses, type MdNode } from '../lib/fragments';
import { conditionLabel } from '../lib/option-authoring';
import { setupSteps } from '../lib/setup-guide';
import { entryPart, partView, splitRef } from '../lib/entry-parts';
import { optionChanges } from '../lib/option-changes';
import { catalogue, type Catalogue } from './catalogue';
import { siteOf } from './entry-tree';
import type { SiteIndex } from '../lib/site-index';

/** Checks one entry's tree; returns the problems as `file:line: message` strings. */
export function checkEntryTree(
  tree: unknown,
  /** `frontmatterOptions`: undefined when the frontmatter's `options` could not be read (the body is not compared to it). */
  file: { path: string; slug?: string; frontmatterOptions: readonly string[] | undefined; lineOffset?: number },
  cat: Catalogue,
  pending: ReadonlySet<string> = new Set(),
  site?: SiteIndex,
): { errors: string[]; report?: RuleReport } {
  const path = relative(cat.dir, file.path).split(sep);
  const name = relative(process.cwd(), file.path);
  const game = cat.games.find((g) => g.id === path[0]);
  if (!game) return { errors: [`${name}: not inside a game folder of ${cat.dir}`] };
  const slugs = new Set(cat.entries.filter((e) => e.game === game.id).map((e) => e.slug));
  for (const p of pending) if (p.startsWith(`${game.id}/`)) slugs.add(p.slice(game.id.length + 1));
  const report = transformRuleTree(tree as never, { game, slugs, site, slug: file.slug });
  const offset = file.lineOffset ?? 0;
  const errors = report.errors.map((e) => `${name}:${e.line !== undefined ? e.line + offset : '?'}: ${e.message}`);
  const at = (field: string) => {
    const line = cat.lineOf(name, field);
    return `${name}${line === undefined ? '' : `:${line}`}: ${field}`;
  };
  const listed = file.frontmatterOptions;
  for (const id of listed ? report.usedOptions : [])
    if (!listed!.includes(id)) errors.push(`${at('options')}: the body uses option "${id}"; add it to the frontmatter options`);
  listed?.forEach((id, i) => {
    if (!report.usedOptions.has(id)) errors.push(`${at(`options.${i}`)}: "${id}" is listed but no <When>/<Pick> uses it`);
  });
  return { errors, report };
}

/** The parts of an entry that its game's play along names, as HTML with their conditions (by anchor, '' for all). */
function playParts(game: Catalogue['games'][number], slug: string, root: MdNode) {
  const pa = game.playAlong;
  if (!pa) return {};
  const refs = [...pa.ends, ...pa.phases, ...pa.special, ...pa.end].map((l) => splitRef(l.entry)).filter((r) => r.slug === slug);
  return Object.fromEntries(
    refs.flatMap((r) => {
      const part = entryPart(root, r.anchor);
      return part ? [[r.anchor ?? '', partView(part)] as const] : [];
    }),
  );
}

/** The remark plugin. Entries outside the content folder are left alone. */
export default function remarkRules() {
  return (tree: unknown, file: { path?: string; data: { astro?: { frontmatter?: Record<string, unknown> } } }) => {
    if (!file.path) return;
    const cat = catalogue();
    if (relative(cat.dir, file.path).startsWith('..')) return;
    const frontmatter = file.data.astro?.frontmatter ?? {};
    const { errors, report } = checkEntryTree(
      tree,
      {
        path: file.path,
        slug: basename(file.path).replace(/\.mdx?$/, ''),
        frontmatterOptions: (frontmatter.options as string[] | undefined) ?? [],
      },
      cat,
      undefined,
      siteOf(cat).site,
    );
    if (errors.length) throw new Error(`Invalid rule entry:\n${errors.join('\n')}`);
    // What pages that gather pieces of many entries need (see RenderedEntry in src/data/site.ts).
    if (file.data.astro?.frontmatter && report) {
      const [gameId, name] = relative(cat.dir, file.path).split(sep) as [string, string];
      const game = cat.games.find((g) => g.id === gameId)!;
      const slug = name.replace(/\.mdx?$/, '');
      const root = tree as MdNode;
      const around = unclearConditions(root);
      /** "Solo play (bot)": the setup a note applies to, when it sits in <When> blocks. */
      const appliesTo = (id: string) => {
        const when = whenClauses(around.get(id) ?? {});
        return when.length ? conditionLabel(game, when) : undefined;
      };
      const options = (frontmatter.options as string[] | undefined) ?? [];
      Object.assign(file.data.astro.frontmatter, {
        variantPairs: [...report.variantPairs],
        changedPairs: [...report.changedPairs],
        unclear: report.unclear.map((u) => ({
          id: u.id,
          readings: u.readings,
          html: fragmentHtml(u.children),
          appliesTo: appliesTo(u.id),
        })),
        // The parts of the entry that the play along shows (by anchor; '' for the whole entry).
        parts: playParts(game, slug, root),
        // The setup guide's steps, for the entries the game lists in `setupGuide`.
        guide: game.setupGuide.includes(slug) ? setupSteps(root, { game: game.id, slug }) : [],
        // What each of the entry's options changes in its text, value by value (the "what changes" page).
        changes: Object.fromEntries(
          options.flatMap((id) => {
            const units = optionChanges(root, game, id);
            return units.length ? [[id, units] as const] : [];
          }),
        ),
      });
    }
  };
}
