/**
 * npm run bench:search — the app's search against alternatives built over the same entries, on the labelled
 * query set bench/search-queries.json (each query scoped to its game, as the app scopes it):
 *   accuracy   share of lookups answered by the 1st result, within the top 3, and MRR (first answer in top 10);
 *   size       the index a reader downloads (gzip), and its share of the whole site's gzip size;
 *   load       parse + construct time of the index in Chromium at 4x CPU throttle;
 *   latency    per keystroke (every prefix of every query) in Chromium at 4x CPU throttle: median and p95,
 *              timed after 1 s of idle time once the indexes are loaded (as while a reader types).
 * Needs a built site (`npm run build`) for the site's total size.
 *   --misses          also list the lookups the app does not answer in its top 3
 *   --no-browser      accuracy and size only (no Chromium timing)
 *   --queries=FILE    another labelled set (default bench/search-queries.json)
 *   --only=a,b        only these engines (app, minisearch, fuse-default, fuse-token)
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { loadCatalogue } from '../src/build/catalogue';
import { buildSearchIndexes, searchDoc, type SearchDoc, type SearchIndex } from '../src/lib/search/build-index';
import { Searcher, SearchSet } from '../src/lib/search/query';
import { ensureBenchDeps } from './bench-deps.mjs';

/** A loaded engine: query → slugs, best first (bench/engines.ts; its packages live in bench/node_modules). */
type Engine = (query: string) => string[];
interface Alternative {
  name: string;
  description: string;
  serialize: (docs: SearchDoc[]) => string;
  load: (data: string) => Engine;
}
ensureBenchDeps();
// A path in a variable: the app's type check (bench/ excluded) does not follow it into MiniSearch's types.
const enginesModule = '../bench/engines';
const { ALTERNATIVES } = (await import(enginesModule)) as { ALTERNATIVES: Alternative[] };

const dist = process.env.RULES_OUT_DIR ?? 'dist';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const showMisses = process.argv.includes('--misses');
const useBrowser = !process.argv.includes('--no-browser');
const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

interface Query {
  q: string;
  game: string;
  answers: string[];
  kind?: string;
}
/** The labelled sets: A (tuning) and B (held out) were written from the rulebooks and slug lists only. */
const SETS: Record<string, string> = {
  A: 'bench/search-queries-seeds-a.json',
  B: 'bench/search-queries-seeds-b.json',
  old: 'bench/search-queries.json',
  'old-holdout': 'bench/search-queries-holdout.json',
};
const setNames = arg('queries') ? [arg('queries')!] : (arg('sets')?.split(',') ?? Object.keys(SETS));
const sets = new Map<string, Query[]>(setNames.map((n) => [n, JSON.parse(readFileSync(SETS[n] ?? n, 'utf8')) as Query[]]));
const queries = [...sets.values()].flat();

// --- The entries, as the app's index sees them.
const cat = loadCatalogue();
const docsByGame = new Map<string, SearchDoc[]>();
for (const game of cat.games) {
  docsByGame.set(
    game.id,
    cat.entries.filter((e) => e.game === game.id).map((e) => searchDoc(game, e.slug, e.data, e.body)),
  );
}
const allDocs = [...docsByGame.values()].flat();

// --- Serialised indexes per engine and game: what a reader would download.
// The app's index is built here with the build's own code (identical to dist/search/<game>.json for the same
// content), so that tuning the search config needs no site rebuild.
const builtIndexes = buildSearchIndexes(allDocs);
const appShards = new Map(cat.games.map((g) => [g.id, JSON.stringify(builtIndexes.get(g.id)!)]));
if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/ is missing: run \`npm run build\` first (the site size is measured on it)`);
const only = arg('only')?.split(',');
const shipped = new Map<string, Map<string, string>>();
if (!only || only.includes('app')) shipped.set('app', appShards);
for (const alt of ALTERNATIVES.filter((a) => !only || only.includes(a.name))) shipped.set(alt.name, new Map(cat.games.map((g) => [g.id, alt.serialize(docsByGame.get(g.id)!)])));

