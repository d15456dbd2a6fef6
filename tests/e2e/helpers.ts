import { readdirSync, statSync } from 'node:fs';
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

/** Collects console errors and page errors; call the returned function to read them. */
export function watchErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => errors;
}

/** The visible text of the main column. */
export const mainText = (page: Page) => page.locator('main').innerText();
