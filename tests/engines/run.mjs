/**
 * `npm run test:engines`: the key flows (checks.mjs) in Firefox ESR and WebKitGTK, against the production build
 * (dist/, `npm run build` first; or RULES_OUT_DIR) served by scripts/serve.mjs on a free port. Engines run one after
 * the other (two browsers at once thrash a 2-core machine); each check gets a fresh page with empty storage. Each
 * engine starts with the browser and version it runs and what it was asked to emulate and refused; then a line per
 * check, a line per engine (counts, time, what it ran without), and `N passed, N failed`; exits non-zero on any
 * failure.
 *
 *   node tests/engines/run.mjs [--engine=firefox|webkit] [--only=<text in a check's name>]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKS } from './checks.mjs';
import { startFirefox } from './firefox.mjs';
import { startWebKit } from './webkit.mjs';

/**
 * A phone: the Playwright suite's screen size, held upright, with a touch screen. Each adapter emulates what its
 * browser takes (asked at start, never assumed from a version) and reports what it left out.
 */
const VIEWPORT = { width: 390, height: 844, isLandscape: false, hasTouch: true, isMobile: true };
const ENGINES = { firefox: startFirefox, webkit: startWebKit };

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const engines = arg('engine') ? arg('engine').split(',') : Object.keys(ENGINES);
const only = arg('only');
for (const e of engines) if (!(e in ENGINES)) throw new Error(`unknown engine ${e}: use ${Object.keys(ENGINES).join(' or ')}`);

/**
 * Starts scripts/serve.mjs on `port` (0: any free one) and reads the port from the line it prints, as
 * playwright.config.ts does.
 * @param {number} port
 * @returns {Promise<{ port: number, stop(): Promise<void> }>}
 */
function startServer(port) {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`scripts/serve.mjs printed no address in 30 s: ${out}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`scripts/serve.mjs exited (${code}): ${out}`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Accepting connections at http:\/\/[\d.]+:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        port: Number(m[1]),
        // Killed outright: a gentle stop would let open keep-alive connections go on answering.
        async stop() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** The first lines of an error, whatever was thrown (some WebDriver errors carry an empty message). */
const describe = (e) =>
  (e instanceof Error ? `${e.message ? '' : `${e.name}: `}${e.message || e.stack?.split('\n').slice(0, 3).join(' | ')}` : String(e)).slice(
    0,
    600,
  );

/** Rejects after `ms` with a message naming what took too long. */
function deadline(ms, what) {
  let timer;
  const promise = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: over ${ms / 1000} s`)), ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

// The built site, where scripts/serve.mjs serves it from: dist/, or RULES_OUT_DIR.
const site = process.env.RULES_OUT_DIR ?? 'dist';
if (!existsSync(join(site, 'index.html'))) {
  console.error(`No built site in ${site}: run \`npm run build\` first.`);
  process.exit(1);
}
const started = Date.now();
let server = await startServer(0);
const base = `http://localhost:${server.port}`;
/** Cuts the network to the site by stopping its server, and brings it back on the same port (same origin). */
const network = {
  cut: () => server.stop(),
  async restore() {
    server = await startServer(server.port);
  },
};
const checks = CHECKS.filter((c) => !only || c.name.includes(only));
let passed = 0;
let failed = 0;
/** One line per engine for the summary: browser, counts, time, fallbacks. */
const summaries = [];
/** Checks that passed only on their second run (under CI). */
const flaky = [];
console.log(`Engine checks on ${base}: ${checks.length} checks x ${engines.join(', ')}`);
for (const name of engines) {
  const engineStart = Date.now();
  const before = { passed, failed };
  let engine;
  try {
    engine = await ENGINES[name]({ base, viewport: VIEWPORT, network });
  } catch (e) {
    failed += checks.length;
    console.log(`  FAIL ${name}: cannot start (${describe(e)}); its ${checks.length} checks count as failed`);
    summaries.push(`${name}: cannot start, ${checks.length} failed`);
    continue;
  }
  // Which browser ran, and what it was asked to emulate and would not do.
  console.log(`${name}: ${engine.browser} (${engine.path})`);
  for (const note of engine.notes) console.log(`  ${note}`);
  for (const check of checks) {
    // Under CI a failed check runs once more, as Playwright's tests do (`retries` in playwright.config.ts): a pass on
    // the second run is reported as flaky, by name, never hidden.
    for (let attempt = 1; attempt <= (process.env.CI ? 2 : 1); attempt++) {
      const t0 = Date.now();
      const limit = deadline(check.timeout ?? 60_000, 'check time');
      let driver;
      let ok = false;
      try {
        await Promise.race([
          limit.promise,
          (async () => {
            driver = await engine.open();
            await check.run(driver);
            const errors = await driver.errors();
            if (errors.length) throw new Error(`script errors: ${errors.join('; ')}`);
          })(),
        ]);
        ok = true;
        passed++;
        if (attempt > 1) flaky.push(`${name} › ${check.name}`);
        console.log(
          `  ok   ${name} › ${check.name}${attempt > 1 ? ' (flaky: passed on its second run)' : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
        );
      } catch (e) {
        const last = attempt === (process.env.CI ? 2 : 1);
        if (last) failed++;
        console.log(
          `  ${last ? 'FAIL' : 'fail'} ${name} › ${check.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${last ? '' : ', run again'}\n       ${describe(e)}`,
        );
      } finally {
        limit.cancel();
        await Promise.race([driver?.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
        // A check that cut the network and failed before restoring it: the server comes back for the next one.
        if (
          !(await fetch(base).then(
            () => true,
            () => false,
          ))
        )
          await network.restore();
      }
      if (ok) break;
    }
  }
  await engine.stop();
  const summary = `${name} (${engine.browser}): ${passed - before.passed} passed, ${failed - before.failed} failed, ${((Date.now() - engineStart) / 1000).toFixed(0)} s${engine.fallbacks.length ? `; without: ${engine.fallbacks.join(', ')}` : ''}`;
  summaries.push(summary);
  console.log(`  ${summary}`);
}
await server.stop();
if (engines.length > 1) for (const s of summaries) console.log(s);
console.log(
  `${passed} passed, ${failed} failed${flaky.length ? `, ${flaky.length} flaky (${flaky.join('; ')})` : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
process.exit(failed ? 1 : 0);
