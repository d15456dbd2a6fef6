/**
 * What the build calls for every `import()` in page scripts (Vite's `__vitePreload`, swapped in by
 * `src/integrations/preload-helper.ts`): it asks the browser for the chunk's own imports at the same time as the
 * chunk (`<link rel="modulepreload">`, a stylesheet for a CSS import), then runs the import. Vite's own helper does the
 * same in 1.7 KB that every page's first script carried; this one is a few lines. A chunk already linked is not
 * linked again.
 */
export function preload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  for (const dep of deps ?? []) {
    const href = `/${dep}`;
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    const css = dep.endsWith('.css');
    link.rel = css ? 'stylesheet' : 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  return load();
}
