/**
 * A Vite plugin that swaps Vite's dynamic-import helper (`\0vite/preload-helper.js`, 1.7 KB in the first script of
 * every page) for `src/client/preload.ts`: the same links for a lazy chunk's imports, without the parts this site
 * never uses (waiting for CSS before running a chunk, the `vite:preloadError` event, CSP nonces, relative bases).
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The id Vite gives its helper (vite/dist/node/chunks/node.js, `preloadHelperId`). */
export const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';

/** The module that takes its place. */
export const PRELOAD_MODULE = resolve('src/client/preload.ts');

/** The plugin (`vite.plugins` in astro.config.mjs); builds only: the dev server keeps Vite's helper. */
export function preloadHelper(): Plugin {
  return {
    name: 'rules:preload-helper',
    enforce: 'pre',
    apply: 'build',
    resolveId: (id) => (id === VITE_PRELOAD_HELPER || id === 'vite/preload-helper.js' ? VITE_PRELOAD_HELPER : undefined),
    load: (id) => (id === VITE_PRELOAD_HELPER ? `export { preload as __vitePreload } from ${JSON.stringify(PRELOAD_MODULE)};` : undefined),
  };
}
