/**
 * At the table, on a phone: nothing scrolls sideways, the header stays small, anchors clear it, moving around is
 * one tap (sections, previous/next, back from options, recent first, pins), and the comfort controls work.
 */
import { expect, test } from '@playwright/test';

const pageTypes = {
  home: '/',
  game: '/vindication/',
  rule: '/forge-war/mine-setup/?players=4',
  'rule, shared': '/pencilvillage/build-action/?character=jennifer-lightfoot&mods=alien,tire',
  terms: '/forge-war/terms/',
  options: '/pencilvillage/options/',
  'my setup': '/pencilvillage/my-setup/?character=erwin-lyme&mods=alien',
  search: '/search/?q=coins',
  '404': '/no/such/page/',
  'play along': '/forge-war/play/?mode=epic&bonus-tiles=1',
};

test('no page type scrolls sideways from 320 to 430 px', async ({ page }) => {
  const wide: string[] = [];
  for (const [kind, url] of Object.entries(pageTypes)) {
    // One load per page, opened at the narrowest width, then widened: the layout is CSS (media queries and flexible
    // boxes), which the browser applies again at each size, as when a phone turns or a window is resized.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(url);
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 800 });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) wide.push(`${kind} at ${width}: ${scroll}px`);
    }
  }
  expect(wide).toEqual([]);
});

test('what stays on top while reading is at most 64 px at 360 px, and search is one tap away', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/now-or-never/setup-enemies/');
  await page.mouse.wheel(0, 1500);
  const sticky = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter(
        (el) =>
          ['sticky', 'fixed'].includes(getComputedStyle(el).position) &&
          el.getBoundingClientRect().height > 0 &&
          el.getBoundingClientRect().top < 100 &&
          getComputedStyle(el).display !== 'none',
      )
      .map((el) => el.getBoundingClientRect().height)
      .reduce((a, b) => Math.max(a, b), 0),
  );
  expect(sticky).toBeLessThanOrEqual(64);
  await expect(page.locator('#q')).toBeHidden();
  await page.getByRole('button', { name: 'Search Now or Never rules' }).click();
  await expect(page.locator('#q')).toBeVisible();
  await expect(page.locator('#q')).toBeFocused();
});

test('a section link opens its section with the heading clear of the header', async ({ page }) => {
  await page.goto('/now-or-never/#combat');
  const combat = page.locator('details#combat');
  await expect(combat).toHaveAttribute('open', '');
  const top = await combat.locator('summary').evaluate((el) => el.getBoundingClientRect().top);
  const header = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(header);
  // The breadcrumb of a rule leads to its section the same way.
  await page.goto('/now-or-never/retreat/');
  await page.locator('.breadcrumb a').nth(1).click();
  await expect(page).toHaveURL(/\/now-or-never\/#combat$/);
  await expect(page.locator('details#combat')).toHaveAttribute('open', '');
});

test('the game page filters its rules in place', async ({ page }) => {
  await page.goto('/now-or-never/');
  await page.locator('#toc-filter').fill('retreat');
  await expect(page.locator('.toc a[href="/now-or-never/retreat/"]')).toBeVisible();
  await expect(page.locator('.toc a[href="/now-or-never/pass/"]')).toBeHidden();
  await expect(page.locator('#toc-status')).toContainText('match');
  await page.locator('#toc-filter').fill('');
  await expect(page.locator('.toc a[href="/now-or-never/retreat/"]')).toBeHidden();
});

test('rule pages link the previous and next rule of their section', async ({ page }) => {
  await page.goto('/now-or-never/setup-enemies/');
  const next = page.locator('a[rel=next]');
  const prev = page.locator('a[rel=prev]');
  await expect(next).toBeVisible();
  await expect(prev).toBeVisible();
  const title = (await next.locator('.pn-title').innerText()).trim();
  await next.click();
  await expect(page.locator('h1')).toHaveText(title);
  await page.locator('a[rel=prev]').click();
  await expect(page).toHaveURL('/now-or-never/setup-enemies/');
});

test('the options page goes back to the rule you came from', async ({ page }) => {
  await page.goto('/now-or-never/setup-enemies/');
  const title = (await page.locator('h1').innerText()).trim();
  await page.locator('#setup-bar a', { hasText: 'Change' }).click();
  await expect(page).toHaveURL('/now-or-never/options/');
  const back = page.locator('#options-back');
  await expect(back).toHaveText(`Back to ${title}`);
  await back.click();
  await expect(page).toHaveURL('/now-or-never/setup-enemies/');
});

test('home lists recently viewed rules first; a pinned rule shows on its game page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#recent')).toBeHidden();
  await page.goto('/vindication/honor/');
  await page.locator('[data-pin]').click();
  await expect(page.locator('[data-pin]')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/');
  const recent = page.locator('#recent-list a[href="/vindication/honor/"]');
  await expect(recent).toBeVisible();
  const [r, g] = await Promise.all([recent.boundingBox(), page.locator('.game-cards').boundingBox()]);
  expect(r!.y).toBeLessThan(g!.y);
  await page.goto('/vindication/');
  await expect(page.locator('[data-pinned] a[href="/vindication/honor/"]')).toBeVisible();
  await page.goto('/vindication/honor/');
  await page.locator('[data-pin]').click();
  await page.goto('/vindication/');
  await expect(page.locator('[data-pinned]')).toBeHidden();
});

test('keep-screen-on holds a wake lock, and is hidden where the API is missing', async ({ page, browser }) => {
  await page.goto('/now-or-never/pass/');
  const button = page.locator('[data-wake-lock]');
  await expect(button).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await ctx.addInitScript(() => delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock);
  const other = await ctx.newPage();
  await other.goto('/now-or-never/pass/');
  await expect(other.locator('[data-wake-lock]')).toBeHidden();
  await ctx.close();
});

test('text size and theme are kept; the dark header is dark', async ({ page }) => {
  await page.goto('/now-or-never/pass/');
  const size = () =>
    page
      .locator('.prose p')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const before = await size();
  await page.locator('#text-size').selectOption('larger');
  expect(await size()).toBeGreaterThan(before * 1.2);
  await page.reload();
  expect(await size()).toBeGreaterThan(before * 1.2);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  const bg = await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(120);
});
