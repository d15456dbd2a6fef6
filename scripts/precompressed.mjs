// Pre-compressed copies of the built site's text files: `npm run build` writes `<file>.br` (Brotli at its best
// quality, 11) and `<file>.gz` (gzip at zlib's best level, 9) beside each text file where that is smaller, and
// scripts/serve.mjs sends the Brotli copy to a browser that accepts Brotli and the gzip copy to one that accepts only
// gzip, as a static host with pre-compressed files does (nginx `brotli_static` / `gzip_static`, Caddy `precompressed`).
// Quality 11 is too slow to run per request; a server compressing on the fly uses about 4, which leaves the search
// indexes 18% and the large pages 15-20% bigger. Gzip per request costs the server a compression per response (a
// gzip-only client got a seventh of the requests per second a Brotli one got). The copies are not pages: the service
// worker never lists them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** File names worth compressing: text formats the site serves. */
export const COMPRESSIBLE = /\.(html|js|css|json|svg|webmanifest|txt|xml)$/;

/** The suffixes of the pre-compressed copies. */
export const BROTLI_SUFFIX = '.br';
export const GZIP_SUFFIX = '.gz';

/** Files under this many bytes are sent as they are (a copy would save less than a packet). */
export const MIN_BYTES = 1024;

/**
 * Whether a request's Accept-Encoding header accepts a content coding: the coding listed with no `q=0`, or, when it
 * is not listed, `*` listed with no `q=0`.
 * @param {string | undefined} header
 * @param {string} coding
 */
export function acceptsEncoding(header, coding) {
  if (!header) return false;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) : 1);
  }
  const weight = q.get(coding) ?? q.get('*') ?? 0;
  return weight > 0;
}

/** Whether a request's Accept-Encoding header accepts Brotli. @param {string | undefined} header */
export const acceptsBrotli = (header) => acceptsEncoding(header, 'br');

/**
 * The copies the build writes, by content coding (the Content-Encoding name), in the server's order of preference:
 * the suffix of the copy and how it is made.
 * @type {Record<'br' | 'gzip', { suffix: string; compress: (text: Buffer) => Promise<Buffer> }>}
 */
export const ENCODINGS = {
  br: {
    suffix: BROTLI_SUFFIX,
    compress: (text) =>
      promisify(brotliCompress)(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
      }),
  },
  // Level 9 is zlib's best; a larger memLevel or another strategy made the site's pages no smaller (checked).
  gzip: { suffix: GZIP_SUFFIX, compress: (text) => promisify(gzip)(text, { level: 9 }) },
};

/** Where `npm run build` keeps the copies of earlier builds, by content hash (see precompressDir). */
export const DEFAULT_CACHE_DIR = 'node_modules/.cache/precompress';

/** Suffix of a cache entry recording that the coding does not make a content smaller (no copy is written for it). */
const NO_GAIN = '.none';

/**
 * Writes `<file>.br` (or, with `encoding: 'gzip'`, `<file>.gz`) for every compressible file of `dir` of at least
 * MIN_BYTES whose copy is smaller. Runs on libuv's thread pool, so the build's cores share the work. Returns the byte
 * counts and how many copies came from the cache.
 *
 * With `cacheDir`, a content compressed by an earlier run is not compressed again: each result is kept there under
 * the SHA-256 of the content (`<hash>.br` or `<hash>.gz`, or `<hash>.none` when the copy would not be smaller), and
 * entries this run did not use are deleted, so the cache holds one site's worth. An unchanged rebuild writes every
 * copy from it. Each coding needs a cache folder of its own.
 * @param {string} dir
 * @param {{ cacheDir?: string; encoding?: keyof typeof ENCODINGS }} [options]
 */
export async function precompressDir(dir, { cacheDir, encoding = 'br' } = {}) {
  const { suffix, compress } = ENCODINGS[encoding];
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
        if (existsSync(join(cacheDir, key + suffix))) {
          packed = readFileSync(join(cacheDir, key + suffix));
          reused++;
        }
      }
      if (!packed) {
        packed = await compress(text);
        const smaller = packed.length < text.length;
        if (key) writeFileSync(join(cacheDir, key + (smaller ? suffix : NO_GAIN)), smaller ? packed : '');
      }
      if (key) used.add(key + (packed.length < text.length ? suffix : NO_GAIN));
      if (packed.length >= text.length) return;
      writeFileSync(file + suffix, packed);
      after += packed.length;
      written++;
    }),
  );
  if (cacheDir) for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name), { force: true });
  return { files: files.length, written, reused, before, after };
}
