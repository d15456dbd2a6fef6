/**
 * The service worker, in one browser context that installs it once (precaching the whole site is the costly part):
 * it holds every page; every URL form of a page opens under it, online and offline; pages of every type work with
 * the network off (the header says "Offline"), play along included; a new deploy offers an update.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { allPageUrls, samplePages, serviceWorkerInControl, watchErrors } from './helpers';

test.describe.configure({ mode: 'serial' });
// Service workers are blocked by default (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: 'allow' });

let context: BrowserContext;
let page: Page;
let errors: () => string[];
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ serviceWorkers: 'allow' });
  page = await context.newPage();
  errors = watchErrors(page);
});
test.afterAll(() => context.close());

const isPass = async () => expect(page.locator('h1')).toHaveText('Pass');
const isSoloPass = async () => {
  await isPass();
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
};
const is404 = async () => expect(page.locator('h1')).toContainText('No rule');
/** A URL, where it lands (path and query), and what shows there. */
const URL_FORMS: [string, string, () => Promise<void>][] = [
  ['/now-or-never/pass', '/now-or-never/pass/', isPass],
  ['/search', '/search/', () => expect(page.locator('#search-page-q')).toBeVisible()],
  ['/now-or-never/pass?solo=1', '/now-or-never/pass/?solo=1', isSoloPass],
  ['/now-or-never/pass/?solo=1', '/now-or-never/pass/?solo=1', isSoloPass],
  ['/now-or-never/pass/index.html', '/now-or-never/pass/index.html', isPass],
  ['/now-or-never/%E0%A4%A/', '/now-or-never/%E0%A4%A/', is404],
  ['/now-or-never/%E0%A4%A', '/now-or-never/%E0%A4%A/', is404],
];
async function everyUrlFormOpens(where: string) {
  for (const [url, landsOn, shows] of URL_FORMS) {
    const res = await page.goto(url);
    const at = new URL(page.url());
    expect([res?.fromServiceWorker(), at.pathname + at.search], `${url} (${where})`).toEqual([true, landsOn]);
    await shows();
  }
}

test('after one visit the service worker holds every page of the build', async () => {
  await page.goto('/');
  // The worker takes the page over once the open page and what it loads are saved; "ready" once every file is.
  await serviceWorkerInControl(page);
  await expect(page.locator('footer [data-offline-status]')).toHaveAttribute('data-offline-status', 'ready', { timeout: 120_000 });
  const cached = new Set(
    await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      return paths;
    }),
  );
  const pages = allPageUrls();
  expect(pages.length).toBeGreaterThan(600);
  const indexes = readdirSync('dist/search', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  const games = readdirSync('content/games').filter((f) => f.endsWith('.yaml'));
  expect(indexes.filter((f) => f.startsWith('text/'))).toHaveLength(games.length); // each game's index text too
  const needed = [...pages.map((u) => `${u}index.html`), '/404.html', '/manifest.webmanifest', ...indexes.map((f) => `/search/${f}`)];
  expect(needed.filter((path) => !cached.has(path))).toEqual([]);
});

test('under the service worker, online, every URL form opens its page (slash added, query kept) or the 404 page', async () => {
  await everyUrlFormOpens('online');
});

test('with the network off: pages of every type, every URL form, a deep link with options, search and the 404 page', async () => {
  await context.setOffline(true);
  try {
    const sample = samplePages();
    expect(sample.length).toBeGreaterThan(15);
    const failed: string[] = [];
    for (const url of sample) {
      const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
      if (!res?.ok() || !res.fromServiceWorker() || !(await page.locator('main h1').count())) failed.push(url);
    }
    expect(failed).toEqual([]);
    // The header's quiet badge says the network is gone.
    await page.goto('/forge-war/bazaar/');
    await expect(page.locator('h1')).toContainText('Bazaar');
    await expect(page.locator('.net-badge')).toBeVisible();
    await everyUrlFormOpens('offline');
    await page.goto('/pencilvillage/quest/?character=erwin-lyme');
    await expect(page.locator('[data-w-character="erwin-lyme"]').first()).toBeVisible();
    await page.goto('/search/?q=warp%20stone');
    await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
    await page.goto('/nowhere/at-all/');
    await is404();
  } finally {
    await context.setOffline(false);
  }
  expect(errors()).toEqual([]);
});

test('play along works with the network off once the site is saved', async () => {
  // A saved setup (as the options page saves it) and a round kept from an earlier visit.
  await page.goto('/pencilvillage/play/');
  await page.evaluate(() => {
    localStorage.setItem('rules:options:pencilvillage', JSON.stringify({ character: 'nebuchadnezzar' }));
    localStorage.setItem('rules:round:pencilvillage', '26');
  });
  await context.setOffline(true);
  try {
    const res = await page.goto('/pencilvillage/play/');
    expect(res?.fromServiceWorker()).toBe(true);
    const round = page.locator('[data-round]');
    await expect(round).toHaveText('26');
    await page.locator('[data-next-round]').click();
    await expect(round).toHaveText('27');
    await expect(page.locator('[data-special]:visible').filter({ hasText: 'Nebuchadnezzar pays 12g' })).toHaveCount(1);
  } finally {
    await context.setOffline(false);
    await page.evaluate(() => localStorage.clear());
  }
  expect(errors()).toEqual([]);
});

test('a new deploy shows an update prompt; accepting it reloads onto the new version', async () => {
  await page.goto('/');
  await serviceWorkerInControl(page);
  const path = 'dist/sw.js';
  const original = readFileSync(path, 'utf8');
  try {
    writeFileSync(path, `${original}\n// deploy ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.locator('#update-prompt')).toBeVisible({ timeout: 60_000 });
    // Listen before the tap: the reload can finish before the click call returns.
    const reloaded = page.waitForEvent('load');
    await page.locator('#update-reload').click();
    await reloaded;
    await expect(page.locator('#update-prompt')).toBeHidden();
  } finally {
    writeFileSync(path, original);
  }
});
