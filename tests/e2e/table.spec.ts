/**
 * One setup for the whole table: a shared link is a whole setup (a friend with their own, different saved setup reads
 * the sharer's text on the shared page and on every page they follow from it), the table link with its QR code (decoded
 * back with jsQR), adopting or declining it, and every way back (Back/Forward restore pages from the back/forward
 * cache, which playwright.config.ts leaves on) shows the current setup, pins and theme.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { decodeQr, watchErrors } from './helpers';

/** The visible text of the rule's body. */
const body = (page: Page) => page.locator('article.entry .prose').innerText();
/** Visible chip labels in a setup line, in the order they are seen (CSS puts the non-defaults first). */
const chips = (page: Page, where: string) =>
  page
    .locator(`${where} .setup-tags`)
    .first()
    .evaluate((tags) =>
      Array.from(tags.querySelectorAll<HTMLElement>('.setup-tag'))
        .filter((t) => t.checkVisibility())
        .map((t) => ({ text: t.innerText, box: t.getBoundingClientRect() }))
        .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
        .map((t) => t.text),
    );

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** Sets options on the game's options page with real taps: a radio or checkbox by its label, a select by its name. */
async function chooseOptions(page: Page, game: string, taps: (string | [select: string, value: string])[]) {
  await page.goto(`/${game}/options/`);
  for (const tap of taps) {
    if (Array.isArray(tap)) await page.getByRole('combobox', { name: tap[0] }).selectOption(tap[1]);
    else await page.getByLabel(tap, { exact: true }).check();
  }
  await expect(page.locator('#options-status')).toContainText('Saved');
}

/** Per game: a setup far from the defaults (tapped on the options page), a different one the friend has saved, and a
 * rule whose next 3 rules of its section all depend on options. */
const cases = [
  {
    game: 'now-or-never',
    start: 'setup-enemies',
    sharer: ['4 players', 'Story mode (campaign)', '5 seasons'] as (string | [string, string])[],
    friend: { solo: true, seasons: '4', underground: true },
  },
  {
    game: 'vindication',
    start: 'conviction',
    sharer: ['3 players', 'Treachery expansion', 'Myths & Wonders', 'Guilds & Monuments', 'Building Sites region'] as (
      string | [string, string]
    )[],
    friend: { players: '5', 'first-game': false, 'guilds-monuments': false, treachery: false },
  },
  {
    game: 'forge-war',
    start: 'blacksmith',
    sharer: ['Epic game (3 stages)', '4 players', 'Bonus tiles'] as (string | [string, string])[],
    friend: { solo: true, mode: 'simple', players: '2' },
  },
  {
    game: 'pencilvillage',
    start: 'build-action',
    sharer: [['Character', 'erwin-lyme'], 'Glom', 'Tire', ['Objective', 'objective-one-outpost'], 'Low-randomness scoring'] as (
      string | [string, string]
    )[],
    friend: { character: 'imrael', mods: ['chaos', 'homestead'], scoring: 'standard' },
  },
];

