/**
 * Writes the first card of each lookup of the sets named (G and H by default), scoped to its game, no setup saved, as
 * the list shows the first result (title — its answer card, leadSnippet), for a judge to read:
 * `npx tsx scripts/bench-glance-cards.ts <out.json> [P,Q]`. bench/glance/ holds the cards judged so far and the
 * judges' verdicts (see bench/RESULTS.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { leadSnippet } from '../src/lib/search/query';
import { SET_FILES, type Query } from './bench-sets';
import { appSearch, loadCorpus } from './bench-search/engines';

const out = process.argv[2];
if (!out) throw new Error('usage: npx tsx scripts/bench-glance-cards.ts <out.json>');
const app = appSearch(loadCorpus());
const cards: unknown[] = [];
for (const set of (process.argv[3] ?? 'G,H').split(',')) {
  const list = JSON.parse(readFileSync(SET_FILES[set]!, 'utf8')) as Query[];
  for (const { q, game, facts } of list) {
    const r = app.all.search(q, { game, limit: 1 })[0];
    const snippet = r ? leadSnippet(r, () => app.all.bodyOf(r.url)) : [];
    cards.push({ set, game, q, facts, card: r ? `${r.title} — ${snippet.map((p) => p.text).join('')}` : '(no result)' });
  }
}
writeFileSync(out, JSON.stringify(cards, null, 1));
console.log(`${cards.length} cards written to ${out}`);
