/**
 * npm run bench:search — the app's search against alternatives built over the same entries, on the labelled
 * lookup sets (A and B written from the rulebooks only, the two older sets), each lookup scoped to its game (as the
 * app scopes it from a game's pages) and unscoped (all games, the home page's box):
 *   accuracy   share of lookups answered by the 1st result, within the top 3, and MRR (first answer in top 10);
 *   snippet    how often a lookup asking a number or a yes/no sees its answer in the first result's snippet;
 *   size       the index a reader downloads (gzip), and its share of the whole site's gzip size;
 *   load       parse + construct time of the index in Chromium at 4x CPU throttle;
 *   latency    each engine's search call per keystroke (every prefix of set A's lookups) at 4x CPU throttle;
 *   typing     keystroke to next paint (Event Timing, as INP) in the header box of a game page vs a plain field.
 * Needs a built site (`npm run build`). MiniSearch lives in bench/node_modules (installed on first run).
 *   --misses          also list the lookups the app does not answer first
 *   --no-browser      accuracy and size only (no Chromium timing)
 *   --sets=A,old      these sets only (A, B, old, old-holdout); --queries=FILE another labelled set
 *   --only=a,b        only these engines (app, minisearch, fuse-default, fuse-token)
 *   --latency=A       the sets whose prefixes time the engines; --no-engines skips that
 *   --typing=A,B      the sets typed key by key for the Event Timing measure; --no-typing skips it
 *   --paint=A,B       first paint vs settled: each lookup of these sets opened as /search/?q=... (all games), every
 *                     list the page shows recorded; the first list with results and the last one scored (all sets: --paint=all)
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { loadCatalogue } from '../src/integrations/catalogue';
import { buildSearchIndexes, searchDoc, type SearchDoc, type SearchIndex } from '../src/lib/search/build-index';
import { Searcher, SearchSet, asksForNumber, resultSnippet, type SearchResult } from '../src/lib/search/query';
import { normalize, queryWords, stem } from '../src/lib/search/text';
import { ensureBenchDeps } from './bench-deps.mjs';
import { SET_FILES, type Query } from './bench-sets';

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

const setNames = arg('queries') ? [arg('queries')!] : (arg('sets')?.split(',') ?? Object.keys(SET_FILES));
const sets = new Map<string, Query[]>(setNames.map((n) => [n, JSON.parse(readFileSync(SET_FILES[n] ?? n, 'utf8')) as Query[]]));

// --- Relevance judgments (scripts/bench-pool.ts pools each lookup's label with several engines' top results; a
// judge who could not tell the engines apart marked which of them answer it): bench/judged/<game>.json.
interface Judged {
  set: string;
  q: string;
  game: string;
  relevant: string[];
  notRelevant: string[];
}
const judged = new Map<string, Judged>();
if (existsSync('bench/judged'))
  for (const f of readdirSync('bench/judged').filter((f) => f.endsWith('.json')))
    for (const j of JSON.parse(readFileSync(join('bench/judged', f), 'utf8')) as Judged[]) {
      // Later rounds judge the candidates earlier rounds had not seen (a changed ranking found new ones).
      const key = `${j.set}\n${j.game}\n${j.q}`;
      const prev = judged.get(key);
      judged.set(
        key,
        prev ? { ...prev, relevant: [...prev.relevant, ...j.relevant], notRelevant: [...prev.notRelevant, ...j.notRelevant] } : j,
      );
    }
const judgedFor = (set: string, q: Query) => judged.get(`${set}\n${q.game}\n${q.q}`);

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
const builtIndexes = buildSearchIndexes(allDocs, cat.games);
const appShards = new Map(cat.games.map((g) => [g.id, JSON.stringify(builtIndexes.get(g.id)!)]));
if (!existsSync(join(dist, 'index.html')))
  throw new Error(`${dist}/ is missing: run \`npm run build\` first (the site size is measured on it)`);
const only = arg('only')?.split(',');
const shipped = new Map<string, Map<string, string>>();
if (!only || only.includes('app')) shipped.set('app', appShards);
for (const alt of ALTERNATIVES.filter((a) => !only || only.includes(a.name)))
  shipped.set(alt.name, new Map(cat.games.map((g) => [g.id, alt.serialize(docsByGame.get(g.id)!)])));

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
  unjudged: number;
}
/**
 * Top-1, top-3 and MRR of an engine on a set. With `set` given, the judged entries count as right too (besides
 * the label), and `unjudged` counts top-3 results of the lookup's game nobody judged (holes in the pool).
 */
