// Builds dist/sw.js after `astro build`: src/client/sw.ts bundled with esbuild, then workbox-build's `injectManifest`
// writes the precache list (every page, the search indexes, CSS, JS and icons) where `self.__WB_MANIFEST` stands.
// Revisions are content hashes; hashed assets (`_astro/`) need none. Each entry also carries the file's SRI integrity
// (sha256), so a file the worker fetches, at install or again later, is stored only if it is this build's.
// Public APIs only: esbuild's `build`, workbox-build's `injectManifest`, and in the worker workbox-precaching's.
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = process.env.RULES_OUT_DIR ?? 'dist';
/** A file's SHA-256 as SRI wants it (base64). */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');

const work = mkdtempSync(join(tmpdir(), 'rules-sw-'));
try {
  const swSrc = join(work, 'sw.js');
  await build({
    entryPoints: [new URL('../src/client/sw.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    // Workbox's development logging and checks are dropped from the bundle.
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: swSrc,
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: `${dist}/sw.js`,
    globDirectory: dist,
    globPatterns: ['**/*.{html,js,css,json,png,svg,webmanifest,txt}'],
    // sw.js is this script's own output: a second run without a rebuild must not precache it.
    globIgnores: ['sw.js'],
    dontCacheBustURLsMatching: /^_astro\//,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((e) => ({ ...e, integrity: `sha256-${sha256(readFileSync(join(dist, decodeURI(e.url))))}` })),
        warnings: [],
      }),
    ],
  });
  for (const w of warnings) console.warn(`service worker: ${w}`);
  console.log(`service worker: precaches ${count} files, ${(size / 1024 / 1024).toFixed(2)} MiB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
