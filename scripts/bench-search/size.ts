/** Sizes as a reader downloads them: gzip (level 9), and the whole built site's. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes after gzip. */
export const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

/** Every file under a folder. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The site's size: every file the service worker precaches (all of `dist` but sw.js), gzip. */
export const siteGzip = (dist: string) =>
  walk(dist)
    .filter((f) => /\.(html|js|css|json|png|svg|webmanifest|txt)$/.test(f) && !f.endsWith('sw.js'))
    .reduce((n, f) => n + gz(readFileSync(f)), 0);
