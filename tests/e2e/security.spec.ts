/**
 * The headers of dist/_headers, as a static host sends them (the test server applies that file): every page type
 * works under the Content-Security-Policy with no violation and no console error, and the caching rules hold.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { watchErrors } from './helpers';

// The pages register their service worker here as for a reader (blocked by default in playwright.config.ts), so the
// policy is checked with the worker's registration and install under way.
test.use({ serviceWorkers: 'allow' });

/** Each page type, and what shows that its scripts and option CSS ran under the policy. */
const pages: Record<string, [string, (page: Page) => Promise<void>]> = {
  home: ['/', async (page) => expect(page.locator('.game-card-title').first()).toBeVisible()],
  game: ['/now-or-never/', async (page) => expect(page.locator('.toc summary').first()).toBeVisible()],
  rule: ['/now-or-never/pass/', async (page) => expect(page.locator('.prose [data-w-solo="1"]').first()).toBeHidden()],
  'rule with options in the URL': [
    '/forge-war/mine-setup/?players=4',
    async (page) => {
      await expect(page.locator('.prose [data-w-players~="4"]').first()).toBeVisible();
      await expect(page.locator('#setup-note')).toBeVisible();
    },
  ],
  terms: ['/now-or-never/terms/', async (page) => expect(page.locator('[data-term] a').first()).toBeVisible()],
  options: [
    '/now-or-never/options/',
    async (page) => {
      await page.getByLabel('Solo play (bot)', { exact: true }).check();
      await expect(page.locator('#options-status')).toContainText('Solo play (bot)');
      expect(await page.locator('#when-css').textContent()).toContain('[data-w-solo]:not([data-w-solo~="1"])');
    },
  ],
  'my setup': ['/pencilvillage/my-setup/', async (page) => expect(page.locator('#setup-empty')).toBeVisible()],
  'search with a query': [
    '/search/?q=warp+stone',
    async (page) => expect(page.locator('#search-results a[data-result]').first()).toBeVisible(),
  ],
  '404': ['/no/such/page/', async (page) => expect(page.locator('#closest-list a[data-result]').first()).toBeVisible()],
};

test('every page type works under the Content-Security-Policy: no violation, no console error', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const errors = watchErrors(page);
  const headerWarnings: string[] = [];
  page.on('console', (m) => {
    if (/Permissions-Policy|Content.Security.Policy|Referrer.Policy/i.test(m.text())) headerWarnings.push(m.text());
  });
  for (const [kind, [url, works]] of Object.entries(pages)) {
    const res = await page.goto(url);
    expect(res?.headers()['content-security-policy'], kind).toContain("default-src 'self'");
    await works(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), kind).toEqual([]);
  }
  // The 404 page's own document is the one expected error.
  expect(errors().filter((e) => !/status of 404/.test(e))).toEqual([]);
  expect(headerWarnings).toEqual([]);
});

test('the site refuses to be framed', async ({ page }) => {
  await page.goto('/robots.txt');
  const blocked = page.waitForEvent('console', (m) => m.text().includes("frame-ancestors 'none'"));
  await page.setContent('<iframe src="/now-or-never/pass/" title="framed"></iframe>');
  await blocked;
  await expect(page.frameLocator('iframe').locator('main')).toHaveCount(0);
});

test('headers: the policy on documents, nosniff on all, no-cache for pages and sw.js, a year for hashed assets', async ({ request }) => {
  const asset = readdirSync('dist/_astro').find((f) => f.endsWith('.js'))!;
  const worker = readdirSync('dist/scripts').find((f) => f.startsWith('search-worker-') && f.endsWith('.js'))!;
  const cases: [url: string, status: number, cache: string, document: boolean][] = [
    ['/', 200, 'no-cache', true],
    ['/now-or-never/', 200, 'no-cache', true],
    ['/now-or-never/pass/', 200, 'no-cache', true],
    ['/sw.js', 200, 'no-cache', true],
    [`/scripts/${worker}`, 200, 'public, max-age=31536000, immutable', true],
    ['/no/such/page/', 404, 'no-cache', true],
    ['/search/now-or-never.json', 200, 'no-cache', false],
    [`/_astro/${asset}`, 200, 'public, max-age=31536000, immutable', false],
  ];
  for (const [url, status, cache, document] of cases) {
    const res = await request.get(url);
    const h = res.headers();
    expect([res.status(), h['cache-control']], url).toEqual([status, cache]);
    expect(h['x-content-type-options'], url).toBe('nosniff');
    if (!document) {
      expect(
        Object.keys(h).filter((k) => /content-security|frame-options|referrer|permissions|opener/.test(k)),
        url,
      ).toEqual([]);
      continue;
    }
    expect(h['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], url).toContain("object-src 'none'");
    expect(h['content-security-policy'], url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(h['referrer-policy'], url).toBe('no-referrer');
    expect(h['permissions-policy'], url).toContain('camera=()');
  }
  // Compressed as a static host compresses it.
  const home = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(home.headers()['content-encoding']).toBe('gzip');
});