function accuracy(list: Query[], search: (q: string, game: string) => string[], set?: string): Score {
  let unjudged = 0;
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  const misses: string[] = [];
  for (const { q, game, answers } of list) {
    const ids = search(q, game).slice(0, 10);
    const j = set ? judgedFor(set, { q, game, answers }) : undefined;
    const want = [...answers, ...(j?.relevant ?? [])].map((a) => `${game}/${a}`);
    if (j)
      unjudged += ids
        .slice(0, 3)
        .filter((s) => s.startsWith(`${game}/`) && !want.includes(s) && !j.notRelevant.includes(s.slice(game.length + 1))).length;
    const rank = ids.findIndex((s) => want.includes(s));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (rank !== 0)
      misses.push(
        `${rank < 0 || rank >= 3 ? 'MISS ' : `#${rank + 1}   `}${game}: "${q}" → ${ids.slice(0, 3).join(', ') || '(nothing)'}; want ${answers.join(' or ')}`,
      );
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  return { top1: top1 / list.length, top3: top3 / list.length, mrr: rr / list.length, misses, unjudged };
}

// --- Answer in the list: for lookups that ask a number or a yes/no, whether the first result is right and its
// snippet (what the app shows under the title) holds the answer's sentence. Concretely, the snippet must show the
// query's head word highlighted (the word a how-many question counts, else the query word fewest entries of the
// game hold), and for a number lookup also a digit. "Before" is the same search with the previous snippet choice
// (the summary when it shows a matched word, else the body passage with most matched words).
const YES_NO = /^(can|could|do|does|did|is|are|may|must|should|will|if)\b/i;
function answerVisible(list: Query[]): { asked: number; before: number; after: number } {
  let asked = 0;
  let before = 0;
  let after = 0;
  for (const { q, game, answers, kind } of list) {
    const number = kind === 'number' || asksForNumber(q);
    const yesNo = kind === 'yes-no' || YES_NO.test(q.trim());
    if (!number && !yesNo) continue;
    asked++;
    const r = appAll.search(q, { game, limit: 1 })[0];
    if (!r || !answers.includes(r.url.split('/')[2]!)) continue;
    const index = appSearchers.get(game)!.index;
    const { words, head } = queryWords(q);
    const df = (w: string) => {
      const i = index.vocab.indexOf(w);
      return i < 0 ? Infinity : index.df[i]!;
    };
    const headWord = head >= 0 ? words[head]! : [...words].sort((a, b) => df(a) - df(b))[0]!;
    const shows = (r2: SearchResult) => {
      const parts = resultSnippet(r2, () => appAll.bodyOf(r2.url));
      const hit = parts.some(
        (p) =>
          p.hit &&
          normalize(p.text)
            .split(' ')
            .map(stem)
            .some((w) => w === headWord || (w.length >= 3 && headWord.startsWith(w)) || w.startsWith(headWord)),
      );
      return hit && (!number || /\d/.test(parts.map((p) => p.text).join('')));
    };
    if (shows(r)) after++;
    const { answer: _, ...old } = r;
    if (shows(old)) before++;
  }
  return { asked, before, after };
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

/**
 * Keystroke to next paint, as browsers report it for INP (the Event Timing API: PerformanceObserver type 'event',
 * durationThreshold 16, the lowest it takes): every lookup of the typing sets is typed key by key into the header
 * search box of a rule page of its game, CPU throttled 4x, and the same keys into a plain text field injected
 * into the same page. A keystroke's duration is the longest of its events (keydown, keypress, beforeinput, input,
 * keyup); keystrokes whose events all took under 16 ms are not reported by the API and count as under 16 ms.
 */
interface TypingResult {
  keys: number;
  box: number[];
  plain: number[];
}
/** The lookups whose every prefix times each engine's search call (set A by default: Fuse.js token search takes
 * a tenth of a second a keystroke, so all four sets would take most of an hour). */
const latencyQueries = (arg('latency') ?? 'A')
  .split(',')
  .flatMap((n) => sets.get(n) ?? (JSON.parse(readFileSync(SET_FILES[n] ?? n, 'utf8')) as Query[]));
const typingSets = (arg('typing') ?? 'A,B').split(',').filter((n) => SET_FILES[n] || sets.has(n));
let typing: TypingResult | undefined;
async function measureTyping(browser: import('@playwright/test').Browser, port: number): Promise<TypingResult> {
  const lookups = typingSets.flatMap((n) => sets.get(n) ?? (JSON.parse(readFileSync(SET_FILES[n]!, 'utf8')) as Query[]));
  const result: TypingResult = { keys: 0, box: [], plain: [] };
  for (const game of cat.games) {
    const mine = lookups.filter((l) => l.game === game.id);
    if (!mine.length) continue;
    const slug = cat.entries.find((e) => e.game === game.id)!.slug;
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/${game.id}/${slug}/`);
    await page.evaluate(`(() => {
      const plain = document.createElement('input');
      plain.type = 'text'; plain.id = 'bench-plain'; plain.setAttribute('aria-label', 'plain field');
      document.querySelector('main').prepend(plain);
      window.benchEvents = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.benchEvents.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration }); })
        .observe({ type: 'event', durationThreshold: 16, buffered: true });
    })()`);
    // First use loads the search code and this game's index; then 1 s idle, as a reader pauses before typing.
    await page.locator('#q').click();
    await page.keyboard.type('warm up');
    await page.locator('#search-popup a[data-result], #search-popup .status').first().waitFor();
    await page.waitForTimeout(1000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (const [field, out] of [
      ['#q', result.box],
      ['#bench-plain', result.plain],
    ] as const) {
      for (const { q } of mine) {
        await page.evaluate(
          `(() => { const el = document.querySelector('${field}'); el.value = ''; el.dispatchEvent(new Event('input')); window.benchEvents = []; })()`,
        );
        await page.locator(field).focus();
        const marks: number[] = [];
        for (const ch of q) {
          marks.push((await page.evaluate('performance.now()')) as number);
          await page.keyboard.type(ch);
        }
        // Let the last key's frame be painted and reported.
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))');
        const events = (await page.evaluate('window.benchEvents')) as { name: string; start: number; duration: number }[];
        // Each event belongs to the keystroke whose time window holds its start.
        const perKey = marks.map(() => 0);
        for (const e of events) {
          if (!/^(keydown|keypress|keyup|beforeinput|input)$/.test(e.name)) continue;
          let k = marks.length - 1;
          while (k > 0 && marks[k]! > e.start) k--;
          perKey[k] = Math.max(perKey[k]!, e.duration);
        }
        out.push(...perKey);
      }
    }
    result.keys += mine.reduce((n, l) => n + l.q.length, 0);
    await context.close();
  }
  return result;
}

/**
 * First paint vs settled on the all-games search page: each lookup opened as `/search/?q=...` (no service worker, the
 * indexes from the HTTP cache after the first lookup of a set, as on a return visit), every state of the result list
 * recorded by a MutationObserver (a superset of what is painted: a list shown for a moment counts), until the status
 * line says the search is complete. `first` is the first list with results, `last` the list the page settles on.
 */
interface Paints {
  first: string[];
  last: string[];
  /** Distinct non-empty lists shown. */
  lists: number;
  /** ms from navigation start to the first list with results. */
  firstAt: number;
}
const paintSets =
  arg('paint') === 'all'
    ? [...sets.keys()]
    : (arg('paint')
        ?.split(',')
        .filter((n) => sets.has(n)) ?? []);
const paints = new Map<string, Map<string, Paints>>();
const RECORD_LISTS = `(() => {
  window.benchLists = [];
  const record = () => {
    const list = document.getElementById('search-results');
    if (!list) return;
    const ids = [...list.querySelectorAll('a[data-result]')].map((a) => new URL(a.href).pathname.split('/').filter(Boolean).join('/'));
    const last = window.benchLists[window.benchLists.length - 1];
    if (!last || last.ids.join(' ') !== ids.join(' ')) window.benchLists.push({ ids, at: performance.now() });
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
})()`;
async function measurePaints(browser: import('@playwright/test').Browser, port: number): Promise<void> {
  for (const setName of paintSets) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(RECORD_LISTS);
    const page = await context.newPage();
    const out = new Map<string, Paints>();
    for (const { q, game } of sets.get(setName)!) {
      await page.goto(`http://localhost:${port}/search/?q=${encodeURIComponent(q)}`);
      // Complete: a count of results or "no rule matches" (not "Loading..." nor "Searching all games...").
      await page.waitForFunction(() => /result|No rule matches|failed/.test(document.getElementById('search-status')?.textContent ?? ''));
      await page.waitForTimeout(150);
      const lists = ((await page.evaluate('window.benchLists')) as { ids: string[]; at: number }[]).filter((l) => l.ids.length);
      const [first, last] = [lists[0], lists.at(-1)];
      out.set(`${game}\n${q}`, { first: first?.ids ?? [], last: last?.ids ?? [], lists: lists.length, firstAt: first?.at ?? NaN });
    }
    paints.set(setName, out);
    await context.close();
  }
}

