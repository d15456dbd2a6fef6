import { expect, test } from '@playwright/test';
import { mainText, watchErrors } from './helpers';

test('home lists the four games; a game lists its sections; entries open; Back and Forward work', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  for (const title of ['Now or Never', 'Vindication', 'Forge War', 'Pencilvillage'])
    await expect(page.locator('.game-card-title', { hasText: title })).toBeVisible();
  await page.getByRole('link', { name: /Now or Never/ }).first().click();
  await expect(page).toHaveURL('/now-or-never/');
  await expect(page.locator('main h2', { hasText: 'Setup' })).toBeVisible();
  await page.locator('.entry-list a[href="/now-or-never/pass/"]').first().click();
  await expect(page).toHaveURL('/now-or-never/pass/');
  await expect(page.locator('h1')).toHaveText('Pass');
  await page.goBack();
  await expect(page).toHaveURL('/now-or-never/');
  await page.goForward();
  await expect(page.locator('h1')).toHaveText('Pass');
  expect(errors()).toEqual([]);
});

test('options page changes every entry, without a flash, and persists', async ({ page }) => {
  await page.goto('/now-or-never/pass/');
  await expect(page.locator('.prose [data-w-solo="1"]')).toBeHidden();
  await expect(page.locator('.prose [data-w-solo="0"]').first()).toBeVisible();
  await page.goto('/now-or-never/options/');
  await page.getByLabel('Solo play (bot)', { exact: true }).check();
  await expect(page.locator('#options-status')).toContainText('Solo play (bot)');
  await page.goto('/now-or-never/pass/');
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
  await expect(page.locator('.prose [data-w-solo="0"]').first()).toBeHidden();
  // The options CSS is in place before the body is parsed: no wrong variant on first paint.
  const css = await page.locator('#when-css').textContent();
  expect(css).toContain('[data-w-solo]:not([data-w-solo~="1"])');
  await page.reload();
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
});

test('a link with options shows that variant with a note, and one tap adopts it or goes back', async ({ page }) => {
  await page.goto('/now-or-never/setup-enemies/?solo=1&seasons=5');
  await expect(page.locator('#setup-note')).toBeVisible();
  await expect(page.locator('#setup-note')).toContainText('Solo play (bot)');
  await expect(page.locator('.prose [data-w-players="1"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Show my own' }).click();
  await expect(page.locator('#setup-note')).toBeHidden();
  await expect(page.locator('.prose [data-w-players="1"]').first()).toBeHidden();
  await page.goto('/now-or-never/setup-enemies/?players=3');
  await expect(page.locator('main')).toContainText('3 tokens');
  await page.getByRole('button', { name: 'Use this setup' }).click();
  await page.goto('/now-or-never/setup-enemies/');
  await expect(page.locator('.prose [data-w-players="3"]').first()).toBeVisible();
  // The setup bar names the shown setup from the first paint (CSS, no script), so the text never jumps.
  const shown = await page.locator('#setup-bar .setup-tag:visible').allTextContents();
  expect(shown).toEqual(['No solo play (bot)', '3 players', 'No underground map']);
});

test('a corrupt saved setting and unknown URL values are ignored', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/now-or-never/');
  await page.evaluate(() => localStorage.setItem('rules:options:now-or-never', '{"solo": "banana", "seasons": 99'));
  await page.goto('/now-or-never/pass/?seasons=7&solo=maybe&x=<b>');
  await expect(page.locator('.prose [data-w-solo="0"]').first()).toBeVisible();
  await expect(page.locator('#setup-note')).toBeHidden();
  expect(errors()).toEqual([]);
});

test('share puts the current options in the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/now-or-never/setup-enemies/?solo=1');
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByRole('button', { name: /Share/ }).click();
  await expect(page.locator('#toast')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/now-or-never\/setup-enemies\/\?.*solo=1/);
  expect(await page.locator('#entry-title-link').getAttribute('href')).toContain('solo=1');
});

test('the A-Z index lists terms that lead to their entries', async ({ page }) => {
  await page.goto('/now-or-never/terms/');
  expect(await page.locator('[data-term]').count()).toBeGreaterThan(300);
  await page.locator('[data-term] a', { hasText: /^Pass$/ }).first().click();
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

test('options that need another option are disabled on the options page (Forge War bonus tiles)', async ({ page }) => {
  await page.goto('/forge-war/options/');
  await expect(page.locator('fieldset[data-option="bonus-tiles"] input')).toBeDisabled();
  await page.getByLabel('Epic game (3 stages)').check();
  await expect(page.locator('fieldset[data-option="bonus-tiles"] input')).toBeEnabled();
  expect(await mainText(page)).toContain('Bonus tiles');
});
