// The two builds the one-entry update of `npm run bench:offline` needs: given (`--update-from=<dir>`,
// `--update-to=<dir>`), or, only when asked (BENCH_OFFLINE_BUILD=1 with RULES_OUT_DIR outside the project's dist/),
// built here from a copy of content/: one as it is, one with a sentence added to one entry. Never into dist/, never
// writing content/ or Astro's cache of the project (the builds get their own, as tests/fixtures/build-site.mjs does).
import { appendFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { spawnSync } from 'node:child_process';

/** How to make the two builds by hand (printed when they are not given). */
export const HOW_TO = [
  'One-entry update: skipped (give --update-from=<dir> --update-to=<dir>, two built sites). To make them:',
  '  RULES_OUT_DIR=/tmp/upd-from npm run build',
  '  # change one entry, e.g. add a sentence to content/forge-war/bazaar.mdx, then',
  '  RULES_OUT_DIR=/tmp/upd-to npm run build        # and undo the change',
  '  npm run bench:offline -- --update-from=/tmp/upd-from --update-to=/tmp/upd-to',
  'or let this script build both from a copy of content/ (content/ and dist/ untouched):',
  '  BENCH_OFFLINE_BUILD=1 RULES_OUT_DIR=/tmp/h4-dist npm run bench:offline   # builds in /tmp/h4-dist.update/',
].join('\n');

const inside = (dir, parent) => {
  const rel = relative(resolve(parent), resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** A built site is there: its index page, service worker and headers. */
export const isBuilt = (dir) => ['index.html', 'sw.js', '_headers'].every((f) => existsSync(join(dir, f)));

/**
 * Where the builds come from: { from, to } from the options, or built into `<RULES_OUT_DIR>.update/` when
 * BENCH_OFFLINE_BUILD=1 and RULES_OUT_DIR is outside dist/ (kept for the next run: delete the folder to rebuild), or
 * { skip: reason }. `entry` ("<game>/<slug>") is the entry changed for the second build.
 */
export function updateBuilds({ from, to, entry, log }) {
  if (from || to) {
    if (!from || !to) return { skip: 'give both --update-from and --update-to' };
    for (const dir of [from, to]) if (!isBuilt(dir)) return { skip: `${dir} is not a built site (index.html, sw.js, _headers)` };
    return { from: resolve(from), to: resolve(to) };
  }
  const out = process.env.RULES_OUT_DIR;
  if (process.env.BENCH_OFFLINE_BUILD !== '1' || !out) return { skip: HOW_TO };
  if (inside(out, 'dist') || inside('dist', out) || inside(out, '.')) {
    return { skip: `RULES_OUT_DIR=${out} is inside the project or its dist/: nothing built.\n${HOW_TO}` };
  }
  const work = resolve(`${out}.update`);
  const dirs = { from: join(work, 'from'), to: join(work, 'to') };
  if (isBuilt(dirs.from) && isBuilt(dirs.to)) {
    log(`One-entry update: reusing the builds in ${work} (delete it to build again)`);
    return dirs;
  }
  const source = join('content', `${entry}.mdx`);
  if (!existsSync(source)) return { skip: `no entry ${source} to change (--update-entry=<game>/<slug>)` };
  for (const sub of ['from', 'to', 'content-from', 'content-to', 'cache']) rmSync(join(work, sub), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const [name, change] of [
    ['from', false],
    ['to', true],
  ]) {
    const content = join(work, `content-${name}`);
    cpSync('content', content, { recursive: true });
    if (change) appendFileSync(join(content, `${entry}.mdx`), '\nThis sentence was added to measure a one-entry update.\n');
    const env = {
      ...process.env,
      RULES_CONTENT_DIR: content,
      RULES_OUT_DIR: dirs[name],
      RULES_CACHE_DIR: join(work, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    log(`One-entry update: building ${dirs[name]}${change ? ` (${entry} changed)` : ''}...`);
    // The Brotli step keeps its cache under its working folder (node_modules/.cache/precompress): run there, the
    // project's cache is left alone.
    const steps = [
      [['node_modules/astro/bin/astro.mjs', 'build'], '.'],
      [['scripts/build-sw.mjs'], '.'],
      [['scripts/headers.mjs'], '.'],
      [[resolve('scripts/precompress.mjs')], work],
    ];
    for (const [args, cwd] of steps) {
      const r = spawnSync(process.execPath, args, { env, cwd, encoding: 'utf8' });
      if (r.status !== 0) return { skip: `build step \`node ${args.join(' ')}\` failed:\n${`${r.stdout}\n${r.stderr}`.slice(-2000)}` };
    }
  }
  return dirs;
}
