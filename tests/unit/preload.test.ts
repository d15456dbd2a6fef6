// @vitest-environment happy-dom
/**
 * The dynamic-import helper that replaces Vite's: it links a lazy chunk's imports once each, then runs the import;
 * and the plugin that swaps it in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { preload } from '../../src/client/preload';
import { PRELOAD_MODULE, VITE_PRELOAD_HELPER, preloadHelper } from '../../src/integrations/preload-helper';

const links = () => Array.from(document.head.querySelectorAll('link')).map((l) => `${l.rel} ${l.getAttribute('href')}`);

afterEach(() => document.head.replaceChildren());

describe('preload', () => {
  it('runs the import and gives back what it gives', async () => {
    await expect(preload(() => Promise.resolve({ drawQr: 1 }), [])).resolves.toEqual({ drawQr: 1 });
    await expect(preload(() => Promise.resolve('no deps'))).resolves.toBe('no deps');
    expect(links()).toEqual([]);
  });

  it("links each JavaScript import for module preload and each CSS import as a stylesheet, from the site's root", async () => {
    await preload(() => Promise.resolve(), ['_astro/search-ui.js', '_astro/play-along.js', '_astro/play.css']);
    expect(links()).toEqual(['modulepreload /_astro/search-ui.js', 'modulepreload /_astro/play-along.js', 'stylesheet /_astro/play.css']);
  });

  it('links a chunk once, however often it is imported', async () => {
    await preload(() => Promise.resolve(), ['_astro/a.js']);
    await preload(() => Promise.resolve(), ['_astro/a.js', '_astro/b.js']);
    expect(links()).toEqual(['modulepreload /_astro/a.js', 'modulepreload /_astro/b.js']);
  });

  it('passes on a failed import', async () => {
    await expect(preload(() => Promise.reject(new Error('offline')), ['_astro/a.js'])).rejects.toThrow('offline');
  });
});

describe('preloadHelper plugin', () => {
  const plugin = preloadHelper();
  const call = (hook: unknown, ...args: unknown[]) => (hook as (...a: unknown[]) => unknown)(...args);

  it("answers for Vite's helper id only", () => {
    expect(call(plugin.resolveId, VITE_PRELOAD_HELPER)).toBe(VITE_PRELOAD_HELPER);
    expect(call(plugin.resolveId, './preload')).toBeUndefined();
    expect(call(plugin.load, 'src/client/main.ts')).toBeUndefined();
  });

  it("loads a module that re-exports src/client/preload.ts under Vite's name, before Vite does, in builds", () => {
    expect(call(plugin.load, VITE_PRELOAD_HELPER)).toBe(`export { preload as __vitePreload } from ${JSON.stringify(PRELOAD_MODULE)};`);
    expect(PRELOAD_MODULE).toMatch(/src\/client\/preload\.ts$/);
    expect(plugin.enforce).toBe('pre');
    expect(plugin.apply).toBe('build');
  });
});
