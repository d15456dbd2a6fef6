// The precache list of a built site (scripts/build-sw.mjs): sw.js loads it with importScripts from
// `/offline/files-<hash>.js`, where workbox-build wrote it as JSON. For the benchmarks and tests that count or weigh
// the offline copy.
//   import { precacheUrls, readPrecacheUrls } from './precache-list.mjs'
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The URLs (relative to the site's root) of the precache list in the text of the list's file (not its packs). */
export function precacheUrls(text) {
  const files = /\bfiles:(\[.*?\]),packs:/s.exec(text)?.[1];
  if (!files) throw new Error('precache list: no `files:[...]` in the text');
  return JSON.parse(files).map((entry) => entry.url);
}

/** The URLs of the precache list of the site built in `dist`. */
export function readPrecacheUrls(dist) {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const list = /importScripts\("\/([^"]+)"\)/.exec(sw)?.[1];
  if (!list) throw new Error(`${join(dist, 'sw.js')}: no importScripts of the precache list`);
  return precacheUrls(readFileSync(join(dist, list), 'utf8'));
}