test.describe('a shared link is a whole setup: the friend reads the sharer’s text on every page they follow', () => {
  for (const c of cases)
    test(c.game, async ({ page, context, browser }) => {
      test.setTimeout(90_000);
      const errors = watchErrors(page);
      await chooseOptions(page, c.game, c.sharer);
      // The sharer's own pages: the start rule and the next 3 of its section.
      await page.goto(`/${c.game}/${c.start}/`);
      const link = await page.locator('#entry-title-link').getAttribute('href');
      const shared = new URL(link!);
      expect(shared.search.length).toBeGreaterThan(1);
      const sharerText: string[] = [await body(page)];
      const paths: string[] = [shared.pathname];
      for (let i = 0; i < 3; i++) {
        await page.locator('a[rel=next]').click();
        await expect(page).not.toHaveURL(new RegExp(`${paths.at(-1)}$`));
        paths.push(new URL(page.url()).pathname);
        sharerText.push(await body(page));
      }
      // Copy the link as the share button does.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(paths[0]!);
      await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
      await page.getByRole('button', { name: /^Share / }).click();
      await expect(page.locator('#toast')).toHaveText('Link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // The friend, with an own setup saved that differs from the sharer's on most options.
      const friend = await freshPage(browser);
      await friend.goto(`/${c.game}/`);
      await friend.evaluate(([g, s]) => localStorage.setItem(`rules:options:${g}`, JSON.stringify(s)), [c.game, c.friend] as const);
      await friend.goto(shared.pathname + shared.search);
      await expect(friend.locator('#setup-note')).toBeVisible();
      expect(await body(friend), paths[0]).toBe(sharerText[0]);
      for (let i = 1; i <= 3; i++) {
        await friend.locator('a[rel=next]').click();
        await expect(friend).toHaveURL(new RegExp(`${paths[i]}\\?`));
        await expect(friend.locator('#setup-note')).toBeVisible();
        expect(await body(friend), paths[i]).toBe(sharerText[i]);
      }
      // The test can fail: in the friend's own setup, some of these pages read differently.
      const own: string[] = [];
      for (const p of paths) {
        await friend.goto(p);
        own.push(await body(friend));
      }
      expect(own).not.toEqual(sharerText);
      // "Use this setup" adopts all of it: the friend's own pages now read as the sharer's.
      await friend.goto(shared.pathname + shared.search);
      await friend.getByRole('button', { name: 'Use this setup' }).click();
      await expect(friend.locator('#setup-note')).toBeHidden();
      for (const [i, p] of paths.entries()) {
        await friend.goto(p);
        expect(await body(friend), `${p} after adopting`).toBe(sharerText[i]);
      }
      await friend.context().close();
      expect(errors()).toEqual([]);
    });
});

test('the note names the shared setup, non-defaults first, and no label is cut off at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/now-or-never/seasons/?story=1');
  await page.getByRole('button', { name: 'Use this setup' }).click();
  // An older link naming an option at its default; the reader's own story mode is not in it.
  await page.goto('/now-or-never/end-of-game/?seasons=5&solo=0');
  expect(await chips(page, '#setup-note')).toEqual(['5 seasons', 'Multiplayer', 'Standard game (no story)']);
  expect(await page.locator('.prose').innerText()).toMatch(/\b5 seasons\b/);
  await page.goto('/pencilvillage/quest/?character=erwin-lyme&mods=glom,tire');
  const labels = await chips(page, '#setup-note');
  expect(labels).toEqual(['Erwin Lyme, Spelunker (Easy)', 'Glom', 'Tire']);
  for (const tag of await page.locator('.setup-tag:visible').all()) {
    const fits = await tag.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement!.getBoundingClientRect();
      const line = el.parentElement!;
      return (
        el.scrollWidth <= el.clientWidth + 1 &&
        r.right <= parent.right + 1 &&
        r.right <= innerWidth &&
        line.scrollWidth <= line.clientWidth + 1
      );
    });
    expect(fits, await tag.innerText()).toBe(true);
  }
  const top = await page
    .locator('.prose > :visible')
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeLessThan(640 - 30);
});

test('a slash-less link keeps its query through the server’s redirect', async ({ page }) => {
  await page.goto('/now-or-never/pass?solo=1&seasons=4');
  await expect(page).toHaveURL(/\/now-or-never\/pass\/\?solo=1&seasons=4$/);
  await expect(page.locator('#setup-note')).toBeVisible();
  expect(await page.locator('.prose').innerText()).toMatch(/ends the season at once/);
});

