// The last step of `npm run build`: a Brotli copy beside each text file of dist/ (see scripts/precompressed.mjs).
// Copies of contents an earlier build compressed come from the cache (node_modules/.cache/precompress; delete it
// to compress everything again), one cache folder per output folder (fixture builds keep theirs apart).
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_DIR, precompressDir } from './precompressed.mjs';

const dist = resolve(process.env.RULES_OUT_DIR ?? 'dist');
const cacheDir = join(resolve(DEFAULT_CACHE_DIR), createHash('sha256').update(dist).digest('hex').slice(0, 12));
const started = Date.now();
const { written, reused, before, after } = await precompressDir(dist, { cacheDir });
const mib = (n) => (n / 1048576).toFixed(1);
console.log(
  `precompress: ${written} Brotli copies (${reused} from the cache), ${mib(before)} MiB of text, ${mib(after)} MiB compressed, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
