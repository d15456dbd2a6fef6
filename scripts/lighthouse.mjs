// npm run lighthouse: Lighthouse (mobile, its default emulation and simulated throttling) on the built site, one
// page of every page type (the largest of its kind where games differ), both search pages included. Prints the 4
// category scores of each and any audit below 1. Run after `npm run build`.
// --pages=<text>: only the pages whose name holds that text; --runs=<n>: each page n times, with the range of each
// score and metric; --tasks: the long tasks of each run.
import { writeFileSync } from 'node:fs';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { importBench } from './bench-deps.mjs';

// Lighthouse and chrome-launcher are benchmark-only packages, installed in bench/ (see scripts/bench-deps.mjs).
const { default: lighthouse } = await importBench('lighthouse');
const chromeLauncher = await importBench('chrome-launcher');

const port = 4393;
const pages = [
  ['home', '/'],
  ['game home', '/now-or-never/'],
  ['rule page', '/now-or-never/setup-enemies/'],
  ['shared rule page (?options)', '/pencilvillage/quest/?character=erwin-lyme&mods=tire'],
  ['A-Z terms', '/vindication/terms/'],
  ['options', '/pencilvillage/options/'],
  ['my setup', '/pencilvillage/my-setup/'],
  ['setup guide', '/pencilvillage/setup-guide/'],
  ['what changes', '/pencilvillage/changes/'],
  ['unclear', '/now-or-never/unclear/'],
  ['print', '/now-or-never/print/'],
  ['quick reference', '/pencilvillage/quick-reference/'],
  ['search (one game)', '/search/?q=starting%20coins&game=now-or-never'],
  ['search (all games)', '/search/?q=starting%20coins'],
];
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('pages');
const runs = Math.max(1, Number(arg('runs') ?? 1));
/** "min–max" of a list of numbers (one number when they agree). */
const range = (xs, f = (x) => String(Math.round(x))) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? f(lo) : `${f(lo)}–${f(hi)}`;
};
const summary = [];
const server = await serveDist(port);
let failed = false;
try {
  for (const [name, path] of pages.filter(([name]) => !only || name.includes(only))) {
    const seen = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: chromePath(),
        chromeFlags: ['--headless=new', ...CHROME_FLAGS],
      });
      try {
        const result = await lighthouse(`http://localhost:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        const { categories, audits } = result.lhr;
        if (arg('save')) writeFileSync(`${arg('save')}/${name.replace(/\W+/g, '-')}-${run + 1}.json`, JSON.stringify(result.lhr));
        if (result.lhr.runtimeError) console.log(`  runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const scores = Object.values(categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
        console.log(`${name} (${path})${runs > 1 ? ` run ${run + 1}` : ''}: ${scores.join(', ')}`);
        const m = audits.metrics?.details?.items?.[0];
        const lcpElement = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
        if (lcpElement) console.log(`  LCP element: ${lcpElement.slice(0, 120)}`);
        const tasks = audits['long-tasks']?.details?.items ?? [];
        if (tasks.length && process.argv.includes('--tasks'))
          console.log(
            `  long tasks: ${tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ms ${String(t.url).split('/').pop()}`).join(', ')}`,
          );
        if (m)
          console.log(
            `  FCP ${Math.round(m.firstContentfulPaint)} ms, LCP ${Math.round(m.largestContentfulPaint)} ms, TBT ${Math.round(m.totalBlockingTime)} ms, CLS ${m.cumulativeLayoutShift.toFixed(3)}`,
          );
        for (const a of Object.values(audits))
          if (a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
            console.log(`  - ${a.id}: ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        if (Object.values(categories).some((c) => c.score < 1)) failed = true;
        if (m)
          seen.push({
            scores: Object.values(categories).map((c) => Math.round(c.score * 100)),
            titles: Object.values(categories).map((c) => c.title),
            fcp: m.firstContentfulPaint,
            lcp: m.largestContentfulPaint,
            tbt: m.totalBlockingTime,
            cls: m.cumulativeLayoutShift,
          });
      } finally {
        await chrome.kill();
      }
    }
    if (seen.length) {
      const s = seen[0].titles.map((t, i) => `${t} ${range(seen.map((x) => x.scores[i]))}`).join(', ');
      summary.push(
        `${name}: ${s}; FCP ${range(seen.map((x) => x.fcp))} ms, LCP ${range(seen.map((x) => x.lcp))} ms, TBT ${range(seen.map((x) => x.tbt))} ms, CLS ${range(
          seen.map((x) => x.cls),
          (x) => x.toFixed(3),
        )}`,
      );
    }
  }
} finally {
  server.kill();
}
if (runs > 1 || summary.length > 1) console.log(`\nSummary (${runs} run${runs > 1 ? 's' : ''} each):\n${summary.join('\n')}`);
if (failed) console.log('\nAt least one category is below 100.');
