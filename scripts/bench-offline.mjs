// npm run bench:offline: how long a first visit on a phone network takes to save the site for offline use, measured
// from outside (what the page shows, and what crosses the network), against the built site (RULES_OUT_DIR, else
// dist/; `--dist=<dir>`). Every request of the page and of its service worker goes through a shaping proxy
// (scripts/bench-offline/proxy.mjs: 1.6 Mbit/s down, 0.75 Mbit/s up, 150 ms round trip, one link shared by every
// connection; Chromium's own network emulation does not shape the worker's requests). Three measures:
// 1. First visit (cold context, `--runs=N`, default 3): a rule page (`--page`, default /forge-war/bazaar/) opened,
//    time from navigation start until the footer says `ready` ("Ready offline"), bytes down and up (headers
//    included), requests, and the footer's texts on the way. Gives up after `--timeout` seconds (default 300).
// 2. Early leave: two pages of one game opened one after the other (`--page`, then `--page2`, default /forge-war/),
//    the network cut 3 s after the second loaded (`--cut=both`: the proxy drops everything and the browser is set
//    offline; `proxy` or `offline` for one of them), then, `--reopen-after` seconds later (default 5), both opened
//    again in a new tab: the page, or the browser's error page?
// 3. One-entry update (`--update-from=<dir> --update-to=<dir>`, two builds; see scripts/bench-offline/update-builds.mjs):
//    installed from the first, the server switched to the second, the page reloaded: bytes and requests until the
//    new worker is installed (update prompt shown, or a waiting worker).
// `--only=first,leave,update` picks measures; `--json` prints one JSON object; `--down=1600 --up=750 --rtt=150`
// (kbit/s, ms) change the link. The machine's load average (os.loadavg) at start and end is printed with the
// numbers: the worker's time per file is CPU time. No assertions: it reports.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, chromePath, serveDist } from './measure-env.mjs';
import { startProxy } from './bench-offline/proxy.mjs';
import { footerStatus, hasWaitingWorker, pollUntil, readLog, watchPages } from './bench-offline/page-watch.mjs';
import { kib, median, secs, table, trail, trailLine, traffic } from './bench-offline/report.mjs';
import { isBuilt, updateBuilds } from './bench-offline/update-builds.mjs';

