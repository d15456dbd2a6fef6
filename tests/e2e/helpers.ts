import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import type jsQR from 'jsqr';

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
 * The built pages of the site in `dist` by kind (`<body data-kind>`: home, game, entry, terms, options, setup,
 * search...), then by game.
 */
function pagesByKind(dist = 'dist'): Map<string, Map<string, string[]>> {
  const kinds = new Map<string, Map<string, string[]>>();
  for (const url of allPageUrls(dist).sort()) {
    const html = readFileSync(join(dist, url, 'index.html'), 'utf8');
    const kind = /<body[^>]*\bdata-kind="([^"]*)"/.exec(html)?.[1] ?? 'unknown';
    const games = kinds.get(kind) ?? new Map<string, string[]>();
    const game = url.split('/')[1]!;
    games.set(game, [...(games.get(game) ?? []), url]);
    kinds.set(kind, games);
  }
  return kinds;
}

/**
 * A sample of the built pages with every page type of every game: for each kind of page and game, the first and last
 * page in URL order.
 */
export function samplePages(perKind = 2): string[] {
  return [...pagesByKind().values()].flatMap((games) =>
    [...games.values()].flatMap((urls) => [...new Set([urls[0]!, urls.at(-1)!])].slice(0, perKind)),
  );
}

/**
 * One page of each kind, the games taken in turn (the first page of the next game that has that kind), so that every
 * page type and every game is in it: for checks of code that runs the same on every game's page of a kind.
 */
export function onePagePerKind(dist = 'dist'): string[] {
  let turn = 0;
  return [...pagesByKind(dist).values()].map((games) => {
    const all = [...games.values()];
    return all[turn++ % all.length]![0]!;
  });
}

/** Waits until the page is controlled by an active service worker (which has precached the site). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/**
 * Holds back the responses to requests matching `pattern` (a page's own script, say) until the returned function is
 * called: a slow phone, on which the reader taps before the script has run. Releasing waits for the request if it
 * has not come yet, and fails when none comes (a renamed file would otherwise let a test pass without holding
 * anything back).
 */
export async function holdBack(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  let open!: () => void;
  const released = new Promise<void>((r) => (open = r));
  let requested!: () => void;
  const held = new Promise<void>((r) => (requested = r));
  await page.route(pattern, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const none = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`holdBack: no request matched ${pattern}`)), 10_000);
    });
    try {
      await Promise.race([held, none]);
    } finally {
      clearTimeout(timer);
    }
    open();
  };
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

/**
 * Draws an `svg` (its markup) `size` pixels wide on a canvas in a blank page and reads the QR code in it with jsQR
 * (loaded into that page from node_modules): what a phone's camera would read from the screen.
 */
export async function decodeQr(browser: Browser, svg: string, size = 480): Promise<string | undefined> {
  const page = await (await browser.newContext()).newPage();
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js') });
  const found = await page.evaluate(
    async ([markup, px]) => {
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup.replace('<svg', `<svg width="${px}" height="${px}"`))}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = px;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, px, px);
      ctx.drawImage(img, 0, 0, px, px);
      const decode = (window as unknown as { jsQR: typeof jsQR }).jsQR;
      return decode(ctx.getImageData(0, 0, px, px).data, px, px)?.data;
    },
    [svg, size] as const,
  );
  await page.context().close();
  return found;
}
