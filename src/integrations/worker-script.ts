/**
 * The search worker (`src/client/search-worker.ts` and the engine it runs) bundled into one classic script served
 * as `/scripts/search-worker-<hash>.js`: a classic worker (no module workers needed), cached a year under its
 * hashed name. The layout gives its URL to the page's scripts (`data-search-worker`). Measured: starting it from the
 * search page's <head> made Lighthouse's LCP worse (1.8-3.1 s against 1.8 s), so it starts on first use.
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
