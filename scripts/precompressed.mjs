// Pre-compressed copies of the built site's text files: `npm run build` writes `<file>.br` (Brotli at its best
// quality, 11) beside each text file where that is smaller, and scripts/serve.mjs sends the copy to a browser that
// accepts Brotli, as a static host with pre-compressed files does (nginx `brotli_static`, Caddy `precompressed`).
// Quality 11 is too slow to run per request; a server compressing on the fly uses about 4, which leaves the search
// indexes 18% and the large pages 15-20% bigger. The copies are not pages: the service worker never lists them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

/** File names worth compressing: text formats the site serves. */
export const COMPRESSIBLE = /\.(html|js|css|json|svg|webmanifest|txt|xml)$/;

/** The suffix of a pre-compressed copy. */
export const BROTLI_SUFFIX = '.br';

/** Files under this many bytes are sent as they are (a copy would save less than a packet). */
export const MIN_BYTES = 1024;

/**
 * Whether a request's Accept-Encoding header accepts Brotli: `br` listed with no `q=0`.
 * @param {string | undefined} header
 */
export function acceptsBrotli(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const compress = promisify(brotliCompress);

/** Where `npm run build` keeps the Brotli copies of earlier builds, by content hash (see precompressDir). */
export const DEFAULT_CACHE_DIR = 'node_modules/.cache/precompress';

/** Suffix of a cache entry recording that Brotli does not make a content smaller (no copy is written for it). */
const NO_GAIN = '.none';

/**
 * Writes `<file>.br` for every compressible file of `dir` of at least MIN_BYTES whose Brotli copy is smaller.
 * Runs on libuv's thread pool, so the build's cores share the work. Returns the byte counts and how many copies
 * came from the cache.
 *
 * With `cacheDir`, a content compressed by an earlier run is not compressed again: each result is kept there under
 * the SHA-256 of the content (`<hash>.br`, or `<hash>.none` when the copy would not be smaller), and entries this
 * run did not use are deleted, so the cache holds one site's worth. An unchanged rebuild writes every copy from it.
 * @param {string} dir
 * @param {{ cacheDir?: string }} [options]
 */
export async function precompressDir(dir, { cacheDir } = {}) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => statSync(f).size >= MIN_BYTES);
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const used = new Set();
  let before = 0;
  let after = 0;
  let written = 0;
  let reused = 0;
  await Promise.all(
    files.map(async (file) => {
      const text = readFileSync(file);
      before += text.length;
      const key = cacheDir && createHash('sha256').update(text).digest('hex');
      let packed;
      if (key) {
        if (existsSync(join(cacheDir, key + NO_GAIN))) {
          used.add(key + NO_GAIN);
          return;
        }
        if (existsSync(join(cacheDir, key + BROTLI_SUFFIX))) {
          packed = readFileSync(join(cacheDir, key + BROTLI_SUFFIX));
          reused++;
        }
      }
      if (!packed) {
        packed = await compress(text, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
        });
        const smaller = packed.length < text.length;
        if (key) writeFileSync(join(cacheDir, key + (smaller ? BROTLI_SUFFIX : NO_GAIN)), smaller ? packed : '');
      }
      if (key) used.add(key + (packed.length < text.length ? BROTLI_SUFFIX : NO_GAIN));
      if (packed.length >= text.length) return;
      writeFileSync(file + BROTLI_SUFFIX, packed);
      after += packed.length;
      written++;
    }),
  );
  if (cacheDir) for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name), { force: true });
  return { files: files.length, written, reused, before, after };
}
