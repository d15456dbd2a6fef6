/**
 * Storage failures are said, and the session still works. The browser's storage is replaced before any page script
 * runs (an init script): blocked (the `localStorage` and `sessionStorage` getters throw SecurityError, as with a
 * privacy setting), full (`setItem` throws QuotaExceededError once the stored bytes would pass `window.storageQuota`),
 * or corrupt (every key the app reads holds junk). No page throws; nothing says "Saved" unless it was stored; the
 * player is told in plain words; a chosen setup still applies while browsing, carried in the address.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { onePagePerKind, watchErrors } from './helpers';

const BLOCKED = 'this browser does not let this site store anything (a privacy setting or private browsing).';
const FULL = "this browser's storage for this site is full.";
const STILL = 'This setup still applies to the rules you open from here: it travels in the page address.';

/** Init script: storage as a privacy setting leaves it, every access refused. */
function blockStorage() {
  for (const name of ['localStorage', 'sessionStorage'])
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
}

/** Init script: a storage that holds `window.storageQuota` bytes (keys and values; no limit until it is set). */
function fillableStorage() {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    const quota = (window as unknown as { storageQuota?: number }).storageQuota ?? Infinity;
    let bytes = key.length + String(value).length;
    for (let i = 0; i < this.length; i++) {
      const k = this.key(i)!;
      if (k !== key) bytes += k.length + (this.getItem(k) ?? '').length;
    }
    if (bytes > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem.call(this, key, value);
  };
}

/** Init script: every key the app reads holds junk of another shape. */
function corruptStorage() {
  const junk = ['{', '[1,{"a":2}]', '{"__proto__":{"x":1},"constructor":"y"}', '"text"', 'null', '{"toString":1}'];
  const games = ['now-or-never', 'vindication', 'forge-war', 'pencilvillage'];
  const keys = [
    'rules:recent',
    'rules:prefs',
    'theme',
    ...games.flatMap((g) => ['options', 'pins', 'rulings', 'guide'].map((k) => `rules:${k}:${g}`)),
  ];
  let i = 0;
  try {
    for (const key of keys) localStorage.setItem(key, junk[i++ % junk.length]!);
    sessionStorage.setItem('rules:wake', '{"x":');
  } catch {
    /* an opaque origin (about:blank) has no storage */
  }
}

const MODES = { blocked: blockStorage, full: fillableStorage, corrupt: corruptStorage } as const;

async function contextWith(browser: import('@playwright/test').Browser, mode: keyof typeof MODES): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(MODES[mode]);
  return context;
}
const toast = (page: Page) => page.locator('#toast');

for (const mode of Object.keys(MODES) as (keyof typeof MODES)[]) {
  // One page per page type (the games in turn): a page type's scripts are the same for every game.
  test(`storage ${mode}: every page type opens with no error`, async ({ browser }) => {
    const context = await contextWith(browser, mode);
    const page = await context.newPage();
    if (mode === 'full') await context.addInitScript(() => ((window as unknown as { storageQuota: number }).storageQuota = 0));
    const errors = watchErrors(page);
    const failed: string[] = [];
    for (const url of onePagePerKind()) {
      await page.goto(url);
      if (!(await page.locator('main h1').isVisible())) failed.push(url);
    }
    expect(failed).toEqual([]);
    expect(errors()).toEqual([]);
    await context.close();
  });
}

