import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

test('home lists the four games; a game lists its sections; entries open; Back and Forward work', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  for (const title of ['Now or Never', 'Vindication', 'Forge War', 'Pencilvillage'])
    await expect(page.locator('.game-card-title', { hasText: title })).toBeVisible();
  await page.locator('.game-card', { hasText: 'Now or Never' }).click();
  await expect(page).toHaveURL('/now-or-never/');
  const overview = page.locator('details#overview');
  await expect(overview.locator('summary')).toBeVisible();
  await expect(overview.locator('a[href="/now-or-never/pass/"]')).toBeHidden();
  await overview.locator('summary').click();
  await overview.locator('a[href="/now-or-never/pass/"]').click();
  await expect(page).toHaveURL('/now-or-never/pass/');
  await expect(page.locator('h1')).toHaveText('Pass');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/now-or-never/');
  await page.goForward({ waitUntil: 'commit' });
  await expect(page.locator('h1')).toHaveText('Pass');
  expect(errors()).toEqual([]);
});

test('the A-Z index lists terms that lead to their entries', async ({ page }) => {
  await page.goto('/now-or-never/terms/');
  expect(await page.locator('[data-term]').count()).toBeGreaterThan(300);
  await page
    .locator('[data-term] a', { hasText: /^Pass$/ })
    .first()
    .click();
  await expect(page).toHaveURL('/now-or-never/pass/');
});

test('the install manifest has name, icons (incl. maskable 192/512), theme colour, standalone and shortcuts', async ({ request }) => {
  const m = await (await request.get('/manifest.webmanifest')).json();
  expect(m.name).toBeTruthy();
  expect(m.display).toBe('standalone');
  expect(m.theme_color).toMatch(/^#/);
  for (const size of ['192x192', '512x512'])
    expect(m.icons.some((i: { sizes: string; purpose: string }) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
  expect(m.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/now-or-never/', '/vindication/', '/forge-war/', '/pencilvillage/']);
  for (const icon of m.icons) expect((await request.get(icon.src)).ok()).toBe(true);
});

test('recently viewed entries appear on the home page; the theme toggle persists', async ({ page }) => {
  await page.goto('/vindication/honor/');
  await page.goto('/');
  await expect(page.locator('#recent-list a[href="/vindication/honor/"]')).toBeVisible();
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.locator('#theme-toggle').click();
  await page.reload();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
});
