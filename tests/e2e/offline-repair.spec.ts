/**
 * The offline badge tells the truth: `ready` only while every precached file is in the cache. The first test installs
 * the service worker in a browser context of its own, which the second takes over with its copy whole (one install of
 * the whole site fewer); the third starts a context of its own, a first visit. Caches deleted after the first visit (as a browser does
 * under storage pressure) are found missing on the next start and fetched again (`saving` with progress, then
 * `ready`); a save cut by the network, the first one included, resumes when the browser is back online, no reload.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { onePagePerKind, serviceWorkerInControl, watchErrors } from './helpers';

test.describe.configure({ mode: 'serial', timeout: 240_000 });
// Service workers are blocked by default (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: 'allow' });

/** The first test's context, its service worker installed and its copy whole at the end: the second test's start. */
let installed: { context: BrowserContext; page: Page } | undefined;
test.afterAll(() => installed?.context.close());

/** Files in the offline copy of this build (written by scripts/build-sw.mjs). */
const total = (JSON.parse(readFileSync('dist/sw-meta.json', 'utf8')) as { count: number }).count;
const status = (page: Page) => page.locator('footer [data-offline-status]');
/** Entries in the precache, as the page's own Cache API sees them. */
const cachedCount = (page: Page) =>
  page.evaluate(async () => {
    let n = 0;
    for (const name of await caches.keys()) if (name.includes('precache')) n += (await (await caches.open(name)).keys()).length;
    return n;
  });
/** Every status the page showed, in order (recorded from the first paint by an init script). */
const RECORD_STATUSES = () => {
  const seen: string[] = [];
  const at: number[] = [];
  Object.assign(window, { statuses: seen, statusTimes: at });
  new MutationObserver(() => {
    const el = document.querySelector('footer [data-offline-status]');
    const s = el ? `${el.getAttribute('data-offline-status')}: ${el.textContent}` : '';
    if (s && seen.at(-1) !== s) {
      seen.push(s);
      at.push(performance.now());
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
};
const statuses = (page: Page) => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);

/**
 * Opens never-visited pages of every type with the network off: each must come from the service worker. (That every
 * file is back is `cachedCount`'s check; every page of every game offline is offline.spec.ts's.)
 */
async function openOffline(page: Page): Promise<string[]> {
  const failed: string[] = [];
  for (const url of onePagePerKind()) {
    const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
    if (!res?.ok() || !res.fromServiceWorker() || !(await page.locator('main h1').count())) failed.push(url);
  }
  return failed;
}

test('caches deleted after the first visit: the next start finds them missing, saves them again, then says ready', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_STATUSES);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await serviceWorkerInControl(page);
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready', { timeout: 120_000 });
  expect(await cachedCount(page)).toBe(total);
  // A start with the copy whole: the check alone, from the page's start to "ready".
  await page.reload();
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready');
  const checkMs = await page.evaluate(() => Math.round((window as unknown as { statusTimes: number[] }).statusTimes.at(-1)!));
  console.log(`offline check with the copy whole: ready ${checkMs} ms after the page started`);

  await page.evaluate(async () => {
    for (const name of await caches.keys()) await caches.delete(name);
  });
  const started = Date.now();
  await page.goto('/vindication/');
  await expect(status(page)).toHaveText(/Saving for offline: \d+ of \d+/);
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready', { timeout: 120_000 });
  const repairMs = Date.now() - started;
  test.info().annotations.push({ type: 'repair', description: `${total} files saved again in ${repairMs} ms` });
  console.log(`offline repair: ${total} files saved again in ${repairMs} ms`);
  expect(await cachedCount(page)).toBe(total);
  const seen = await statuses(page);
  expect(seen.some((s) => /^saving: Saving for offline: \d+ of \d+$/.test(s))).toBe(true);
  expect(seen.at(-1)).toBe('ready: Ready offline');
  expect(seen.indexOf('ready: Ready offline')).toBe(seen.length - 1); // never "ready" while files were missing

  await context.setOffline(true);
  expect(await openOffline(page)).toEqual([]);
  await context.setOffline(false);
  expect(errors()).toEqual([]);
  installed = { context, page };
});

test('files lost while offline: the badge says so, and saving resumes on its own once back online', async () => {
  // The worker the first test installed, with its copy whole again.
  const { context, page } = installed!;
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready');
  expect(await cachedCount(page)).toBe(total);
  // Lose every rule page of one game (not the page about to open).
  const lost = await page.evaluate(async () => {
    let n = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) if (new URL(req.url).pathname.startsWith('/forge-war/')) n += Number(await cache.delete(req));
    }
    return n;
  });
  expect(lost).toBeGreaterThan(20);
  await context.setOffline(true);
  await page.reload();
  await expect(status(page)).toHaveText(
    `Offline copy incomplete (${total - lost} of ${total} files): saving resumes when the network is back`,
  );
  await expect(status(page)).toHaveAttribute('data-offline-status', 'saving');
  await context.setOffline(false); // no reload
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready', { timeout: 60_000 });
  expect(await cachedCount(page)).toBe(total);
  await context.setOffline(true);
  const res = await page.goto('/forge-war/');
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.locator('main h1')).toBeVisible();
  await context.setOffline(false);
});

test('a first save cut by the network resumes when the browser is back online, without a reload', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_STATUSES);
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The server answers slowly, so that the save is still under way when the network goes.
  await context.route('**/*', async (route) => {
    await new Promise((r) => setTimeout(r, 15));
    await route.continue();
  });
  await page.goto('/');
  await expect(status(page)).toHaveText(/Saving for offline: [1-9]\d* of \d+/, { timeout: 30_000 });
  await context.setOffline(true);
  await expect(status(page)).toHaveText(/^Offline copy incomplete.*saving resumes when the network is back$/, { timeout: 30_000 });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false); // no reload
  await expect(status(page)).toHaveAttribute('data-offline-status', 'ready', { timeout: 120_000 });
  expect(await cachedCount(page)).toBe(total);
  const seen = await statuses(page);
  expect(seen.indexOf('ready: Ready offline')).toBe(seen.length - 1);
  await context.setOffline(true);
  expect(await openOffline(page)).toEqual([]);
  await context.setOffline(false);
  expect(errors().filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
  await context.close();
});
