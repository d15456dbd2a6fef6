/**
 * One truth per fact: lists facts that entries state differently, facts one entry flags as unclear and another
 * states as certain, and doubts written in plain words with no note (see scripts/consistency/check.ts).
 *   npm run check:consistency                   all games
 *   npm run check:consistency -- <game> ...     only these games
 *   --json                                      machine output (every finding)
 *   --all                                       also print low-confidence findings (counted either way)
 *   --strict                                    exit 1 while high-confidence findings remain
 * A review tool: exits 0 otherwise.
 */
import { readFileSync } from 'node:fs';
import { loadCatalogue } from '../src/integrations/catalogue';
import { parseEntryBody } from '../src/integrations/entry-tree';
import { checkConsistency, type Finding, type FindingKind, type Statement } from './consistency/check';
import type { EntryInput } from './consistency/types';
import { transformRuleTree } from '../src/lib/rule-tree';
import { guideViewProblems, playViewProblems } from '../src/lib/view-check';
import type { MdNode } from '../src/lib/fragments';

const args = process.argv.slice(2);
const json = args.includes('--json');
const strict = args.includes('--strict');
const showAll = args.includes('--all');
const only = args.filter((a) => !a.startsWith('--'));

const cat = loadCatalogue();
const findings: Finding[] = [];
const errors: string[] = [];
let facts = 0;
/** Problems of the guided views (a line naming a part that does not exist or shows nothing for a setup). */
const views: string[] = [];
for (const game of cat.games) {
  if (only.length && !only.includes(game.id)) continue;
  const entries: EntryInput[] = [];
  for (const e of cat.entries.filter((x) => x.game === game.id)) {
    let tree: unknown;
    try {
      tree = parseEntryBody(e.body);
    } catch (err) {
      errors.push(`${e.file}: MDX syntax: ${(err as Error).message}`);
      continue;
    }
    const lines = readFileSync(e.file, 'utf8').split('\n');
    const summaryLine = lines.findIndex((l) => l.startsWith('summary:')) + 1 || undefined;
    entries.push({
      slug: e.slug,
      title: e.data.title,
      terms: e.data.terms,
      summary: e.data.summary,
      options: e.data.options,
      tree,
      file: e.file,
      lineOffset: e.bodyLine - 1,
      summaryLine,
    });
  }
  // The guided views against the entries they show (each tree read again: the check below transforms its own).
  const slugs = new Set(entries.map((e) => e.slug));
  const trees = new Map<string, MdNode>();
  const treeOf = (slug: string): MdNode | undefined => {
    const e = cat.entries.find((x) => x.game === game.id && x.slug === slug);
    if (!e) return undefined;
    if (!trees.has(slug)) {
      const tree = parseEntryBody(e.body) as MdNode;
      transformRuleTree(tree as never, { game, slugs, slug });
      trees.set(slug, tree);
    }
    return trees.get(slug);
  };
  for (const p of playViewProblems(game, treeOf)) views.push(`content/games/${game.id}.yaml: playAlong.${p.path}: ${p.message}`);
  for (const p of guideViewProblems(game, treeOf)) views.push(`content/games/${game.id}.yaml: ${p.path}: ${p.message}`);
  const r = checkConsistency(game, entries);
  findings.push(...r.findings);
  errors.push(...r.errors);
  facts += r.facts;
}

const KINDS: FindingKind[] = ['disagreement', 'stated-vs-flagged', 'unlinked-doubt'];
const TITLES: Record<FindingKind, string> = {
  disagreement: 'Disagreements: the same fact with different values on two pages',
  'stated-vs-flagged': 'Stated vs flagged: certain here, an "Unclear in the rules" note there (no note or link here)',
  'unlinked-doubt': 'Unlinked doubts: the text says the rules leave it open, with no note and no link to one',
};
const count = (kind: FindingKind, game?: string, conf?: string) =>
  findings.filter((f) => f.kind === kind && (!game || f.game === game) && (!conf || f.confidence === conf)).length;
const high = findings.filter((f) => f.confidence === 'high').length;

if (json) {
  console.log(JSON.stringify({ findings, errors, views, summary: Object.fromEntries(KINDS.map((k) => [k, count(k)])) }, null, 2));
} else {
  const where = (s: Statement) => `${s.file}${s.line ? `:${s.line}` : ''}`;
  const clip = (t: string) => (t.length > 220 ? `${t.slice(0, 217)}...` : t);
  const games = [...new Set(findings.map((f) => f.game))].sort();
  for (const kind of KINDS) {
    if (!count(kind)) continue;
    console.log(`\n== ${TITLES[kind]}`);
    for (const game of games) {
      const list = findings.filter((f) => f.kind === kind && f.game === game && (showAll || f.confidence !== 'low'));
      if (!list.length) continue;
      console.log(`\n-- ${game}`);
      for (const f of list) {
        console.log(`[${f.confidence} ${f.score.toFixed(2)}] ${f.topic}: ${f.reason}`);
        console.log(`   ${where(f.a)} (${f.a.setup}): ${clip(f.a.text)}`);
        if (f.b) console.log(`   ${where(f.b)} (${f.b.setup}): ${clip(f.b.text)}`);
        if (f.also) console.log(`   also: ${f.also.join(', ')}`);
      }
    }
  }
  if (errors.length) console.log(`\n${errors.join('\n')}`);
  console.log(
    views.length
      ? `\n== Guided views\n${views.join('\n')}`
      : '\nGuided views: every play-along line and setup-guide step shows words in every setup it is used in.',
  );
  const byGame = (kind: FindingKind) =>
    [...new Set(findings.map((f) => f.game))]
      .sort()
      .map((g) => `${g} ${count(kind, g)}`)
      .join(', ');
  console.log('');
  for (const kind of KINDS)
    console.log(
      `${kind}: ${count(kind)} (high ${count(kind, undefined, 'high')}, medium ${count(kind, undefined, 'medium')}, low ${count(kind, undefined, 'low')}) — ${byGame(kind) || 'none'}`,
    );
  console.log(
    `${findings.length} findings (${high} high confidence${showAll ? '' : '; low ones counted, not shown: --all'}) from ${facts} facts`,
  );
}
process.exit((strict && high > 0) || views.length ? 1 : 0);
