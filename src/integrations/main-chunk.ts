/**
 * The page script every page runs (`src/client/main.ts`, started by the layout) as one file. Left to itself, rolldown
 * splits what that script imports into a chunk per module that another page's script also imports (storage, share,
 * the toast...), and a rule page then fetched 8 small files, each with its own headers. `mainChunkGroup` puts every
 * module whose code `main.ts` runs (reached through static imports) and the layout's script module into one chunk,
 * `main` (rolldown adds Vite's dynamic-import helper, which it uses). Modules only other pages use, those `main.ts` loads when a page needs them
 * (`import()`: the search UI, QR codes, the table's rulings on unclear notes), and those it reaches only for a type or a constant that bundling inlines, keep their own
 * chunks: a module in the group brings all of its code that any page uses, so one reached for a constant (the row
 * marks' class name, from the module of the rule transform's tables, which imports the option module) would bring
 * the option logic that only other pages run into every page's first load.
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';

/** The main page script's source file. */
export const MAIN_SCRIPT = resolve('src/client/main.ts');

/** The layout whose `<script>` starts the main page script on every page. */
export const LAYOUT = resolve('src/layouts/Base.astro');

/**
 * The absolute paths of the files whose code stays in `entry` bundled on its own, tree-shaken (itself included):
 * the modules it reaches through static `import` statements and runs, none of those its `import()` calls load, none
 * that give it only types or constants that bundling inlines.
 */
export function staticImports(entry: string): Set<string> {
  const { metafile } = buildSync({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    minify: true,
    outdir: 'main-chunk', // nothing is written: only the metafile is read
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'silent',
  });
  // The entry's file and the shared files it imports statically (modules that its `import()` chunks use too).
  const files: string[] = [
    Object.keys(metafile.outputs).find((f) => metafile.outputs[f]!.entryPoint && resolve(metafile.outputs[f]!.entryPoint!) === entry)!,
  ];
  for (const file of files)
    for (const imported of metafile.outputs[file]!.imports)
      if (imported.kind === 'import-statement' && !files.includes(imported.path)) files.push(imported.path);
  return new Set(
    files.flatMap((file) =>
      Object.entries(metafile.outputs[file]!.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => resolve(path)),
    ),
  );
}

/**
 * A rolldown `codeSplitting` group that gathers the main page script into one chunk: `test` says whether a module
 * id (a file path, perhaps with a `?query`) belongs to it.
 */
export function mainChunkGroup(entry = MAIN_SCRIPT): { name: string; test: (id: string) => boolean } {
  const modules = staticImports(entry);
  return {
    name: 'main',
    // A module id is a file path, perhaps with a query (a component's script is its file with one): only the path is
    // read, whatever the query says. The bundler's own modules are left to it: it puts its dynamic-import helper in
    // this chunk, the one that uses it. Style modules (ids ending in `.css`, as bundlers name them so that plugins know them by extension) stay out:
    // each page keeps only the stylesheets it imports (a rule page never loads the game pages' styles).
    test: (id) => !id.endsWith('.css') && (modules.has(id.split('?')[0]!) || id.split('?')[0] === LAYOUT),
  };
}
