// The last step of `npm run build`: a Brotli copy and a gzip copy beside each text file of dist/ (see
// scripts/precompressed.mjs). Copies of contents an earlier build compressed come from the cache
// (node_modules/.cache/precompress; delete it to compress everything again), one cache folder per output folder
// (fixture builds keep theirs apart) and coding.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_DIR, precompressDir } from './precompressed.mjs';

const dist = resolve(process.env.RULES_OUT_DIR ?? 'dist');
const cacheDir = join(resolve(DEFAULT_CACHE_DIR), createHash('sha256').update(dist).digest('hex').slice(0, 12));
const started = Date.now();
const [br, gz] = await Promise.all([
  precompressDir(dist, { cacheDir }),
  precompressDir(dist, { cacheDir: `${cacheDir}-gzip`, encoding: 'gzip' }),
]);
const mib = (n) => (n / 1048576).toFixed(1);
console.log(
  `precompress: ${br.written} Brotli copies (${br.reused} from the cache), ${gz.written} gzip copies (${gz.reused} from the cache), ` +
    `${mib(br.before)} MiB of text, ${mib(br.after)} MiB as Brotli, ${mib(gz.after)} MiB as gzip, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
