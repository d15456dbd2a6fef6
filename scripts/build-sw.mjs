// Builds the service worker after `astro build`, in three files:
// - `dist/offline/<folder>-<hash>.txt`, one pack per folder of pages (a game's pages): every page of the folder in one
//   file, so a first visit fetches a game as one compressed stream instead of hundreds of pages that each repeat the
//   same page chrome (scripts/offline-packs.mjs has the format). Packs are transport only: the worker unpacks them into
//   the precache under the pages' own keys.
// - `dist/offline/files-<hash>.js`: the precache list (every page, the search indexes, CSS, JS and icons, each with its
//   revision and SRI integrity, sha256) and the packs, written by workbox-build's `injectManifest` where
//   `self.__WB_MANIFEST` stands in a template. Named by its hash and cached for good, so a start that checks for an
//   update downloads only the small sw.js.
// - `dist/sw.js`: src/client/sw.ts bundled with esbuild; it loads the list with `importScripts`.
// Public APIs only: esbuild's `build`, workbox-build's `injectManifest`, and in the worker workbox-precaching's.
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACK_DIR, writePacks } from './offline-packs.mjs';

const dist = process.env.RULES_OUT_DIR ?? 'dist';
/** A file's SHA-256 as SRI wants it (base64). */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');
/** A short content hash for file names and revisions (base64url, 12 characters: 72 bits). */
const shortHash = (bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 12);

const work = mkdtempSync(join(tmpdir(), 'rules-sw-'));
try {
  // The offline folder is this script's own output: made again from nothing, never listed in the precache.
  rmSync(join(dist, PACK_DIR), { recursive: true, force: true });
  mkdirSync(join(dist, PACK_DIR), { recursive: true });
  const packs = writePacks(dist);

  const template = join(work, 'files.js');
  writeFileSync(template, `self.__RULES_OFFLINE={files:self.__WB_MANIFEST,packs:${JSON.stringify(packs)}};\n`);
  const filled = join(work, 'files-filled.js');
  const { count, size, warnings } = await injectManifest({
    swSrc: template,
    swDest: filled,
    globDirectory: dist,
    globPatterns: ['**/*.{html,js,css,json,png,svg,webmanifest,txt}'],
    // sw.js and the offline folder are this script's own output: a second run without a rebuild must not list them.
    globIgnores: ['sw.js', `${PACK_DIR}/**`],
    dontCacheBustURLsMatching: /^_astro\//,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((e) => {
          const bytes = readFileSync(join(dist, decodeURI(e.url)));
          // A revision only where the name carries no hash; a short one, from the same digest as the integrity.
          return { url: e.url, size: e.size, revision: e.revision ? shortHash(bytes) : null, integrity: `sha256-${sha256(bytes)}` };
        }),
        warnings: [],
      }),
    ],
  });
  const filesCode = readFileSync(filled);
  const filesUrl = `/${PACK_DIR}/files-${shortHash(filesCode)}.js`;
  writeFileSync(join(dist, filesUrl), filesCode);

  await build({
    entryPoints: [new URL('../src/client/sw.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    // Workbox's development logging and checks are dropped from the bundle.
    define: { 'process.env.NODE_ENV': '"production"', __OFFLINE_FILES__: JSON.stringify(filesUrl) },
    outfile: join(dist, 'sw.js'),
    logLevel: 'warning',
  });
  for (const w of warnings) console.warn(`service worker: ${w}`);
  const packed = packs.reduce((n, p) => n + p.pages, 0);
  console.log(
    `service worker: precaches ${count} files, ${(size / 1024 / 1024).toFixed(2)} MiB; ${packs.length} packs hold ${packed} pages`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
