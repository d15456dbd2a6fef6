/**
 * Every URL form of a page opens it from the server, on a first visit (no service worker yet); a malformed address
 * breaks nothing. The same forms under the service worker, online and offline: offline.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';

const isPass = async (page: Page) => expect(page.locator('h1')).toHaveText('Pass');
const isSearch = async (page: Page) => expect(page.locator('#search-page-q')).toBeVisible();
const isSoloPass = async (page: Page) => {
  await isPass(page);
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
};

test.describe('from the server, without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('/x redirects to /x/; /x/index.html opens; a malformed path is refused and the server stays up', async ({ page }) => {
    const forms: [string, string, (page: Page) => Promise<void>][] = [
      ['/now-or-never/pass', '/now-or-never/pass/', isPass],
      ['/search', '/search/', isSearch],
      ['/now-or-never/pass/?solo=1', '/now-or-never/pass/?solo=1', isSoloPass],
      // The slash is added and the query (a shared setup) kept.
      ['/now-or-never/pass?solo=1&seasons=4', '/now-or-never/pass/?solo=1&seasons=4', isSoloPass],
      ['/search?q=pass', '/search/?q=pass', isSearch],
      ['/now-or-never/pass/index.html', '/now-or-never/pass/index.html', isPass],
    ];
    for (const [url, landsOn, shows] of forms) {
      const res = await page.goto(url);
      expect([res?.status(), new URL(page.url()).pathname + new URL(page.url()).search], url).toEqual([200, landsOn]);
      await shows(page);
    }
    const redirect = await page.request.get('/now-or-never/pass?solo=1', { maxRedirects: 0 });
    expect([redirect.status(), redirect.headers().location]).toEqual([301, '/now-or-never/pass/?solo=1']);
    // `serve` answers 400 Bad Request to a path it cannot decode, and keeps serving (with a query too).
    expect((await page.goto('/now-or-never/%E0%A4%A/'))?.status()).toBe(400);
    expect((await page.goto('/now-or-never/%E0%A4%A?solo=1'))?.status()).toBe(400);
    expect((await page.goto('/no/such/page?solo=1'))?.status()).toBe(404);
    expect((await page.goto('/'))?.status()).toBe(200);
  });
});
