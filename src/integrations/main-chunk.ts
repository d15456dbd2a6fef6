/**
 * The page script every page runs (`src/client/main.ts`, started by the layout) as one file. Left to itself, rolldown
 * splits what that script imports into a chunk per module that another page's script also imports (storage, share,
 * the toast...), and a rule page then fetched 8 small files, each with its own headers. `mainChunkGroup` puts every
 * module `main.ts` reaches through static imports, the script's own entry module and Vite's dynamic-import helper
 * into one chunk, `main` (the helper is `src/client/preload.ts`: `src/integrations/preload-helper.ts`). Modules only other pages use, and those `main.ts` loads on first use (`import()`: the
 * search UI, QR codes, the ruling form), keep their own chunks.
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import { PRELOAD_MODULE, VITE_PRELOAD_HELPER } from './preload-helper';

/** The main page script's source file. */
export const MAIN_SCRIPT = resolve('src/client/main.ts');

/**
 * The absolute paths of the files `entry` reaches through static `import` statements (itself included), following
 * none of its `import()` calls.
 */
export function staticImports(entry: string): Set<string> {
  const { metafile } = buildSync({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', logLevel: 'silent' });
  const reached = new Set<string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(metafile.inputs).find((path) => resolve(path) === entry)!);
  return new Set([...reached].map((path) => resolve(path)));
}

/**
 * A rolldown `codeSplitting` group that gathers the main page script into one chunk: `test` says whether a module
 * id (a file path, perhaps with a `?query`) belongs to it.
 */
export function mainChunkGroup(entry = MAIN_SCRIPT): { name: string; test: (id: string) => boolean } {
  const modules = staticImports(entry);
  return {
    name: 'main',
    test: (id) =>
      modules.has(id.split('?')[0]!) ||
      id === VITE_PRELOAD_HELPER ||
      id === PRELOAD_MODULE ||
      /\/src\/layouts\/Base\.astro\?astro&type=script/.test(id),
  };
}