test.describe('the table link', () => {
  /** Records 3 rulings on the unclear page with real taps; returns the keys. */
  async function recordRulings(page: Page, game: string, n: number): Promise<string[]> {
    await page.goto(`/${game}/unclear/`);
    const items = page.locator('[data-unclear][data-key]:has([data-reading])');
    const keys: string[] = [];
    for (let i = 0; i < n; i++) {
      await items.nth(i).locator('input[type=radio]').first().check();
      keys.push((await items.nth(i).getAttribute('data-key'))!);
    }
    await expect(page.locator('#rulings-status')).toContainText(`${n} of`);
    return keys;
  }

  test('holds the setup and rulings, as a link and a QR code; another phone is asked once, and declining changes nothing', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await chooseOptions(page, 'now-or-never', ['4 players', 'Story mode (campaign)', '5 seasons']);
    const keys = await recordRulings(page, 'now-or-never', 3);
    await page.locator('.site-footer').getByRole('link', { name: 'Table link' }).click();
    await expect(page).toHaveURL(/\/now-or-never\/table\/$/);
    expect(await chips(page, '.table-setup')).toEqual(expect.arrayContaining(['4 players', 'Story mode (campaign)', '5 seasons']));
    await expect(page.locator('#table-rulings li')).toHaveCount(3);
    const link = page.locator('[data-table-link]');
    await expect(link).toHaveAttribute('href', /\/now-or-never\/table\/#players=4&story=1&seasons=5&r=2\.[\w-]+$/);
    const href = (await link.getAttribute('href'))!;
    expect(await link.innerText()).toBe(href);
    // The QR code, read back as a camera would.
    const svg = page.locator('[data-table-qr] svg');
    await expect(svg).toBeVisible();
    expect((await svg.boundingBox())!.width).toBeGreaterThan(150);
    expect(await decodeQr(browser, await svg.evaluate((el) => el.outerHTML))).toBe(href);

    // Another phone with its own setup and a ruling of its own.
    const friend = await freshPage(browser);
    await friend.goto('/now-or-never/');
    const mine = { setup: '{"solo":true,"seasons":"4"}', rulings: JSON.stringify({ [keys[0]!]: { text: 'Our own way' } }) };
    await friend.evaluate((m) => {
      localStorage.setItem('rules:options:now-or-never', m.setup);
      localStorage.setItem('rules:rulings:now-or-never', m.rulings);
    }, mine);
    const url = new URL(href);
    const snapshot = () => friend.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
    const before = await snapshot();
    await friend.goto(url.pathname + url.hash);
    const dialog = friend.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Use this table’s setup and its 3 rulings?'.replace('’', "'"));
    await expect(dialog).toContainText('4 players');
    await friend.getByRole('button', { name: 'Keep mine' }).click();
    await expect(dialog).toBeHidden();
    expect(await snapshot()).toBe(before);
    expect(new URL(friend.url()).hash).toBe('');
    await friend.reload();
    await expect(dialog).toBeHidden(); // asked once
    await friend.goto('/now-or-never/end-of-game/');
    expect(await friend.locator('.prose').innerText()).toMatch(/\b4 seasons\b/);

    // Opened again and used: the whole setup and the 3 rulings (the friend's own on the same point replaced).
    await friend.goto(url.pathname + url.hash);
    await friend.getByRole('button', { name: 'Use it' }).click();
    await expect(friend.locator('#toast')).toHaveText('Table setup and 3 rulings saved');
    await expect(friend.locator('[data-table-link]')).toHaveAttribute('href', href.replace(url.origin, new URL(friend.url()).origin));
    await friend.goto('/now-or-never/end-of-game/');
    expect(await friend.locator('.prose').innerText()).toMatch(/\b5 seasons\b/);
    await expect(friend.locator('#setup-note')).toBeHidden();
    const rulings = await friend.evaluate(() => JSON.parse(localStorage.getItem('rules:rulings:now-or-never')!));
    expect(Object.keys(rulings).sort()).toEqual([...keys].sort());
    await friend.context().close();
    expect(errors()).toEqual([]);
  });

  test('drops rulings for rules that no longer exist, refuses an over-long link whole, and reads junk', async ({ page }) => {
    await page.goto('/now-or-never/unclear/');
    const key = (await page.locator('[data-unclear][data-key]').first().getAttribute('data-key'))!;
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const rulings = { [key]: { text: 'Yes' }, 'no-such-rule#x': { text: 'Gone' } };
    await page.goto(`/now-or-never/table/#seasons=4&seasons=5&junk=1&players=9&rulings=${encode(rulings)}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText("Use this table's setup and its 1 ruling?");
    await expect(dialog).toContainText('Rulings for rules that no longer exist: 1.');
    await expect(dialog).toContainText('4 seasons');
    await page.getByRole('button', { name: 'Use it' }).click();
    const kept = () =>
      page.evaluate(() => [localStorage.getItem('rules:options:now-or-never'), localStorage.getItem('rules:rulings:now-or-never')]);
    expect(await kept()).toEqual([expect.stringContaining('"seasons":"4"'), JSON.stringify({ [key]: { text: 'Yes' } })]);
    // Too long: nothing asked, nothing changed, a message says why.
    const before = await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
    await page.goto(`/now-or-never/table/#seasons=6&rulings=${encode({ [key]: { text: 'x'.repeat(3000) } })}`);
    await expect(page.locator('#table-incoming')).toContainText('too long');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()))).toBe(before);
  });

  test('the rule page’s share control shows the rule’s link as a QR code', async ({ page, browser }) => {
    await page.goto('/forge-war/mine-setup/?players=4&mode=epic');
    const href = (await page.locator('#entry-title-link').getAttribute('href'))!;
    expect(href).toMatch(/\/forge-war\/mine-setup\/\?mode=epic&players=4$/);
    await page.getByRole('button', { name: /QR code/ }).click();
    const svg = page.locator('#share-qr [data-qr] svg');
    await expect(svg).toBeVisible();
    expect(await decodeQr(browser, await svg.evaluate((el) => el.outerHTML))).toBe(href);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(svg).toBeHidden();
  });
});

