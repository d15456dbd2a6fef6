// npm run bench: page weight of a rule page's first load (gzip, JS apart), total precache size, build time, and
// search latency per keystroke (median, p95) in Chromium with the CPU throttled 4x, over bench/queries.json.
// Run after `npm run build` (it rebuilds once to time the build unless BENCH_SKIP_BUILD=1).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const dist = 'dist';
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let buildSeconds = 'skipped';
if (!process.env.BENCH_SKIP_BUILD) {
  const t = Date.now();
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error('build failed');
  buildSeconds = `${((Date.now() - t) / 1000).toFixed(1)} s`;
}

// First load of a rule page: the HTML (CSS and the head script are inline) and the module scripts it loads.
const page = process.env.BENCH_PAGE ?? 'now-or-never/setup-enemies';
const html = readFileSync(join(dist, page, 'index.html'));
const scripts = [...html.toString().matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
let jsBytes = 0;
const seen = new Set();
const queue = [...scripts];
while (queue.length) {
  const src = queue.shift();
  if (seen.has(src)) continue;
  seen.add(src);
  const code = readFileSync(join(dist, src));
  jsBytes += gz(code);
  // Static imports load at once; dynamic import() (search) does not.
  for (const m of code.toString().matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.?\/?([^"']+\.js)["']/g)) queue.push(`/_astro/${m[1].replace(/^.*\//, '')}`);
}
const inlineJs = [...html.toString().matchAll(/<script(?![^>]*src)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + gz(Buffer.from(m[1])), 0);
const htmlBytes = gz(html);

// Precache: what sw.js lists.
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
let precache = 0;
let precacheGz = 0;
for (const u of urls) {
  const f = join(dist, u.endsWith('/') ? `${u}index.html` : u);
  if (!existsSync(f)) continue;
  const b = readFileSync(f);
  precache += b.length;
  precacheGz += gz(b);
}
const indexGz = gz(readFileSync(join(dist, 'search-index.json')));

// Search latency per keystroke in Chromium at 4x CPU throttle.
const port = 4391;
const server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({
  executablePath: existsSync(chrome) ? chrome : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let latency;
try {
  const p = await browser.newPage();
  await p.goto(`http://localhost:${port}/search/`);
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const chunk = readdirSync(join(dist, '_astro')).find((f) => f.startsWith('search-ui'));
  const queries = JSON.parse(readFileSync('bench/queries.json', 'utf8'));
  latency = await p.evaluate(
    async ({ chunk, queries }) => {
      const t0 = performance.now();
      const m = await import(`/_astro/${chunk}`);
      const s = await m.loadSearcher();
      const load = performance.now() - t0;
      const times = [];
      for (const q of queries)
        for (let i = 1; i <= q.length; i++) {
          const t = performance.now();
          s.search(q.slice(0, i), { limit: 8 });
          times.push(performance.now() - t);
        }
      times.sort((a, b) => a - b);
      const at = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
      return { load, n: times.length, median: at(0.5), p95: at(0.95), max: times[times.length - 1] };
    },
    { chunk, queries },
  );
} finally {
  await browser.close();
  server.kill();
}

const pages = urls.filter((u) => u.endsWith('.html') || u.endsWith('/')).length;
console.log(`Rule page first load (${page}/): ${kb(htmlBytes + jsBytes)} gzip in all; JavaScript ${kb(jsBytes + inlineJs)} (module ${kb(jsBytes)}, inline head ${kb(inlineJs)}); HTML incl. CSS ${kb(htmlBytes)}`);
console.log(`Precache: ${urls.length} files (${pages} pages), ${kb(precache)} raw, ${kb(precacheGz)} gzip; search index ${kb(indexGz)} gzip (${((100 * indexGz) / precacheGz).toFixed(1)}% of the site)`);
console.log(`Build time: ${buildSeconds}`);
console.log(`Search at 4x CPU throttle: index load ${latency.load.toFixed(0)} ms; ${latency.n} keystrokes, median ${latency.median.toFixed(2)} ms, p95 ${latency.p95.toFixed(2)} ms, max ${latency.max.toFixed(2)} ms`);
