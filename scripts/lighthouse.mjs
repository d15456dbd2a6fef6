// npm run lighthouse: Lighthouse (mobile, its default emulation and simulated throttling) on the built site:
// the home page, a rule page and a game-scoped search page (what the search box of a game's pages opens), plus
// the all-games search. Prints the 4 category scores of each and any audit below 1. Run after `npm run build`.
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { importBench } from './bench-deps.mjs';

// Lighthouse and chrome-launcher are benchmark-only packages, installed in bench/ (see scripts/bench-deps.mjs).
const { default: lighthouse } = await importBench('lighthouse');
const chromeLauncher = await importBench('chrome-launcher');

const port = 4393;
const pages = [
  ['home', '/'],
  ['rule page', '/now-or-never/setup-enemies/'],
  ['search (one game)', '/search/?q=starting%20coins&game=now-or-never'],
  ['search (all games)', '/search/?q=starting%20coins'],
];
// --pages=search: only the pages whose name holds that text.
const only = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length);
const server = await serveDist(port);
let failed = false;
try {
  for (const [name, path] of pages.filter(([name]) => !only || name.includes(only))) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless=new', ...CHROME_FLAGS],
    });
    try {
      const result = await lighthouse(`http://localhost:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const { categories, audits } = result.lhr;
      const scores = Object.values(categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
      console.log(`${name} (${path}): ${scores.join(', ')}`);
      const m = audits.metrics?.details?.items?.[0];
      const lcpElement = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
      if (lcpElement) console.log(`  LCP element: ${lcpElement.slice(0, 120)}`);
      const tasks = audits['long-tasks']?.details?.items ?? [];
      if (tasks.length && process.argv.includes('--tasks'))
        console.log(`  long tasks: ${tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ms ${String(t.url).split('/').pop()}`).join(', ')}`);
      if (m) console.log(`  FCP ${Math.round(m.firstContentfulPaint)} ms, LCP ${Math.round(m.largestContentfulPaint)} ms, TBT ${Math.round(m.totalBlockingTime)} ms, CLS ${m.cumulativeLayoutShift.toFixed(3)}`);
      for (const a of Object.values(audits))
        if (a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
          console.log(`  - ${a.id}: ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      if (Object.values(categories).some((c) => c.score < 1)) failed = true;
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.kill();
}
if (failed) console.log('\nAt least one category is below 100.');
