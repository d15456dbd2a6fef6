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
 *   --fresh           also each set's lookups that no earlier set asks in the same words ("<set>-new"; repeatKey)
 *   --only=a,b        only these engines (app, minisearch, fuse-default, fuse-token)
 *   --latency=A       the sets whose prefixes time the engines; --no-engines skips that
 *   --typing=A,B      the sets typed key by key for the Event Timing measure; --no-typing skips it
 *   --paint=A,B       first paint vs settled: each lookup of these sets opened as /search/?q=... (all games), every
 *                     list the page shows recorded; the first list with results and the last one scored (all sets: --paint=all)
 * The parts live in scripts/bench-search/: the engines compared (engines.ts), the relevance judgments (judged.ts),
 * accuracy and snippets (accuracy.ts), sizes (size.ts), the timings in Chromium (latency.ts, typing.ts, paints.ts)
 * and the report (report.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { repeatKey, SET_FILES, type Query } from './bench-sets';
import { appSearch, loadAlternatives, loadCorpus, shippedIndexes } from './bench-search/engines';
import { loadJudged } from './bench-search/judged';
import { timeEngines, type Timing } from './bench-search/latency';
import { measurePaints, type PaintsBySet } from './bench-search/paints';
import { report } from './bench-search/report';
import { siteGzip } from './bench-search/size';
import { measureTyping, type TypingResult } from './bench-search/typing';

const alternatives = await loadAlternatives();

const dist = process.env.RULES_OUT_DIR ?? 'dist';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const useBrowser = !process.argv.includes('--no-browser');
/** A labelled set by name (`SET_FILES`) or file. */
const readSet = (name: string) => JSON.parse(readFileSync(SET_FILES[name] ?? name, 'utf8')) as Query[];

const setNames = arg('queries')
  ? [arg('queries')!]
  : (arg('sets')?.split(',') ?? Object.keys(SET_FILES).filter((n) => existsSync(SET_FILES[n]!)));
const sets = new Map<string, Query[]>(setNames.map((n) => [n, readSet(n)]));
const judgedOf = loadJudged();
/** Judgments of a set, and of its "-new" part (--fresh) under the set's own name. */
const judgedFor: typeof judgedOf = (set, q) => judgedOf(set.replace(/-new$/, ''), q);
if (process.argv.includes('--fresh')) {
  // Writers of a new set repeat lookups of earlier ones (the common questions): those were seen while tuning.
  // "<set>-new" holds the set's lookups that no earlier set (old and old-holdout first, then A, B...) asks in the same
  // words, in any order (repeatKey).
  const order = [
    ...Object.keys(SET_FILES).filter((n) => n.startsWith('old')),
    ...Object.keys(SET_FILES).filter((n) => !n.startsWith('old')),
  ];
  for (const name of setNames.filter((n) => order.includes(n))) {
    const earlier = new Set(
      order
        .slice(0, order.indexOf(name))
        .filter((n) => existsSync(SET_FILES[n]!))
        .flatMap((n) => readSet(n).map(repeatKey)),
    );
    const fresh = sets.get(name)!.filter((q) => !earlier.has(repeatKey(q)));
    if (fresh.length < sets.get(name)!.length) sets.set(`${name}-new`, fresh);
  }
}

const corpus = loadCorpus();
const app = appSearch(corpus);
if (!existsSync(join(dist, 'index.html')))
  throw new Error(`${dist}/ is missing: run \`npm run build\` first (the site size is measured on it)`);
const shipped = shippedIndexes(corpus, app, alternatives, arg('only')?.split(','));
const siteGz = siteGzip(dist);

/** The lookups whose every prefix times each engine's search call (set A by default: Fuse.js token search takes
 * a tenth of a second a keystroke, so all four sets would take most of an hour). */
const latencyQueries = (arg('latency') ?? 'A').split(',').flatMap((n) => sets.get(n) ?? readSet(n));
const typingSets = (arg('typing') ?? 'A,B').split(',').filter((n) => SET_FILES[n] || sets.has(n));
const paintSets =
  arg('paint') === 'all'
    ? [...sets.keys()]
    : (arg('paint')
        ?.split(',')
        .filter((n) => sets.has(n)) ?? []);

let timing = new Map<string, Timing>();
let typing: TypingResult | undefined;
let paints: PaintsBySet = new Map();
if (useBrowser) {
  const port = 4392;
  const server = await serveDist(port);
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  try {
    if (!process.argv.includes('--no-engines')) timing = await timeEngines(browser, port, shipped, latencyQueries);
    if (!process.argv.includes('--no-typing'))
      typing = await measureTyping(
        browser,
        port,
        corpus.cat,
        typingSets.flatMap((n) => sets.get(n) ?? readSet(n)),
      );
    if (paintSets.length) paints = await measurePaints(browser, port, new Map(paintSets.map((n) => [n, sets.get(n)!])));
  } finally {
    await browser.close();
    server.kill();
  }
}

report({
  sets,
  entries: corpus.cat.entries.length,
  siteGz,
  sources: { corpus, app, alternatives, shipped },
  judgedFor,
  showMisses: process.argv.includes('--misses'),
  browser: useBrowser,
  timing,
  typing: typing && { result: typing, sets: typingSets },
  paints,
});
