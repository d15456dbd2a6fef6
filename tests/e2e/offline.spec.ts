import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { allPageUrls, samplePages, serviceWorkerInControl } from './helpers';

test.describe.configure({ mode: 'serial' });

test('after one visit the service worker holds every page; pages of every type and search work with the network off', async ({ page, context }) => {
  await page.goto('/');
  await serviceWorkerInControl(page);
  // Every page of the build is in the service worker's cache (so any deep link works offline, visited or not).
  const cached = new Set(
    await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      return paths;
    }),
  );
  const pages = allPageUrls();
  expect(pages.length).toBeGreaterThan(600);
  const indexes = readdirSync('dist/search').filter((f) => f.endsWith('.json'));
  const needed = [...pages.map((u) => `${u}index.html`), '/404.html', '/manifest.webmanifest', ...indexes.map((f) => `/search/${f}`)];
  expect(needed.filter((path) => !cached.has(path))).toEqual([]);

  // With the network cut, pages of every type (never visited) open from that cache.
  await context.setOffline(true);
  const sample = samplePages();
  expect(sample.length).toBeGreaterThan(15);
  const failed: string[] = [];
  for (const url of sample) {
    const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
    if (!res?.ok() || !res.fromServiceWorker() || !(await page.locator('main h1').count())) failed.push(url);
  }
  expect(failed).toEqual([]);
  // A deep link with options, never visited, offline.
  await page.goto('/pencilvillage/quest/?character=erwin-lyme');
  await expect(page.locator('[data-w-character="erwin-lyme"]').first()).toBeVisible();
  // Search offline.
  await page.goto('/search/?q=warp%20stone');
  await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
  // Unknown URL offline: the 404 page.
  await page.goto('/nowhere/at-all/');
  await expect(page.locator('h1')).toContainText('No rule');
  await context.setOffline(false);
});

test('a new deploy shows an update prompt; accepting it reloads onto the new version', async ({ page }) => {
  await page.goto('/');
  await serviceWorkerInControl(page);
  const path = 'dist/sw.js';
  const original = readFileSync(path, 'utf8');
  try {
    writeFileSync(path, `${original}\n// deploy ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.locator('#update-prompt')).toBeVisible({ timeout: 60_000 });
    await page.locator('#update-reload').click();
    await page.waitForEvent('load');
    await expect(page.locator('#update-prompt')).toBeHidden();
  } finally {
    writeFileSync(path, original);
  }
});
