/**
 * Pools candidates for relevance judgments (TREC-style): for each lookup of a labelled set, the union of its
 * label and the top results of several engines (the app, MiniSearch, Fuse.js token search), scoped to its game,
 * in alphabetical order with no engine named, so a judge reading the entries cannot tell which engine found
 * what. The judge's verdicts (bench/judged/<set>.json) widen the labels that `npm run bench:search` scores
 * against: an entry that states the answer as directly as the labelled one counts as right for every engine.
 *
 *   tsx scripts/bench-pool.ts --sets=A,B [--depth=5]   → bench/pool/<set>.json
 *   tsx scripts/bench-pool.ts --unjudged [--sets=...]    → bench/pool/unjudged-<game>.json: the app's top 3 (scoped,
 *     and all games where in the lookup's game) that no judgment covers yet, for a further round of judging
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadCatalogue } from '../src/integrations/catalogue';
import { buildSearchIndexes, searchDoc, type SearchDoc, type SearchIndex } from '../src/lib/search/build-index';
import { Searcher, SearchSet } from '../src/lib/search/query';
import { ensureBenchDeps } from './bench-deps.mjs';
import { SET_FILES, type Query } from './bench-sets';

ensureBenchDeps();
const enginesModule = '../bench/engines';
const { ALTERNATIVES } = (await import(enginesModule)) as {
  ALTERNATIVES: { name: string; serialize: (docs: SearchDoc[]) => string; load: (data: string) => (q: string) => string[] }[];
};
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const depth = Number(arg('depth') ?? 5);
const names = arg('sets')?.split(',') ?? Object.keys(SET_FILES);

const cat = loadCatalogue();
const docsByGame = new Map<string, SearchDoc[]>(
  cat.games.map((g) => [g.id, cat.entries.filter((e) => e.game === g.id).map((e) => searchDoc(g, e.slug, e.data, e.body))]),
);
const built = buildSearchIndexes([...docsByGame.values()].flat(), cat.games);
const app = new SearchSet(new Map(cat.games.map((g) => [g.id, new Searcher(JSON.parse(JSON.stringify(built.get(g.id))) as SearchIndex)])));
const engines: ((q: string, game: string) => string[])[] = [
  (q, game) => app.search(q, { game, limit: depth }).map((r) => r.url.split('/').filter(Boolean).join('/')),
];
for (const alt of ALTERNATIVES.filter((a) => a.name === 'minisearch' || a.name === 'fuse-token')) {
  const perGame = new Map(cat.games.map((g) => [g.id, alt.load(alt.serialize(docsByGame.get(g.id)!))]));
  engines.push((q, game) => perGame.get(game)!(q).slice(0, alt.name === 'minisearch' ? depth : 3));
}
mkdirSync('bench/pool', { recursive: true });
if (process.argv.includes('--unjudged')) {
  const seen = new Set<string>();
  for (const f of readdirSync('bench/judged').filter((f) => f.endsWith('.json')))
    for (const j of JSON.parse(readFileSync(`bench/judged/${f}`, 'utf8')) as {
      set: string;
      q: string;
      game: string;
      relevant: string[];
      notRelevant: string[];
    }[])
      for (const slug of [...j.relevant, ...j.notRelevant]) seen.add(`${j.set}\n${j.game}\n${j.q}\n${slug}`);
  const byGame = new Map<string, { set: string; q: string; game: string; candidates: string[] }[]>();
  for (const name of names) {
    for (const { q, game, answers } of JSON.parse(readFileSync(SET_FILES[name] ?? name, 'utf8')) as Query[]) {
      const top = [...app.search(q, { game, limit: 3 }), ...app.search(q, { limit: 3 }).filter((r) => r.game === game)].map(
        (r) => r.url.split('/')[2]!,
      );
      const candidates = [...new Set(top)].filter((slug) => !answers.includes(slug) && !seen.has(`${name}\n${game}\n${q}\n${slug}`)).sort();
      if (candidates.length) byGame.set(game, [...(byGame.get(game) ?? []), { set: name, q, game, candidates }]);
    }
  }
  for (const [game, list] of byGame) {
    writeFileSync(`bench/pool/unjudged-${game}.json`, `${JSON.stringify(list, null, 1)}\n`);
    console.log(`${game}: ${list.length} lookups, ${list.reduce((n, p) => n + p.candidates.length, 0)} candidates to judge`);
  }
  process.exit(0);
}
for (const name of names) {
  const list = JSON.parse(readFileSync(SET_FILES[name] ?? name, 'utf8')) as Query[];
  const pooled = list.map(({ q, game, answers }) => {
    const found = new Set(answers);
    for (const e of engines) for (const id of e(q, game)) if (id.startsWith(`${game}/`)) found.add(id.slice(game.length + 1));
    return { q, game, candidates: [...found].sort() };
  });
  writeFileSync(`bench/pool/${name}.json`, `${JSON.stringify(pooled, null, 1)}\n`);
  console.log(`${name}: ${pooled.length} lookups, ${pooled.reduce((n, p) => n + p.candidates.length, 0)} candidates to judge`);
}
