// npm run bench: page weight of a rule page's first load (bytes as sent, JS apart), total precache size, build time, and
// search latency per keystroke (median, p95) in Chromium with the CPU throttled 4x, over bench/queries.json.
// Run after `npm run build`. Unless BENCH_SKIP_BUILD=1 it times two builds: cold (Astro's cache and the Brotli cache
// emptied first, as on a fresh clone) and warm (again at once, nothing changed). Targets on a quiet 2-core machine:
// cold 60 s, warm 20 s.
import { readFileSync, readdirSync, statSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { inlineScripts } from './headers.mjs';
import { DEFAULT_CACHE_DIR } from './precompressed.mjs';
import { readPrecacheUrls } from './precache-list.mjs';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';

const dist = 'dist';
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let buildSeconds = 'skipped';
if (!process.env.BENCH_SKIP_BUILD) {
  const timedBuild = () => {
    const t = Date.now();
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error('build failed');
    return `${((Date.now() - t) / 1000).toFixed(1)} s`;
  };
  rmSync('node_modules/.astro', { recursive: true, force: true });
  rmSync(DEFAULT_CACHE_DIR, { recursive: true, force: true });
  const cold = timedBuild();
  buildSeconds = `cold ${cold} (target 60 s), warm ${timedBuild()} (target 20 s)`;
}

// The inline head script of the rule page (part of its HTML bytes; counted apart as JavaScript).
const benchPage = process.env.BENCH_PAGE ?? 'now-or-never/setup-enemies';
const pageHtml = readFileSync(join(dist, benchPage, 'index.html'), 'utf8');
// Scripts that run, as the CSP counts them (a JSON data block is not JavaScript).
const inlineJs = inlineScripts(pageHtml).reduce((n, text) => n + gz(Buffer.from(text)), 0);

// Precache: what sw.js lists.
const urls = readPrecacheUrls(dist);
let precache = 0;
let precacheGz = 0;
for (const u of urls) {
  const f = join(dist, u.endsWith('/') ? `${u}index.html` : u);
  if (!existsSync(f)) continue;
  const b = readFileSync(f);
  precache += b.length;
  precacheGz += gz(b);
}
// Each game's search index: its two files (/search/<game>.json and /search/text/<game>.json), gzip and as the
// build's Brotli copies are sent. Each file should stay under 43 KB sent (2 round trips of a new connection: see
// src/lib/search/index-files.ts).
const shardFiles = readdirSync(join(dist, 'search')).filter((f) => f.endsWith('.json'));
const sent = (f) => (existsSync(`${f}.br`) ? statSync(`${f}.br`).size : gz(readFileSync(f)));
const shardGz = Object.fromEntries(
  shardFiles.map((f) => [
    f.replace('.json', ''),
    gz(readFileSync(join(dist, 'search', f))) + gz(readFileSync(join(dist, 'search', 'text', f))),
  ]),
);
const shardBr = Object.fromEntries(
  shardFiles.map((f) => [f.replace('.json', ''), [sent(join(dist, 'search', f)), sent(join(dist, 'search', 'text', f))]]),
);
const indexGz = Object.values(shardGz).reduce((a, b) => a + b, 0);
const largestIndexFile = Math.max(...Object.values(shardBr).flat());

// Search latency per keystroke in Chromium at 4x CPU throttle.
const port = 4391;
const server = await serveDist(port);
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
// The search engine module (what the search worker runs, and the page where no worker starts): its loadSearcher
// fetches /search/<game>.json and builds the searchers on the page, to time them.
const searchChunk = readdirSync(join(dist, '_astro')).find((f) => f.startsWith('search-engine') && f.endsWith('.js'));
const page = benchPage;
let first;
let latency;
try {
  // First load of a rule page as a new visitor gets it: every response until the network is idle (the service
  // worker blocked, so its background precache is not counted), bytes as sent: the build's Brotli copies, as the
  // test server sends them to a browser that accepts Brotli (gzip made per request for the rest).
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const fp = await ctx.newPage();
  const cdp0 = await ctx.newCDPSession(fp);
  await cdp0.send('Network.enable');
  const sizes = new Map();
  const types = new Map();
  const headerBytes = new Map();
  cdp0.on('Network.responseReceived', (e) => {
    types.set(e.requestId, `${e.type} ${e.response.url}`);
    headerBytes.set(e.requestId, e.response.encodedDataLength); // at this point: the status line and headers
  });
  cdp0.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await fp.goto(`http://localhost:${port}/${page}/`, { waitUntil: 'networkidle' });
  first = { total: 0, js: 0, headers: 0, jsHeaders: 0, list: [], gzip: 0, jsGzip: 0, blocking: 0 };
  for (const [id, n] of sizes) {
    const t = types.get(id) ?? '?';
    const head = headerBytes.get(id) ?? 0;
    first.total += n;
    first.headers += head;
    // The same file gzipped (level 9), as the issue's first measure counted it.
    const path = new URL(t.slice(t.indexOf(' ') + 1)).pathname;
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    const gzipped = existsSync(file) ? gz(readFileSync(file)) : n - head;
    first.gzip += gzipped;
    // Before the first paint the browser waits for the document, the stylesheet and the head script (blocking).
    if (t.startsWith('Document') || t.startsWith('Stylesheet') || path.startsWith('/scripts/head-')) first.blocking += n - head;
    if (t.startsWith('Script')) {
      first.js += n;
      first.jsHeaders += head;
      first.jsGzip += gzipped;
    }
    first.list.push(`${t.replace(`http://localhost:${port}`, '')}: ${n} bytes (body ${n - head}, headers ${head})`);
  }
  await ctx.close();

  const p = await browser.newPage();
  await p.goto(`http://localhost:${port}/`);
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const queries = JSON.parse(readFileSync('bench/search-queries.json', 'utf8'));
  latency = await p.evaluate(
    async ({ chunk, queries }) => {
      const m = await import(`/_astro/${chunk}`);
      const { loadSearcher } = m;
      const loads = {};
      const sets = {};
      for (const g of [...new Set(queries.map((q) => q.game))]) {
        const t0 = performance.now();
        sets[g] = await loadSearcher(g);
        loads[g] = performance.now() - t0;
      }
      // A reader types a few letters before a typo needs fuzzy matching: give the page 1 s of idle time first.
      await new Promise((r) => setTimeout(r, 1000));
      const times = [];
      for (const { q, game } of queries)
        for (let i = 1; i <= q.length; i++) {
          const t = performance.now();
          sets[game].search(q.slice(0, i), { game, limit: 8 });
          times.push(performance.now() - t);
        }
      times.sort((a, b) => a - b);
      const at = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
      return { loads, n: times.length, queries: queries.length, median: at(0.5), p95: at(0.95), max: times[times.length - 1] };
    },
    { chunk: searchChunk, queries },
  );
} finally {
  await browser.close();
  server.kill();
}

const pages = urls.filter((u) => u.endsWith('.html') || u.endsWith('/')).length;
console.log(
  `Rule page first load (/${benchPage}/, new visitor, bytes as sent (Brotli), HTTP/1.1 headers included): ${kb(first.total)} in all, ${first.list.length} files, headers ${kb(first.headers)}; JavaScript ${kb(first.js + inlineJs)} (module files ${kb(first.js)}, inline head script ${kb(inlineJs)} inside the HTML)`,
);
for (const line of first.list) console.log(`  ${line}`);
// The issue 26 targets (12 KB in all, 5 KB of JavaScript) count the files' bodies: headers depend on the host (HTTP/2
// and HTTP/3 compress them), the bodies do not.
const bodies = first.total - first.headers;
const jsBodies = first.js - first.jsHeaders + inlineJs;
console.log(`  bodies: ${kb(bodies)} in all (target 12 KB), JavaScript ${kb(jsBodies)} (target 5 KB)`);
console.log(`  the same files gzipped: ${kb(first.gzip)} in all, JavaScript ${kb(first.jsGzip)}`);
console.log(`  before the first paint (document, stylesheet, head script): ${kb(first.blocking)}`);
console.log(`Precache: ${urls.length} files (${pages} pages), ${kb(precache)} raw, ${kb(precacheGz)} gzip`);
console.log(
  `Search index (ranking + text files): ${Object.entries(shardGz)
    .map(([g, n]) => `${g} ${kb(n)}`)
    .join(', ')}; ${kb(indexGz)} gzip in all (${((100 * indexGz) / precacheGz).toFixed(1)}% of the site)`,
);
console.log(
  `  as sent (Brotli copies): ${Object.entries(shardBr)
    .map(([g, [r, t]]) => `${g} ${kb(r)} + ${kb(t)}`)
    .join(', ')}; largest file ${kb(largestIndexFile)} (${largestIndexFile <= 43 * 1024 ? 'within' : 'OVER'} the 43 KB of 2 round trips)`,
);
console.log(`Build time: ${buildSeconds}`);
console.log(
  `Search at 4x CPU throttle (keystrokes timed after 1 s idle): index load ${Object.entries(latency.loads)
    .map(([g, t]) => `${g} ${t.toFixed(0)} ms`)
    .join(
      ', ',
    )}; ${latency.queries} queries, ${latency.n} keystrokes: median ${latency.median.toFixed(2)} ms, p95 ${latency.p95.toFixed(2)} ms, max ${latency.max.toFixed(2)} ms`,
);
