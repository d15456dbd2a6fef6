// The last step of `npm run build`: a Brotli copy beside each text file of dist/ (see scripts/precompressed.mjs).
import { resolve } from 'node:path';
import { precompressDir } from './precompressed.mjs';

const dist = resolve(process.env.RULES_OUT_DIR ?? 'dist');
const started = Date.now();
const { written, before, after } = await precompressDir(dist);
console.log(
  `precompress: ${written} Brotli copies, ${(before / 1048576).toFixed(1)} MiB of text, ${(after / 1048576).toFixed(1)} MiB compressed, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
