import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { allPageUrls } from './helpers';

test.describe.configure({ mode: 'serial' });

test('after one visit, every page (never visited) and search work with the network off', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    return reg.active?.state;
  });
  await context.setOffline(true);
  const urls = allPageUrls();
  expect(urls.length).toBeGreaterThan(600);
  const failed: string[] = [];
  for (const url of urls) {
    const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
    if (!res?.ok() || !(await page.locator('main').count())) failed.push(url);
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
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
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