const { values: opt } = parseArgs({
  options: {
    page: { type: 'string', default: '/forge-war/bazaar/' },
    page2: { type: 'string', default: '/forge-war/' },
    runs: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '300' },
    cut: { type: 'string', default: 'both' },
    'reopen-after': { type: 'string', default: '5' },
    only: { type: 'string', default: 'first,leave,update' },
    dist: { type: 'string' },
    'update-from': { type: 'string' },
    'update-to': { type: 'string' },
    'update-entry': { type: 'string', default: 'forge-war/bazaar' },
    down: { type: 'string', default: '1600' },
    up: { type: 'string', default: '750' },
    rtt: { type: 'string', default: '150' },
    json: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(opt.runs) || 3);
const timeoutMs = Math.max(1, Number(opt.timeout) || 300) * 1000;
const reopenAfterMs = Math.max(0, Number(opt['reopen-after']) || 0) * 1000;
const only = new Set(opt.only.split(',').map((s) => s.trim()));
const link = { downKbps: Number(opt.down), upKbps: Number(opt.up), rttMs: Number(opt.rtt) };
const downBps = (link.downKbps * 1000) / 8;
if (!['both', 'proxy', 'offline'].includes(opt.cut)) throw new Error(`--cut=both|proxy|offline, not ${opt.cut}`);
const path = (p) => (p.startsWith('/') ? p : `/${p}`);
const page1 = path(opt.page);
const page2 = path(opt.page2);
const site = resolve(opt.dist ?? process.env.RULES_OUT_DIR ?? 'dist');
if (!isBuilt(site)) {
  console.error(`No built site in ${site} (index.html, sw.js, _headers): build it, or give --dist=<dir>.`);
  process.exit(1);
}

/** Progress goes to stderr; stdout holds the results only. */
const say = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const firstLine = (e) => String(e?.message ?? e).split('\n')[0];
const git = (...a) => {
  try {
    return execFileSync('git', a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
};

const freePort = () =>
  new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

const port = await freePort();
const base = `http://localhost:${port}`;
let server;
/** (Re)starts the site's server on `port`, serving `dir` (the previous one stopped first). */
async function serve(dir) {
  const old = server;
  if (old && old.exitCode === null && old.signalCode === null) {
    const gone = new Promise((r) => old.once('exit', r));
    old.kill();
    const late = setTimeout(() => old.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(late);
  }
  process.env.RULES_OUT_DIR = dir; // serveDist passes its environment on to scripts/serve.mjs
  server = await serveDist(port);
  proxy.resetUpstream(); // no kept-alive connection to the server before
}

const machine = () => ({
  loadavg: os.loadavg().map((n) => Number(n.toFixed(2))),
  cpus: os.cpus().length,
  freeMemMiB: Math.round(os.freemem() / 1048576),
});
const startMachine = machine();
const result = {
  date: new Date().toISOString(),
  commit: git('rev-parse', '--short', 'HEAD'),
  site: { dir: site, swBuilt: statSync(resolve(site, 'sw.js')).mtime.toISOString() },
  link: { ...link, note: 'latency per request and per response start; bytes through one token bucket per direction' },
  machine: { start: startMachine },
};

const proxy = await startProxy({ ...link, sitePort: port });
let browser;
try {
  await serve(site);
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: [...CHROME_FLAGS, `--proxy-server=http://127.0.0.1:${proxy.port}`, '--proxy-bypass-list=<-loopback>'],
  });
  result.browser = `Chromium ${browser.version()}`;
  result.node = process.version;

  /** A cold context (nothing cached, no worker) with the footer watcher; the link's counters at zero. */
  const coldPage = async () => {
    const context = await browser.newContext();
    await watchPages(context);
    const page = await context.newPage();
    proxy.reset();
    return { context, page };
  };

  /** Opens `url` and follows the footer until it says `ready`; what the page showed and what crossed the link. */
  const untilReady = async (page, url) => {
    const t0 = Date.now();
    const nav = { error: undefined, loadedAt: undefined, status: undefined };
    const going = page.goto(url, { waitUntil: 'load', timeout: timeoutMs }).then(
      (r) => Object.assign(nav, { loadedAt: Date.now(), status: r?.status() }),
      (e) => (nav.error = firstLine(e)),
    );
    const polled = await pollUntil(page, t0 + timeoutMs, (entries) => !!nav.error || entries.some((e) => e.status === 'ready'));
    const stats = proxy.stats();
    await Promise.race([going, sleep(1000)]);
    const ready = polled.entries.find((e) => e.status === 'ready');
    const texts = trail(polled.entries, t0);
    const last = texts.all.at(-1);
    const total = texts.all.map((e) => /of (\d+)/.exec(e.text)?.[1]).find(Boolean);
    return {
      readyMs: ready ? ready.t - t0 : undefined,
      timedOut: !ready && !nav.error,
      error: nav.error,
      pageStatus: nav.status,
      loadedMs: nav.loadedAt ? nav.loadedAt - t0 : undefined,
      lastStatus: last ? `${last.status}: ${last.text}` : '(no footer seen)',
      filesToSave: total ? Number(total) : undefined,
      traffic: traffic(stats, downBps),
      texts: texts.all,
      textsShown: texts.shown,
    };
  };

  // 1. Shaped first visit.
  if (only.has('first')) {
    const list = [];
    for (let i = 1; i <= runs; i++) {
      say(`First visit ${i}/${runs}: ${page1}...`);
      const { context, page } = await coldPage();
      const run = await untilReady(page, `${base}${page1}`);
      await context.close();
      if (!run.traffic.requests) throw new Error('no request went through the shaping proxy: Chromium bypassed it');
      say(
        `  ${run.readyMs !== undefined ? `ready after ${secs(run.readyMs)}` : run.error || 'timed out'}, ${kib(run.traffic.bytesDown)} down`,
      );
      list.push(run);
    }
    const ok = list.filter((r) => r.readyMs !== undefined);
    result.firstVisit = {
      page: page1,
      runs: list,
      median: {
        readyMs: median(ok.map((r) => r.readyMs)),
        loadedMs: median(list.map((r) => r.loadedMs)),
        bytesDown: median(list.map((r) => r.traffic.bytesDown)),
        bytesUp: median(list.map((r) => r.traffic.bytesUp)),
        requests: median(list.map((r) => r.traffic.requests)),
      },
      timedOut: list.filter((r) => r.timedOut).length,
    };
  }

  // 2. Early leave.
  if (only.has('leave')) {
    say(`Early leave: ${page1} then ${page2}, network cut 3 s after (${opt.cut})...`);
    const { context, page } = await coldPage();
    const t0 = Date.now();
    const leave = { pages: [page1, page2], cut: opt.cut, reopenAfterMs, opened: [] };
    try {
      for (const p of [page1, page2]) {
        const r = await page.goto(`${base}${p}`, { waitUntil: 'load', timeout: timeoutMs });
        leave.opened.push({ path: p, status: r?.status(), loadedMs: Date.now() - t0 });
      }
      await sleep(3000);
      leave.workerAtCut = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const state = reg?.active ? 'active' : reg?.waiting ? 'waiting' : reg?.installing ? 'installing' : 'none';
        return { registration: state, controlled: !!navigator.serviceWorker.controller };
      });
      leave.textsBeforeCut = trail(await readLog(page), t0).shown;
      leave.statusAtCut = await footerStatus(page);
      const atCut = proxy.stats();
      leave.cutMs = Date.now() - t0;
      if (opt.cut !== 'offline') proxy.cut();
      if (opt.cut !== 'proxy') await context.setOffline(true);
      leave.trafficBeforeCut = traffic(atCut, downBps);
      leave.inFlightAtCut = atCut.requests
        .filter((r) => r.end === undefined)
        .map((r) => ({ url: r.url.replace(base, ''), dest: r.dest, bytesSoFar: r.down }));
      await sleep(reopenAfterMs);
      await page.close();
      const tab = await context.newPage();
      leave.reopened = [];
      for (const p of [page1, page2]) {
        const again = { path: p };
        try {
          const r = await tab.goto(`${base}${p}`, { waitUntil: 'load', timeout: 30_000 });
          again.status = r?.status();
          again.fromServiceWorker = r?.fromServiceWorker();
        } catch (e) {
          again.error = firstLine(e);
        }
        const h1 = tab.locator('main h1').first();
        again.shown = !again.error && (await h1.isVisible().catch(() => false));
        if (again.shown) again.h1 = (await h1.innerText()).trim();
        await sleep(2000);
        again.footer = await footerStatus(tab);
        leave.reopened.push(again);
      }
    } catch (e) {
      leave.error = firstLine(e);
    }
    await context.close();
    proxy.reset();
    result.earlyLeave = leave;
  }

  // 3. One-entry update.
  if (only.has('update')) {
    const dirs = updateBuilds({ from: opt['update-from'], to: opt['update-to'], entry: opt['update-entry'], log: say });
    if (dirs.skip) result.update = { skipped: dirs.skip };
    else if (readFileSync(resolve(dirs.from, 'sw.js')).equals(readFileSync(resolve(dirs.to, 'sw.js')))) {
      result.update = { skipped: `${dirs.from}/sw.js and ${dirs.to}/sw.js are the same: no update to install` };
    } else {
      say(`One-entry update: install from ${dirs.from}, then ${dirs.to}...`);
      const update = { from: dirs.from, to: dirs.to, page: page1 };
      await serve(dirs.from);
      const { context, page } = await coldPage();
      const install = await untilReady(page, `${base}${page1}`);
      update.install = {
        readyMs: install.readyMs,
        bytesDown: install.traffic.bytesDown,
        requests: install.traffic.requests,
        statuses: install.traffic.statuses,
        failed: install.traffic.failed,
        lastStatus: install.lastStatus,
        texts: install.textsShown,
      };
      if (install.readyMs === undefined) update.error = `the first build never said ready (${install.error ?? 'timed out'})`;
      else {
        await serve(dirs.to);
        proxy.reset();
        const t1 = Date.now();
        await page.reload({ waitUntil: 'load', timeout: timeoutMs }).catch((e) => (update.reloadError = firstLine(e)));
        let signal;
        const polled = await pollUntil(page, t1 + timeoutMs, async (entries, p) => {
          if (entries.some((e) => e.prompt === true)) signal = 'update prompt shown';
          else if (await hasWaitingWorker(p)) signal = 'waiting worker';
          return !!signal;
        });
        const stats = proxy.stats();
        const prompt = polled.entries.find((e) => e.prompt === true);
        update.installedMs = polled.met ? (prompt?.t ?? polled.at) - t1 : undefined;
        update.signal = signal ?? `timed out after ${secs(timeoutMs)}`;
        update.traffic = traffic(stats, downBps);
        update.requests = stats.requests.map((r) => ({
          method: r.method,
          url: r.url.replace(base, ''),
          dest: r.dest,
          status: r.status,
          bodyBytes: r.bytes,
        }));
      }
      await context.close();
      result.update = update;
    }
  }
} finally {
  await browser?.close();
  server?.kill();
  await proxy.close();
}
result.machine.end = machine();

