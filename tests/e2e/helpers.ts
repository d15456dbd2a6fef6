import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Every page URL of the built site (from dist/**\/index.html). */
export function allPageUrls(dir = 'dist', base = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '_astro' && name !== 'icons') out.push(...allPageUrls(path, `${base}/${name}`));
    } else if (name === 'index.html') out.push(`${base}/`);
  }
  return out;
}

/**
 * A sample of the built pages with every page type of every game: for each kind of page (`<body data-kind>`: home,
 * game, entry, terms, options, setup, search...) and game, the first and last page in URL order.
 */
export function samplePages(perKind = 2): string[] {
  const groups = new Map<string, string[]>();
  for (const url of allPageUrls().sort()) {
    const html = readFileSync(join('dist', url, 'index.html'), 'utf8');
    const kind = /<body[^>]*\bdata-kind="([^"]*)"/.exec(html)?.[1] ?? 'unknown';
    const key = `${kind} ${url.split('/')[1]}`;
    groups.set(key, [...(groups.get(key) ?? []), url]);
  }
  return [...groups.values()].flatMap((urls) => [...new Set([urls[0]!, urls.at(-1)!])].slice(0, perKind));
}

/** Waits until the page is controlled by an active service worker (which has precached the site). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/** Collects console errors and page errors; call the returned function to read them. */
export function watchErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => errors;
}
