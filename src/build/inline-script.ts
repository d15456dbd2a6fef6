/**
 * Bundles a browser module into a small IIFE string at build time, for scripts that must run inline and
 * synchronously in <head> (Astro's own <script> bundling is deferred).
 */
import { build } from 'esbuild';
import { join } from 'node:path';

const cache = new Map<string, Promise<string>>();

/** The minified IIFE source of `src/client/<name>.ts`, exposing its exports as `globalName`. */
export function inlineScript(name: string, globalName: string): Promise<string> {
  const key = `${name}:${globalName}`;
  if (!cache.has(key))
    cache.set(
      key,
      build({
        entryPoints: [join(process.cwd(), 'src', 'client', `${name}.ts`)],
        bundle: true,
        minify: true,
        format: 'iife',
        globalName,
        write: false,
        target: 'es2020',
      }).then((r) => r.outputFiles[0]!.text.trim()),
    );
  return cache.get(key)!;
}