test.describe('every way back is current (back/forward cache on)', () => {
  /** Marks the page's JavaScript world: the mark survives only when Back restores the page from the cache. */
  const mark = (page: Page) => page.evaluate(() => ((window as unknown as { bfMark: number }).bfMark = 1));
  const marked = (page: Page) => page.evaluate(() => (window as unknown as { bfMark?: number }).bfMark === 1);

  test('options changed elsewhere: Back shows the new setup', async ({ page }) => {
    await page.goto('/now-or-never/end-of-game/');
    expect(await page.locator('.prose').innerText()).toMatch(/\b6 seasons\b/);
    await mark(page);
    await page
      .locator('#setup-bar')
      .getByRole('link', { name: /Change/ })
      .click();
    await page.getByLabel('5 seasons', { exact: true }).check();
    await expect(page.locator('#options-status')).toContainText('Saved');
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/end-of-game\/$/);
    expect(await marked(page)).toBe(true); // restored from the cache, not loaded again
    await expect(page.locator('.prose')).toContainText(/\b5 seasons\b/, { useInnerText: true });
    await expect(page.locator('.prose')).not.toContainText(/\b6 seasons\b/, { useInnerText: true });
    expect(await chips(page, '#setup-bar')).toContain('5 seasons');
    // Forward: the options page shows the saved choice.
    await page.goForward({ waitUntil: 'commit' });
    await expect(page.getByLabel('5 seasons', { exact: true })).toBeChecked();
  });

  test('a pin made on a rule: Back to the game page lists it', async ({ page }) => {
    await page.goto('/now-or-never/');
    await expect(page.locator('[data-pinned]')).toBeHidden();
    await mark(page);
    await page.goto('/now-or-never/pass/');
    await page.locator('[data-pin]').click();
    await expect(page.locator('[data-pin]')).toHaveAttribute('aria-pressed', 'true');
    await page.goBack({ waitUntil: 'commit' });
    expect(await marked(page)).toBe(true);
    await expect(page.locator('[data-pinned]')).toBeVisible();
    await expect(page.locator('[data-pinned] li')).toHaveText([/Pass/]);
  });

  test('theme and text size changed on another page: Back shows them; the recent list is current', async ({ page }) => {
    await page.goto('/');
    await mark(page);
    await page.goto('/vindication/setup/');
    await page.getByRole('button', { name: /theme/ }).click();
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.locator('#text-size').selectOption('large');
    await page.goBack({ waitUntil: 'commit' });
    expect(await marked(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect(await page.evaluate(() => document.documentElement.dataset.textSize)).toBe('large');
    await expect(page.locator('#text-size')).toHaveValue('large');
    await expect(page.locator('#recent-list li').first()).toContainText('Setup');
  });
});

test.describe('another tab', () => {
  test('setup guide: a step ticked in another tab shows here, and ticking here keeps it', async ({ context }) => {
    const boxes = (p: Page) => p.locator('main input[type="checkbox"][data-step]:visible');
    const here = await context.newPage();
    await here.goto('/now-or-never/setup-guide/');
    await expect(here.locator('#guide-status')).toHaveText(/^\d+ steps for this setup\.$/);
    const other = await context.newPage();
    await other.goto('/now-or-never/setup-guide/');
    await boxes(other).nth(1).click();
    await expect(boxes(here).nth(1)).toBeChecked();
    await expect(here.locator('#guide-status')).toHaveText(/^1 of \d+ steps done\.$/);
    await boxes(here).nth(3).click();
    const ids = await Promise.all([1, 3].map((i) => boxes(here).nth(i).getAttribute('data-step')));
    const kept = await here.evaluate(() => JSON.parse(localStorage.getItem('rules:guide:now-or-never') ?? '[]'));
    expect([...kept].sort()).toEqual([...ids].sort());
  });

  test('a setup, theme or pin changed in another tab shows here at once, without a reload', async ({ context }) => {
    const rule = await context.newPage();
    await rule.goto('/now-or-never/end-of-game/');
    expect(await rule.locator('.prose').innerText()).toMatch(/\b6 seasons\b/);
    await rule.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    const other = await context.newPage();
    await other.goto('/now-or-never/options/');
    await other.getByLabel('5 seasons', { exact: true }).check();
    await expect(other.locator('#options-status')).toContainText('Saved');
    await expect(rule.locator('.prose')).toContainText(/\b5 seasons\b/, { useInnerText: true });
    expect(await chips(rule, '#setup-bar')).toContain('5 seasons');
    // The theme, and a pin made on the same rule in the other tab.
    await other.locator('#theme-toggle').click();
    const theme = await other.evaluate(() => document.documentElement.dataset.theme);
    await expect(rule.locator('html')).toHaveAttribute('data-theme', theme!);
    await other.goto('/now-or-never/end-of-game/');
    await other.locator('[data-pin]').click();
    await expect(rule.locator('[data-pin]')).toHaveAttribute('aria-pressed', 'true');
    expect(await rule.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true); // no reload
    // Two tabs never answer each other's visits: the recent list settles. Storage events reach a tab in the order
    // they were written, so a marker sent there and back after the last visit flushes every write either tab's
    // answer would make; the list is then as it was, and no tab wrote it meanwhile.
    const recent = () => rule.evaluate(() => localStorage.getItem('rules:recent'));
    const before = await recent();
    const countRecentWrites = (tab: Page) =>
      tab.evaluate(() => {
        const w = window as unknown as { recentWrites: number };
        w.recentWrites = 0;
        addEventListener('storage', (e) => e.key === 'rules:recent' && w.recentWrites++);
      });
    await countRecentWrites(rule);
    await countRecentWrites(other);
    for (const [from, to] of [
      [other, rule],
      [rule, other],
      [other, rule],
    ] as const) {
      await to.evaluate(() => {
        const w = window as unknown as { marker: Promise<void> };
        w.marker = new Promise<void>((resolve) => addEventListener('storage', (e) => e.key === 'test:marker' && resolve()));
      });
      await from.evaluate(() => localStorage.setItem('test:marker', String(Math.random())));
      await to.evaluate(() => (window as unknown as { marker: Promise<void> }).marker);
    }
    expect(await recent()).toBe(before);
    for (const tab of [rule, other]) expect(await tab.evaluate(() => (window as unknown as { recentWrites: number }).recentWrites)).toBe(0);
  });
});