test('storage blocked: the options page says the setup is not saved, and the setup still applies while browsing', async ({ browser }) => {
  const context = await contextWith(browser, 'blocked');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/now-or-never/options/');
  await page.getByLabel('Solo play (bot)', { exact: true }).check();
  await expect(page.locator('#options-status')).toHaveText(`Not saved: ${BLOCKED} ${STILL}`);
  expect(new URL(page.url()).searchParams.get('solo')).toBe('1');
  await page.locator('#options-back').click();
  await expect(page).toHaveURL(/\/now-or-never\/\?solo=1$/);
  const pass = page.locator('main a[href^="/now-or-never/pass/"]').first();
  await pass.evaluate((a) => a.closest('details')?.setAttribute('open', ''));
  await pass.click();
  await expect(page.locator('h1')).toHaveText('Pass');
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
  await expect(page.locator('#setup-note')).toBeVisible();
  // Adopting it cannot be saved either: said, and the setup stays.
  await page.locator('#setup-adopt').click();
  await expect(toast(page)).toHaveText(`Not saved: ${BLOCKED} This setup still applies to the rules you open from here.`);
  await expect(page.locator('.prose [data-w-solo="1"]').first()).toBeVisible();
  // Pins, the wake-lock control and the recent list: said, never thrown.
  await page.locator('[data-pin]').click();
  await expect(toast(page)).toHaveText(`Not pinned: ${BLOCKED}`);
  await expect(page.locator('[data-pin]')).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/');
  await expect(page.locator('#recent-note')).toHaveText(`The rules you open are not kept: ${BLOCKED}`);
  await page.goto('/now-or-never/setup-guide/');
  await page.locator('main input[type="checkbox"][data-step]:visible').nth(2).click();
  await expect(toast(page)).toHaveText(`Ticks not kept: ${BLOCKED} They last while this page is open.`);
  await page.locator('#theme-toggle').click();
  await expect(toast(page)).toHaveText(`Not kept: ${BLOCKED} The theme applies to this page only.`);
  expect(errors()).toEqual([]);
  await context.close();
});

test('storage full: "Chaos, Order" is not claimed saved when only Chaos is kept; rulings say so too', async ({ browser }) => {
  const context = await contextWith(browser, 'full');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/pencilvillage/options/');
  await page.getByLabel('Chaos', { exact: true }).check();
  await expect(page.locator('#options-status')).toHaveText(/^Saved: .*Mods: Chaos · /);
  // Storage is now as good as full: a few bytes left.
  await page.evaluate(() => {
    let bytes = 0;
    for (let i = 0; i < localStorage.length; i++) bytes += localStorage.key(i)!.length + localStorage.getItem(localStorage.key(i)!)!.length;
    (window as unknown as { storageQuota: number }).storageQuota = bytes + 3;
  });
  await page.getByLabel('Order', { exact: true }).check();
  await expect(page.locator('#options-status')).toHaveText(`Not saved: ${FULL} ${STILL}`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rules:options:pencilvillage')!).mods)).toEqual(['chaos']);
  expect(new URL(page.url()).searchParams.get('mods')).toBe('chaos,order');
  await page.locator('#options-back').click();
  await expect(page).toHaveURL(/\/pencilvillage\/\?mods=chaos,order$/);
  await expect(page.locator('#setup-note')).toBeVisible();

  // A ruling that cannot be kept says so where the rulings are counted.
  await page.goto('/now-or-never/unclear/');
  await page.evaluate(() => ((window as unknown as { storageQuota: number }).storageQuota = 0));
  const item = page
    .locator('main [data-unclear]')
    .filter({ has: page.locator('[data-reading]') })
    .first();
  await item.locator('[data-reading]').first().click();
  const message = `Ruling not saved: ${FULL} It is lost when you leave this page.`;
  await expect(page.locator('#rulings-status')).toHaveText(message);
  await expect(toast(page)).toHaveText(message);
  expect(errors()).toEqual([]);
  await context.close();
});

test('limits are said: a 51st pin is refused with the limit named; a full recent list says how many are kept', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/now-or-never/');
  await page.evaluate(() =>
    localStorage.setItem('rules:pins:now-or-never', JSON.stringify(Array.from({ length: 50 }, (_, i) => `rule-${i}`))),
  );
  await page.goto('/now-or-never/pass/');
  await page.locator('[data-pin]').click();
  await expect(toast(page)).toHaveText('Not pinned: 50 rules are pinned, the most kept per game. Unpin one on the game page first.');
  await expect(page.locator('[data-pin]')).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rules:pins:now-or-never')!))).toHaveLength(50);
  await page.evaluate(() =>
    localStorage.setItem(
      'rules:recent',
      JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ url: `/now-or-never/rule-${i}/`, title: `Rule ${i}`, game: 'Now or Never' }))),
    ),
  );
  await page.goto('/');
  await expect(page.locator('#recent-note')).toHaveText('Only the last 8 rules you opened are kept.');
  expect(errors()).toEqual([]);
});