if (opt.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const out = [];
  const m = result.machine;
  out.push(
    `bench:offline ${result.date.slice(0, 10)}, commit ${result.commit ?? '?'}, site ${result.site.dir} (sw.js ${result.site.swBuilt}), ${result.browser}, Node ${result.node}`,
  );
  out.push(
    `machine: ${m.start.cpus} CPUs, load average ${m.start.loadavg.join(' / ')} at start, ${m.end.loadavg.join(' / ')} at end (1 / 5 / 15 min)`,
  );
  out.push(`link: ${link.downKbps / 1000} Mbit/s down, ${link.upKbps / 1000} Mbit/s up, ${link.rttMs} ms round trip (shaping proxy)`);
  if (result.firstVisit) {
    const f = result.firstVisit;
    out.push('', `1. First visit, cold, ${f.page}: until the footer says "Ready offline"`);
    const rows = [
      ['run', 'ready after', 'page loaded', 'down', 'up', 'requests', 'in flight', 'downlink used', 'connections', 'footer at the end'],
    ];
    f.runs.forEach((r, i) =>
      rows.push([
        i + 1,
        r.readyMs !== undefined ? secs(r.readyMs) : r.error ? 'error' : `timeout (${secs(timeoutMs)})`,
        r.loadedMs !== undefined ? secs(r.loadedMs) : '-',
        kib(r.traffic.bytesDown),
        kib(r.traffic.bytesUp),
        r.traffic.requests,
        r.traffic.avgInFlight,
        `${Math.round(r.traffic.downlinkUsed * 100)}%`,
        `${r.traffic.connections} (peak ${r.traffic.peakConnections})`,
        r.lastStatus,
      ]),
    );
    const md = f.median;
    rows.push([
      'median',
      md.readyMs !== undefined ? secs(md.readyMs) : '-',
      md.loadedMs !== undefined ? secs(md.loadedMs) : '-',
      kib(md.bytesDown),
      kib(md.bytesUp),
      md.requests,
      '',
      '',
      '',
      f.timedOut ? `${f.timedOut} of ${f.runs.length} timed out` : '',
    ]);
    out.push(table(rows));
    f.runs.forEach((r, i) => {
      const t = r.traffic;
      const twice = t.filesFetchedTwice.length
        ? ` (${t.filesFetchedTwice.slice(0, 4).join(', ')}${t.filesFetchedTwice.length > 4 ? ', ...' : ''})`
        : '';
      out.push(
        `  run ${i + 1} requests by Sec-Fetch-Dest: ${Object.entries(t.byDest)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}; files fetched twice: ${t.filesFetchedTwice.length}${twice}${t.otherHosts ? `; ${t.otherHosts} to other hosts refused, not counted` : ''}`,
      );
      out.push(`  run ${i + 1} footer: ${trailLine(r.textsShown)}`);
    });
  }
  if (result.earlyLeave) {
    const l = result.earlyLeave;
    out.push('', `2. Early leave: ${l.pages.join(' then ')}, network cut (${l.cut}) 3 s after the second loaded`);
    if (l.opened.length) out.push(`  opened: ${l.opened.map((o) => `${o.path} ${o.status} at ${secs(o.loadedMs)}`).join(', ')}`);
    if (l.cutMs !== undefined) {
      out.push(
        `  at the cut (${secs(l.cutMs)}): footer ${l.statusAtCut ? `${l.statusAtCut.status}: "${l.statusAtCut.text}"` : '(none)'}; worker ${l.workerAtCut.registration}, page ${l.workerAtCut.controlled ? '' : 'not '}controlled; ${kib(l.trafficBeforeCut.bytesDown)} down, ${l.trafficBeforeCut.requests} requests so far`,
      );
      out.push(`  footer before the cut (second page): ${trailLine(l.textsBeforeCut)}`);
      const cutShort = l.inFlightAtCut.map((r) => `${r.url} (${r.dest || 'no dest'}, ${kib(r.bytesSoFar)} so far)`);
      out.push(
        `  cut short: ${cutShort.length ? cutShort.join(', ') : 'nothing (no request in flight)'}; reopened ${secs(l.reopenAfterMs)} after the cut`,
      );
    }
    for (const r of l.reopened ?? []) {
      const what = r.shown
        ? `page shown (status ${r.status}${r.fromServiceWorker ? ', from the service worker' : ''}, h1 "${r.h1}")`
        : `NOT shown: ${r.error ?? `status ${r.status}, no visible main h1`}`;
      out.push(`  reopened offline ${r.path}: ${what}${r.footer ? `; footer ${r.footer.status}: "${r.footer.text}"` : ''}`);
    }
    if (l.error) out.push(`  error: ${l.error}`);
  }
  if (result.update) {
    const u = result.update;
    out.push('', '3. One-entry update');
    if (u.skipped) out.push(u.skipped);
    else {
      out.push(`  from ${u.from} to ${u.to}, page ${u.page}`);
      if (u.install) {
        const i = u.install;
        const codes = Object.entries(i.statuses)
          .map(([k, v]) => `${k} x${v}`)
          .join(', ');
        const took = i.readyMs !== undefined ? secs(i.readyMs) : 'not ready';
        out.push(`  install of the first: ${took}, ${kib(i.bytesDown)}, ${i.requests} requests (status ${codes})`);
        if (i.readyMs === undefined) out.push(`  its footer: ${trailLine(i.texts)}`);
      }
      if (u.error) out.push(`  ${u.error}`);
      if (u.traffic) {
        out.push(
          `  after the reload: ${u.signal}${u.installedMs !== undefined ? ` at ${secs(u.installedMs)}` : ''}; ${kib(u.traffic.bytesDown)} down, ${kib(u.traffic.bytesUp)} up, ${u.traffic.requests} requests`,
        );
        const shown = u.requests
          .slice(0, 15)
          .map((r) => `${r.method === 'GET' ? '' : `${r.method} `}${r.url} (${r.status}, ${kib(r.bodyBytes)})`);
        out.push(`  requests: ${shown.join(', ')}${u.requests.length > 15 ? `, ... ${u.requests.length - 15} more` : ''}`);
      }
    }
  }
  console.log(out.join('\n'));
}