// --- Accuracy (deterministic, in Node): each lookup scoped to its game (as the app scopes it from a game's
// pages), and unscoped (the home page's box: all games). Results are `game/slug` ids.
const appSearchers = new Map(cat.games.map((g) => [g.id, new Searcher(JSON.parse(appShards.get(g.id)!) as SearchIndex)]));
const appAll = new SearchSet(appSearchers);
const id = (url: string) => url.split('/').filter(Boolean).join('/');
function scopedEngine(name: string): (q: string, game: string) => string[] {
  if (name === 'app') return (q, game) => appAll.search(q, { game, limit: 10 }).map((r) => id(r.url));
  const alt = ALTERNATIVES.find((a) => a.name === name)!;
  const engines = new Map(cat.games.map((g) => [g.id, alt.load(shipped.get(name)!.get(g.id)!)]));
  return (q, game) => engines.get(game)!(q);
}
function unscopedEngine(name: string): (q: string) => string[] {
  if (name === 'app') return (q) => appAll.search(q, { limit: 10 }).map((r) => id(r.url));
  const alt = ALTERNATIVES.find((a) => a.name === name)!;
  const engine = alt.load(alt.serialize(allDocs));
  return (q) => engine(q);
}
interface Score {
  top1: number;
  top3: number;
  mrr: number;
  misses: string[];
}
function accuracy(list: Query[], search: (q: string, game: string) => string[]): Score {
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  const misses: string[] = [];
  for (const { q, game, answers } of list) {
    const ids = search(q, game).slice(0, 10);
    const want = answers.map((a) => `${game}/${a}`);
    const rank = ids.findIndex((s) => want.includes(s));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (rank !== 0) misses.push(`${rank < 0 || rank >= 3 ? 'MISS ' : `#${rank + 1}   `}${game}: "${q}" → ${ids.slice(0, 3).join(', ') || '(nothing)'}; want ${answers.join(' or ')}`);
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  return { top1: top1 / list.length, top3: top3 / list.length, mrr: rr / list.length, misses };
}

// --- Site size: every file the service worker precaches (all of dist but sw.js), gzip.
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const siteGz = walk(dist)
  .filter((f) => /\.(html|js|css|json|png|svg|webmanifest|txt)$/.test(f) && !f.endsWith('sw.js'))
  .reduce((n, f) => n + gz(readFileSync(f)), 0);

// --- Load time and per-keystroke latency in Chromium, CPU throttled 4x.
const bundle = await build({
  stdin: {
    contents: `
      import { Searcher } from './src/lib/search/query';
      import { ALTERNATIVES } from './bench/engines';
      window.benchEngines = {
        app: (data) => { const s = new Searcher(JSON.parse(data)); return (q) => s.search(q, { limit: 8 }); },
        ...Object.fromEntries(ALTERNATIVES.map((a) => [a.name, (data) => a.load(data)])),
      };`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  minify: true,
});
const script = bundle.outputFiles[0]!.text;

/** Runs in the page: loads each game's index (timed), then times a search on every prefix of every query. */
const IN_PAGE = `async function ({ name, shards, queries }) {
  const engines = {};
  let load = 0;
  for (const [game, data] of Object.entries(shards)) {
    const t = performance.now();
    engines[game] = window.benchEngines[name](data);
    load = Math.max(load, performance.now() - t);
  }
  // As a reader types a few letters before a typo matters: 1 s of idle time (any engine may use it).
  await new Promise((r) => setTimeout(r, 1000));
  const times = [];
  for (const { q, game } of queries)
    for (let i = 1; i <= q.length; i++) {
      const t = performance.now();
      engines[game](q.slice(0, i));
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  const at = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
  return { load, median: at(0.5), p95: at(0.95), max: times[times.length - 1], keystrokes: times.length };
}`;

const timing = new Map<string, { load: number; median: number; p95: number; max: number; keystrokes: number }>();
if (useBrowser) {
const port = 4392;
const server = await serveDist(port);
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
try {
  for (const name of shipped.keys()) {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${port}/404.html`);
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Plain source text: tsx would add helpers to a function passed here that the page does not have.
    const result = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ name, shards: Object.fromEntries(shipped.get(name)!), queries })})`)) as {
      load: number;
      median: number;
      p95: number;
      max: number;
      keystrokes: number;
    };
    timing.set(name, result);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
}

// --- Report.
console.log(`${[...sets].map(([n, l]) => `${n} ${l.length}`).join(', ')} labelled lookups over ${cat.entries.length} entries; site ${kb(siteGz)} gzip\n`);
const accHead = ['set', 'engine', 'top-1', 'top-3', 'MRR', 'all games: top-1', 'top-3', 'MRR'];
console.log(`| ${accHead.join(' | ')} |`);
console.log(`|${accHead.map(() => '---').join('|')}|`);
const missLists: string[] = [];
const engines = [...shipped.keys()].map((name) => ({ name, scoped: scopedEngine(name), unscoped: unscopedEngine(name) }));
for (const [setName, list] of sets) {
  for (const e of engines) {
    const a = accuracy(list, e.scoped);
    const u = accuracy(list, (q) => e.unscoped(q));
    console.log(`| ${setName} | ${e.name} | ${pct(a.top1)} | ${pct(a.top3)} | ${a.mrr.toFixed(3)} | ${pct(u.top1)} | ${pct(u.top3)} | ${u.mrr.toFixed(3)} |`);
    if (e.name === 'app' && showMisses) {
      missLists.push(`\n${setName}, scoped to the game: app lookups not answered first (#n: rank; MISS: not in the top 3): ${a.misses.length}`, ...a.misses.map((m) => `  ${m}`));
      missLists.push(`\n${setName}, all games: not answered in the top 3: ${u.misses.filter((m) => m.startsWith('MISS')).length}`, ...u.misses.filter((m) => m.startsWith('MISS')).map((m) => `  ${m}`));
    }
  }
}
const sizeHead = ['engine', 'index gzip: largest game / all (of site)', 'load (largest game)', 'search per keystroke median', 'p95'];
console.log(`\n| ${sizeHead.join(' | ')} |`);
console.log(`|${sizeHead.map(() => '---').join('|')}|`);
for (const name of shipped.keys()) {
  const sizes = [...shipped.get(name)!.values()].map(gz);
  const size = sizes.reduce((a, b) => a + b, 0);
  const t = timing.get(name) ?? { load: NaN, median: NaN, p95: NaN, max: NaN, keystrokes: 0 };
  console.log(`| ${name} | ${kb(Math.max(...sizes))} / ${kb(size)} (${pct(size / siteGz)}) | ${t.load.toFixed(0)} ms | ${t.median.toFixed(2)} ms | ${t.p95.toFixed(2)} ms |`);
}
if (useBrowser) console.log(`(Chromium, CPU 4x slower, ${[...timing.values()][0]?.keystrokes} keystrokes per engine: the engine's search call alone)`);
for (const alt of ALTERNATIVES.filter((a) => shipped.has(a.name))) console.log(`\n${alt.name}: ${alt.description}`);
for (const m of missLists) console.log(m);
