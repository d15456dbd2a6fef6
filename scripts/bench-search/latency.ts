/**
 * Each engine's index load time and search call per keystroke, in Chromium at 4x CPU throttle: the engines bundled
 * for the browser, injected into a built page, every prefix of the given lookups searched.
 */
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import type { Query } from '../bench-sets';
import type { Shipped } from './engines';

/** An engine's load time (the largest game's index) and search call times per keystroke, in ms. */
export interface Timing {
  load: number;
  median: number;
  p95: number;
  max: number;
  keystrokes: number;
}

/** The app's search and the alternatives, bundled for the page (`window.benchEngines`: name → load(data) → search). */
async function enginesBundle(): Promise<string> {
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
  return bundle.outputFiles[0]!.text;
}

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

/** Times every shipped engine on the lookups' prefixes, in the built site served on `port`. */
export async function timeEngines(browser: Browser, port: number, shipped: Shipped, queries: Query[]): Promise<Map<string, Timing>> {
  const script = await enginesBundle();
  const timing = new Map<string, Timing>();
  for (const name of shipped.keys()) {
    // The engines' bundle is injected into a built page: its Content-Security-Policy would refuse that script.
    const page = await browser.newPage({ bypassCSP: true });
    await page.goto(`http://localhost:${port}/404.html`);
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Plain source text: tsx would add helpers to a function passed here that the page does not have.
    const result = (await page.evaluate(
      `(${IN_PAGE})(${JSON.stringify({ name, shards: Object.fromEntries(shipped.get(name)!), queries })})`,
    )) as Timing;
    timing.set(name, result);
    await page.close();
  }
  return timing;
}
