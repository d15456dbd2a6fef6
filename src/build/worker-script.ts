/**
 * The search worker (`src/client/search-worker.ts` and the engine it runs) bundled into one classic script served
 * as `/scripts/search-worker-<hash>.js`. Its URL is known when pages are built, so the search page starts the
 * worker from <head>, while the page's own scripts and the first index are still loading, instead of after them.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

let script: Promise<{ path: string; code: string }> | undefined;

/** The worker's URL path and code (built once per build). */
export function searchWorkerScript(): Promise<{ path: string; code: string }> {
  script ??= build({
    entryPoints: [join(process.cwd(), 'src', 'client', 'search-worker.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    target: 'es2020',
    legalComments: 'none',
  }).then((r) => {
    const code = `${r.outputFiles[0]!.text.trim()}\n`;
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
    return { path: `/scripts/search-worker-${hash}.js`, code };
  });
  return script;
}
