// Packs: every page of a folder of the built site (a game's pages) in one file, so that a first visit fetches a game's
// few hundred pages as one compressed stream (the build's Brotli copy of a pack is about 7 times smaller than its pages
// compressed one by one: the page chrome they share is sent once). The service worker unpacks a pack into its
// precache (src/client/sw.ts); packs are never served as pages.
//
// Format, one file: a first line of JSON, `[["<url>", <bytes>], ...]` (each page's URL as the precache list writes it,
// relative to the site's root, and its length in bytes), then the pages' bytes one after another, in that order.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The folder of dist/ that holds the packs and the precache list (this step's own output). */
export const PACK_DIR = 'offline';

/** A folder with fewer pages than this is not packed: its pages are fetched one by one, as the site's other files. */
export const PACK_MIN_PAGES = 10;

/**
 * One pack's text: the index line, then the pages' bytes.
 * @param {[url: string, bytes: Buffer][]} pages
 */
export function packBytes(pages) {
  const index = `${JSON.stringify(pages.map(([url, bytes]) => [url, bytes.length]))}\n`;
  return Buffer.concat([Buffer.from(index, 'utf8'), ...pages.map(([, bytes]) => bytes)]);
}

/**
 * Reads a pack back into its pages (the worker does the same in the browser; this one is for tests and checks).
 * @param {Uint8Array} bytes
 * @returns {[url: string, bytes: Uint8Array][]}
 */
export function unpack(bytes) {
  const end = bytes.indexOf(10);
  if (end < 0) throw new Error('pack: no index line');
  /** @type {[string, number][]} */
  const index = JSON.parse(Buffer.from(bytes.subarray(0, end)).toString('utf8'));
  let at = end + 1;
  const pages = index.map(([url, length]) => {
    const page = bytes.subarray(at, at + length);
    at += length;
    return /** @type {[string, Uint8Array]} */ ([url, page]);
  });
  if (at !== bytes.length) throw new Error(`pack: ${bytes.length - at} bytes after the last page`);
  return pages;
}

/**
 * Writes a pack for each top-level folder of `dist` with at least PACK_MIN_PAGES pages, into `dist/<PACK_DIR>/`, named
 * by its folder and a hash of its bytes. Returns what the worker needs of each: the folder (`scope`, as precache URLs
 * start), the pack's URL, its SRI integrity, and how many pages it holds.
 * @param {string} dist
 */
export function writePacks(dist) {
  /** @type {Map<string, string[]>} */
  const folders = new Map();
  const pages = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html'));
  for (const page of pages) {
    const url = relative(dist, join(page.parentPath, page.name)).split(sep).join('/');
    const slash = url.indexOf('/');
    if (slash < 0 || url.startsWith(`${PACK_DIR}/`)) continue;
    const folder = url.slice(0, slash + 1);
    folders.set(folder, [...(folders.get(folder) ?? []), url]);
  }
  const packs = [];
  for (const [scope, urls] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    if (urls.length < PACK_MIN_PAGES) continue;
    const bytes = packBytes(urls.sort().map((url) => [url, readFileSync(join(dist, url))]));
    const hash = createHash('sha256').update(bytes);
    const url = `/${PACK_DIR}/${scope.slice(0, -1)}-${hash.copy().digest('base64url').slice(0, 12)}.txt`;
    writeFileSync(join(dist, url), bytes);
    packs.push({ scope, url, integrity: `sha256-${hash.digest('base64')}`, pages: urls.length });
  }
  return packs;
}