if (useBrowser) {
  const port = 4392;
  const server = await serveDist(port);
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  try {
    if (!process.argv.includes('--no-engines'))
      for (const name of shipped.keys()) {
        // The engines' bundle is injected into a built page: its Content-Security-Policy would refuse that script.
        const page = await browser.newPage({ bypassCSP: true });
        await page.goto(`http://localhost:${port}/404.html`);
        await page.addScriptTag({ content: script });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        // Plain source text: tsx would add helpers to a function passed here that the page does not have.
        const result = (await page.evaluate(
          `(${IN_PAGE})(${JSON.stringify({ name, shards: Object.fromEntries(shipped.get(name)!), queries: latencyQueries })})`,
        )) as {
          load: number;
          median: number;
          p95: number;
          max: number;
          keystrokes: number;
        };
        timing.set(name, result);
        await page.close();
      }
    if (!process.argv.includes('--no-typing')) typing = await measureTyping(browser, port);
    if (paintSets.length) await measurePaints(browser, port);
  } finally {
    await browser.close();
    server.kill();
  }
}

// --- Report.
console.log(
  `${[...sets].map(([n, l]) => `${n} ${l.length}`).join(', ')} labelled lookups over ${cat.entries.length} entries; site ${kb(siteGz)} gzip\n`,
);
const accHead = ['set', 'engine', 'top-1', 'top-3', 'MRR', 'all games: top-1', 'top-3', 'MRR'];
console.log(`| ${accHead.join(' | ')} |`);
console.log(`|${accHead.map(() => '---').join('|')}|`);
const missLists: string[] = [];
const engines = [...shipped.keys()].map((name) => ({ name, scoped: scopedEngine(name), unscoped: unscopedEngine(name) }));
const judgedRows: string[] = [];
for (const [setName, list] of sets) {
  const isJudged = list.some((q) => judgedFor(setName, q));
  for (const e of engines) {
    const a = accuracy(list, e.scoped);
    const u = accuracy(list, (q) => e.unscoped(q));
    console.log(
      `| ${setName} | ${e.name} | ${pct(a.top1)} | ${pct(a.top3)} | ${a.mrr.toFixed(3)} | ${pct(u.top1)} | ${pct(u.top3)} | ${u.mrr.toFixed(3)} |`,
    );
    if (isJudged) {
      const ja = accuracy(list, e.scoped, setName);
      const ju = accuracy(list, (q) => e.unscoped(q), setName);
      judgedRows.push(
        `| ${setName} | ${e.name} | ${pct(ja.top1)} | ${pct(ja.top3)} | ${ja.mrr.toFixed(3)} | ${pct(ju.top1)} | ${pct(ju.top3)} | ${ju.mrr.toFixed(3)} | ${ja.unjudged} / ${ju.unjudged} |`,
      );
      if (e.name === 'app' && showMisses)
        missLists.push(`\n${setName}, judged, scoped: not first: ${ja.misses.length}`, ...ja.misses.map((m) => `  ${m}`));
    }
    if (e.name === 'app' && showMisses) {
      missLists.push(
        `\n${setName}, scoped to the game: app lookups not answered first (#n: rank; MISS: not in the top 3): ${a.misses.length}`,
        ...a.misses.map((m) => `  ${m}`),
      );
      missLists.push(
        `\n${setName}, all games: not answered in the top 3: ${u.misses.filter((m) => m.startsWith('MISS')).length}`,
        ...u.misses.filter((m) => m.startsWith('MISS')).map((m) => `  ${m}`),
      );
    }
  }
}
if (judgedRows.length) {
  console.log(
    '\nThe same with judged labels (the label, or any pooled entry the judge found to answer the lookup; last column: top-3 results nobody judged, scoped / all games):',
  );
  console.log('| set | engine | top-1 | top-3 | MRR | all games: top-1 | top-3 | MRR | unjudged |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of judgedRows) console.log(r);
}
const sizeHead = ['engine', 'index gzip: largest game / all (of site)', 'load (largest game)', 'search per keystroke median', 'p95'];
console.log(`\n| ${sizeHead.join(' | ')} |`);
console.log(`|${sizeHead.map(() => '---').join('|')}|`);
for (const name of shipped.keys()) {
  const sizes = [...shipped.get(name)!.values()].map(gz);
  const size = sizes.reduce((a, b) => a + b, 0);
  const t = timing.get(name) ?? { load: NaN, median: NaN, p95: NaN, max: NaN, keystrokes: 0 };
  console.log(
    `| ${name} | ${kb(Math.max(...sizes))} / ${kb(size)} (${pct(size / siteGz)}) | ${t.load.toFixed(0)} ms | ${t.median.toFixed(2)} ms | ${t.p95.toFixed(2)} ms |`,
  );
}
if (useBrowser)
  console.log(`(Chromium, CPU 4x slower, ${[...timing.values()][0]?.keystrokes} keystrokes per engine: the engine's search call alone)`);
console.log("\nAnswer in the first result's snippet (lookups asking a number or a yes/no; see answerVisible):");
console.log('| set | lookups asking | answer visible before | after |');
console.log('|---|---|---|---|');
for (const [setName, list] of sets) {
  const a = answerVisible(list);
  console.log(`| ${setName} | ${a.asked} | ${pct(a.before / a.asked)} | ${pct(a.after / a.asked)} |`);
}
if (typing) {
  const at = (list: number[], f: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    const v = sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!;
    return v < 16 ? '< 16 ms' : `${v.toFixed(0)} ms`;
  };
  const under = (list: number[]) => pct(list.filter((x) => x < 16).length / list.length);
  console.log(
    `\nKeystroke to next paint (Event Timing, as INP measures it), ${typing.keys} keys of sets ${typingSets.join(', ')} typed into a rule page of each game, CPU 4x slower:`,
  );
  console.log('| field | p50 | p95 | max | keys under 16 ms |');
  console.log('|---|---|---|---|---|');
  for (const [name, list] of [
    ['header search box', typing.box],
    ['plain text field, same page', typing.plain],
  ] as const)
    console.log(`| ${name} | ${at(list, 0.5)} | ${at(list, 0.95)} | ${Math.max(...list).toFixed(0)} ms | ${under(list)} |`);
}
if (paints.size) {
  console.log('\nAll-games search page (/search/?q=...), the first list with results vs the list it settles on, as labelled | judged:');
  const head = ['set', 'first: top-1', 'top-3', 'settled: top-1', 'top-3', 'judged first: top-1', 'top-3', 'settled: top-1', 'top-3'];
  console.log(`| ${[...head, 'top result changed', 'first results at (median)'].join(' | ')} |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [setName, out] of paints) {
    const list = sets.get(setName)!;
    const at = (which: 'first' | 'last') => (q: string, game: string) => out.get(`${game}\n${q}`)?.[which] ?? [];
    const [f, l] = [accuracy(list, at('first')), accuracy(list, at('last'))];
    const [jf, jl] = [accuracy(list, at('first'), setName), accuracy(list, at('last'), setName)];
    const changed = [...out.values()].filter((p) => p.first[0] !== p.last[0]).length;
    const times = [...out.values()]
      .map((p) => p.firstAt)
      .filter((t) => !Number.isNaN(t))
      .sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? NaN;
    const scores = [f, l, jf, jl].flatMap((x) => [pct(x.top1), pct(x.top3)]);
    console.log(`| ${setName} | ${scores.join(' | ')} | ${changed} of ${out.size} | ${median.toFixed(0)} ms |`);
  }
}
for (const alt of ALTERNATIVES.filter((a) => shipped.has(a.name))) console.log(`\n${alt.name}: ${alt.description}`);
for (const m of missLists) console.log(m);
