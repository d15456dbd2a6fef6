// The precache list that scripts/build-sw.mjs wrote into a built sw.js (workbox-build writes it as JSON): its URLs,
// relative to the site's root. For the benchmarks and tests that count or weigh the offline copy.
//   import { precacheUrls } from './precache-list.mjs'

/** The URLs of the precache list in the text of a built sw.js. */
export function precacheUrls(swText) {
  return [...swText.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
}
