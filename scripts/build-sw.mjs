// Generates dist/sw.js after `astro build`: precaches every page, the search index, CSS, JS and icons, so every
// URL works offline after the first visit. Revisions are content hashes; a new deploy waits until the reader
// accepts the update, so pages never mix versions.
//
// Every URL form of a page works under the service worker as on the server, online and offline: `/x/` and
// `/x/index.html` come from the precache (query strings ignored); a navigation to `/x` (no slash, no extension)
// is redirected to `/x/` with its query kept, as the server and static hosts redirect it; anything else, a
// malformed address included, gets the 404 page. No URL is decoded, so none can throw.
import { generateSW } from 'workbox-build';
import { writeFileSync } from 'node:fs';

/** A path whose last segment has no extension and no trailing slash: `/now-or-never/pass`, `/search`. */
const SLASHLESS = /\/[^/.]+$/;

const dist = process.env.RULES_OUT_DIR ?? 'dist';
const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,json,png,svg,webmanifest,txt}'],
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
      urlPattern: ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && /\/[^/.]+$/.test(url.pathname),
      handler: async ({ url }) => Response.redirect(`${url.pathname}/${url.search}`, 301),
    },
  ],
  dontCacheBustURLsMatching: /^_astro\//,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
});
// How many files the offline copy holds: pages show "Saving for offline: n of <count>" while it installs.
writeFileSync(`${dist}/sw-meta.json`, JSON.stringify({ count }));
for (const w of warnings) console.warn(`service worker: ${w}`);
console.log(`service worker: precaches ${count} files, ${(size / 1024 / 1024).toFixed(2)} MiB`);
