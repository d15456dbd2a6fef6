/**
 * Robust to any text: URLs whose query, option values, game id or fragment are words of Object.prototype
 * ("constructor", "__proto__", "toString", "hasOwnProperty") or malformed escapes open with no page error and show
 * sensible results.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

const WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
const results = '#search-results a[data-result]';

test('search for prototype words: results or "No rule matches", never "Search failed"', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  for (const word of WORDS)
    for (const url of [`/search/?q=${word}`, `/search/?q=${word}&game=now-or-never`, `/search/?q=pass&game=${word}`]) {
      await page.goto(url);
      // Settled: results listed, or the status says none matched (a failure would say "Search failed").
      await expect(
        page.locator(`${results}, #search-status:has-text("No rule matches"), #search-status:has-text("Search failed")`).first(),
      ).toBeVisible();
      expect(await page.locator('#search-status').innerText(), url).not.toContain('Search failed');
    }
  // Beside real words, the real words still find their rule.
  await page.goto('/search/?q=constructor%20warp%20stone&game=now-or-never');
  await expect(page.locator(results).first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
  // The header box, typed.
  await page.goto('/now-or-never/');
  await page.locator('#search-open').click();
  await page.keyboard.type('toString pass');
  await expect(page.locator('#search-popup a[data-result]').first()).toBeVisible();
  expect(errors()).toEqual([]);
});

test('pages with prototype words or malformed escapes in the fragment, the options and the path', async ({ page }) => {
  const errors = watchErrors(page);
  for (const hash of ['%E0%A4%A', ...WORDS]) {
    await page.goto(`/now-or-never/#${hash}`);
    await expect(page.locator('h1')).toHaveText('Now or Never');
  }
  await page.goto('/now-or-never/pass/?solo=constructor&seasons=toString&__proto__=1&hasOwnProperty=1');
  await expect(page.locator('h1')).toHaveText('Pass');
  await expect(page.locator('#setup-note')).toBeHidden();
  await page.goto('/now-or-never/options/?constructor=1&solo=__proto__');
  await expect(page.getByLabel('Solo play (bot)', { exact: true })).not.toBeChecked();
  await page.goto('/now-or-never/constructor/');
  await expect(page.locator('h1')).toContainText('No rule');
  expect(errors().filter((e) => !e.includes('404'))).toEqual([]);
});
