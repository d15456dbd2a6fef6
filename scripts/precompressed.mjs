// Pre-compressed copies of the built site's text files: `npm run build` writes `<file>.br` (Brotli at its best
// quality, 11) beside each text file where that is smaller, and scripts/serve.mjs sends the copy to a browser that
// accepts Brotli, as a static host with pre-compressed files does (nginx `brotli_static`, Caddy `precompressed`).
// Quality 11 is too slow to run per request; a server compressing on the fly uses about 4, which leaves the search
// indexes 18% and the large pages 15-20% bigger. The copies are not pages: the service worker never lists them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Writes `<file>.br` for every compressible file of `dir` of at least MIN_BYTES whose Brotli copy is smaller.
 * Runs on libuv's thread pool, so the build's cores share the work. Returns the byte counts.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => statSync(f).size >= MIN_BYTES);
  let before = 0;
  let after = 0;
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const text = readFileSync(file);
      const packed = await compress(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
      });
      before += text.length;
      if (packed.length >= text.length) return;
      writeFileSync(file + BROTLI_SUFFIX, packed);
      after += packed.length;
      written++;
    }),
  );
  return { files: files.length, written, before, after };
}
