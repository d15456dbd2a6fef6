/**
 * A first visit that is cut short, as at the table on a phone network: the pages a player opened keep opening with
 * the network gone, even though the whole copy was never saved; the game being read is saved before the others and
 * the page says so; what the page says while saving sits in its flow and covers no control.
 *
 * The packs (`/offline/<folder>-<hash>.txt`: a game's pages in one file) are held back by the test, so the save cannot
 * finish while it looks.
 */
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { serviceWorkerInControl, watchErrors } from './helpers';

test.use({ serviceWorkers: 'allow' });

const PACK = /\/offline\/[^/]+\.txt$/;
const status = (page: Page) => page.locator('footer [data-offline-status]');

/** Holds back the packs that `held` says to (all by default) until the context closes. */
async function holdPacks(context: BrowserContext, held: (url: string) => boolean = () => true) {
  const waiting: Route[] = [];
  await context.route(PACK, (route) => (held(route.request().url()) ? void waiting.push(route) : route.continue()));
  return waiting;
}

test('pages opened on a first visit keep opening offline when the network goes before the save is done', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const waiting = await holdPacks(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The player moves on at once: the first page is left before the worker could hear from it.
  await page.goto('/forge-war/bazaar/');
  await page.goto('/forge-war/blacksmith/');
  await expect(page.locator('h1')).toHaveText('Blacksmith');
  await serviceWorkerInControl(page);
  // Both pages are kept before the whole copy is: the packs are still held back.
  await expect(status(page)).toHaveAttribute('data-offline-status', 'saving');
  await expect.poll(() => waiting.length).toBeGreaterThan(0);
  await expect(page.locator('.offline-line')).toBeVisible();
  await context.setOffline(true);
  for (const [url, title] of <[string, string][]>[
    ['/forge-war/bazaar/', 'Bazaar'],
    ['/forge-war/blacksmith/', 'Blacksmith'],
  ]) {
    const res = await page.goto(url);
    expect(res?.fromServiceWorker(), url).toBe(true);
    await expect(page.locator('main h1')).toHaveText(title);
    // Its script and styles came from the copy too: the page works, not just shows.
    await expect(page.locator('#theme-toggle')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toBe('');
  }
  await expect(status(page)).toHaveText(/^Offline copy incomplete/);
  await expect(page.locator('.offline-line')).toHaveText(/^Offline copy incomplete: the pages you opened work offline/);
  expect(errors().filter((e) => !/ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
  await context.close();
});

test('the game being read is saved first, and the page says so while the others are saved', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  // Every pack but Pencilvillage's is held back.
  await holdPacks(context, (url) => !/\/offline\/pencilvillage-/.test(url));
  const page = await context.newPage();
  await page.goto('/pencilvillage/quest/');
  await expect(status(page)).toHaveText(/^Pencilvillage ready offline; saving the other games: \d+ of \d+$/, { timeout: 60_000 });
  await expect(page.locator('.offline-line')).toHaveText('Pencilvillage works offline; saving the other games…');
  await expect(status(page)).toHaveAttribute('data-offline-status', 'saving');
  // Every page of the game opens offline, one never visited too.
  await context.setOffline(true);
  const res = await page.goto('/pencilvillage/movement/?character=erwin-lyme');
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.locator('main h1')).toHaveText('Movement');
  await context.close();
});

for (const width of [320, 430])
  test(`while saving, the status covers no control (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width, height: 700 } });
    await holdPacks(context);
    const page = await context.newPage();
    for (const url of ['/now-or-never/play/', '/now-or-never/unclear/', '/now-or-never/pass/']) {
      await page.goto(url);
      await expect(page.locator('.offline-line')).toBeVisible();
      // No control in the first screen or at the bottom of the page lies under what says how far the save is (a tap
      // at its middle reaches the control, not the status): the page's own sticky bars are not this test's concern.
      for (const at of ['top', 'bottom'] as const) {
        if (at === 'bottom') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const covered = await page.evaluate(() => {
          const out: string[] = [];
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('a, button, input, select, summary, label'))) {
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
            const x = Math.min(innerWidth - 1, Math.max(0, r.left + r.width / 2));
            const y = Math.min(innerHeight - 1, Math.max(0, r.top + r.height / 2));
            const hit = document.elementFromPoint(x, y);
            const status = hit?.closest('.offline-line, .offline-progress, [data-offline-status]');
            if (hit && status && !el.contains(hit) && !hit.contains(el) && getComputedStyle(el).visibility !== 'hidden')
              out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" under ${hit.tagName}.${hit.className}`);
          }
          return out;
        });
        expect(covered, `${url} (${at})`).toEqual([]);
      }
    }
    await context.close();
  });

test('a full disk is said, and what was saved still works offline', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  // The origin may store about 1 MB: the open page fits, the whole copy does not (Chromium's quota override).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 1_000_000 });
  await page.goto('/now-or-never/pass/');
  await expect(status(page)).toHaveText(/^Offline copy incomplete \(\d+ of \d+ files\): this device's storage is full$/, {
    timeout: 60_000,
  });
  await expect(page.locator('.offline-line')).toHaveText(/^Not enough storage on this device to save every rule: /);
  await context.setOffline(true);
  const res = await page.goto('/now-or-never/pass/');
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.locator('main h1')).toHaveText('Pass');
  await context.close();
});

test('on iPhone Safari, which offers no install, the home page says how to add the app to the home screen', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#install')).toBeVisible();
  await expect(page.locator('#install-ios')).toHaveText('On iPhone or iPad: tap Share, then “Add to Home Screen”.');
  await expect(page.locator('#install-button')).toHaveCount(0);
  await context.close();
});
