// Generates dist/sw.js after `astro build`: precaches every page, the search index, CSS, JS and icons, so every
// URL works offline after the first visit. Revisions are content hashes; a new deploy waits until the reader
// accepts the update, so pages never mix versions.
//
// Every URL form of a page works under the service worker as on the server, online and offline: `/x/` and
// `/x/index.html` come from the precache (query strings ignored); a navigation to `/x` (no slash, no extension)
// is redirected to `/x/` with its query kept, as the server and static hosts redirect it; anything else, a
// malformed address included, gets the 404 page. No URL is decoded, so none can throw.
//
// The offline copy is kept whole: scripts/sw-keep-whole.js, appended to sw.js, answers the pages' check on every start
// and fetches missing files again. Each manifest entry carries the file's SRI integrity (sha256), so a file fetched
// again, or at install, is stored only if it is this build's.
import { generateSW } from 'workbox-build';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A path whose last segment has no extension and no trailing slash: `/now-or-never/pass`, `/search`. */
const SLASHLESS = /\/[^/.]+$/;

const dist = process.env.RULES_OUT_DIR ?? 'dist';
/** A file's SHA-256 as SRI wants it (base64). */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');
const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,json,png,svg,webmanifest,txt}'],
  // sw.js is this script's own output: a second run without a rebuild must not precache it.
  globIgnores: ['sw.js'],
  swDest: `${dist}/sw.js`,
  mode: 'production',
  sourcemap: false,
  inlineWorkboxRuntime: true,
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  directoryIndex: 'index.html',
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: '/404.html',
  navigateFallbackDenylist: [SLASHLESS],
  runtimeCaching: [
    {
      // Serialised into sw.js: the function bodies may use nothing from this file.
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' && url.origin === self.location.origin && /\/[^/.]+$/.test(url.pathname),
      handler: async ({ url }) => Response.redirect(`${url.pathname}/${url.search}`, 301),
    },
  ],
  dontCacheBustURLsMatching: /^_astro\//,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  manifestTransforms: [
    (entries) => ({
      manifest: entries.map((e) => ({ ...e, integrity: `sha256-${sha256(readFileSync(join(dist, decodeURI(e.url))))}` })),
      warnings: [],
    }),
  ],
});
// Name workbox's manifest (the one array literal of `{url:...}` entries in sw.js) for the keep-whole code.
const swPath = `${dist}/sw.js`;
const sw = readFileSync(swPath, 'utf8');
const manifestStarts = [...sw.matchAll(/\[\{(url|revision|integrity):"/g)];
if (manifestStarts.length !== 1) throw new Error(`service worker: expected one precache manifest in sw.js, found ${manifestStarts.length}`);
const at = manifestStarts[0].index;
const keepWhole = readFileSync(new URL('./sw-keep-whole.js', import.meta.url), 'utf8');
writeFileSync(swPath, `${sw.slice(0, at)}self.__RULES_PRECACHE=${sw.slice(at)};\n${keepWhole}`);
for (const w of warnings) console.warn(`service worker: ${w}`);
console.log(`service worker: precaches ${count} files, ${(size / 1024 / 1024).toFixed(2)} MiB`);
