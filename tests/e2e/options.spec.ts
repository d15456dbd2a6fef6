/**
 * Play options as the player sees them: every assertion reads visible text (`innerText`, `toBeVisible`), so a
 * variant hidden by the options CSS never counts. (Checked by breaking the CSS on purpose: these tests fail.)
 */
import { expect, test, type Page } from '@playwright/test';
import { holdBack, watchErrors } from './helpers';
import { loadCatalogue } from '../../src/integrations/catalogue';

/** The visible text of the rule's body. */
const prose = (page: Page) => page.locator('.prose').innerText();
/** The visible text of a list item of the rule's body. */
const item = (page: Page, n: number) => page.locator('.prose li').nth(n).innerText();
/** Visible chip labels in a setup line. */
const chips = (page: Page, where: string) => page.locator(`${where} .setup-tag:visible`).allInnerTexts();

test.describe('each game: options change the visible text', () => {
  test('Now or Never: enemies by player count and solo; 4 seasons; underground', async ({ page }) => {
    await page.goto('/now-or-never/setup-enemies/?players=3');
    expect(await item(page, 0)).toMatch(/\b3 tokens\b/);
    expect(await item(page, 0)).not.toMatch(/\b[24] tokens\b/);
    await page.goto('/now-or-never/setup-enemies/?players=4');
    expect(await item(page, 0)).toMatch(/\b4 tokens\b/);
    await page.goto('/now-or-never/setup-enemies/?solo=1');
    expect(await item(page, 0)).toMatch(/\b1 token\b/);
    await page.goto('/now-or-never/end-of-game/?seasons=4');
    expect(await prose(page)).toMatch(/\b4 seasons\b/);
    expect(await prose(page)).not.toMatch(/\b6 seasons\b/);
    await page.goto('/now-or-never/setup-enemies/?underground=1');
    expect(await prose(page)).toMatch(/underground enemies/i);
    await page.goto('/now-or-never/setup-enemies/');
    expect(await prose(page)).not.toMatch(/underground enemies/i);
  });

  test('Vindication: end-game thresholds follow the player count', async ({ page }) => {
    await page.goto('/vindication/end-game-trigger-cards/?players=2');
    expect(await prose(page)).toMatch(/Monsters:\s*3 monsters/);
    await page.goto('/vindication/end-game-trigger-cards/?players=5');
    expect(await prose(page)).toMatch(/Monsters:\s*6 monsters/);
    expect(await prose(page)).not.toMatch(/Monsters:\s*3 monsters/);
  });

  test('Forge War: mine size by player count and solo; epic hiring', async ({ page }) => {
    // "Your game: 4 players, 61 hexes": the count for this setup, stated where the rule gives it.
    const yourGame = async () => /Your game:[^\n]*/.exec(await prose(page))?.[0] ?? '';
    for (const [players, hexes] of [
      ['2', '37'],
      ['3', '48'],
      ['4', '61'],
    ] as const) {
      await page.goto(`/forge-war/mine-setup/?players=${players}`);
      expect(await yourGame()).toBe(`Your game: ${players} players, ${hexes} hexes.`);
    }
    await page.goto('/forge-war/mine-setup/?solo=1&players=4');
    expect(await yourGame()).toMatch(/^Your game: solo\b.*\b48 hexes\.$/);
  });

  test('Pencilvillage: a character and a mod change their rules', async ({ page }) => {
    await page.goto('/pencilvillage/quest/');
    expect(await prose(page)).not.toMatch(/Imrael/);
    await page.goto('/pencilvillage/quest/?character=imrael');
    expect(await prose(page)).toMatch(/Imrael/);
    await page.goto('/pencilvillage/build-action/?mods=tire');
    expect(await prose(page)).toMatch(/Tire/);
    await page.goto('/pencilvillage/build-action/');
    expect(await prose(page)).not.toMatch(/Tire/);
  });

  test('Vindication: the region swap shows once for any expansion region (<When any>), by link, saved or without JavaScript', async ({
    page,
    browser,
  }) => {
    const swaps = async () => (await prose(page)).match(/Region swap \(expansion regions\)/g)?.length ?? 0;
    await page.goto('/vindication/setup-regions/');
    expect(await prose(page)).not.toMatch(/Region swap/);
    // One region by a shared link: the paragraph once, with the basic swap.
    await page.goto('/vindication/setup-regions/?sacred-stones=1');
    expect(await prose(page)).toMatch(/Sacred Stones: its 2 tiles go in/);
    expect(await swaps()).toBe(1);
    expect(await prose(page)).toMatch(/for 3: 1 holy spire, 1 fort and 1 library;/);
    // The setup guide's step follows the same condition.
    await page.goto('/vindication/setup-guide/?well-of-wishes=1');
    expect((await page.locator('main').innerText()).match(/Region swap \(expansion regions\)/g)).toHaveLength(1);
    await page.goto('/vindication/setup-guide/');
    expect(await page.locator('main').innerText()).not.toMatch(/Region swap/);
    // Two regions and the advanced swap, saved as the reader's own setup: still once.
    await page.evaluate(() =>
      localStorage.setItem(
        'rules:options:vindication',
        JSON.stringify({ jewelcrafter: true, 'building-sites': true, 'region-swap': 'advanced' }),
      ),
    );
    await page.goto('/vindication/setup-regions/');
    expect(await prose(page)).toMatch(/Jewelcrafter: its 3 tiles/);
    expect(await prose(page)).toMatch(/Building Sites: the expansion tiles/);
    expect(await swaps()).toBe(1);
    expect(await prose(page)).toMatch(/for 3: 1 command post, 1 monastery and 1 shrine;/);
    // Without JavaScript the default setup's CSS hides it.
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const plain = await noJs.newPage();
    await plain.goto('/vindication/setup-regions/');
    await expect(plain.locator('.prose')).toBeVisible();
    expect(await plain.locator('.prose').innerText()).not.toMatch(/Region swap/);
    await noJs.close();
  });
});

test('the options page changes every entry, without a flash, and persists', async ({ page }) => {
  await page.goto('/now-or-never/end-of-game/');
  expect(await prose(page)).toMatch(/\b6 seasons\b/);
  await page.goto('/now-or-never/options/');
  await page.getByLabel('5 seasons', { exact: true }).check();
  await expect(page.locator('#options-status')).toContainText('5 seasons');
  await page.goto('/now-or-never/end-of-game/');
  expect(await prose(page)).toMatch(/\b5 seasons\b/);
  // The right variant is there before any page script runs (CSS written by the blocking head script).
  const firstPaint = await page.evaluate(() => {
    const span = Array.from(document.querySelectorAll<HTMLElement>('.prose [data-w-seasons]')).find((s) => s.textContent === '5');
    return span ? getComputedStyle(span).display : 'missing';
  });
  expect(firstPaint).not.toBe('none');
  await page.reload();
  expect(await prose(page)).toMatch(/\b5 seasons\b/);
});

test('options that need another option are disabled until it holds (Forge War bonus tiles)', async ({ page }) => {
  await page.goto('/forge-war/options/');
  await expect(page.locator('fieldset[data-option="bonus-tiles"] input')).toBeDisabled();
  await page.getByLabel('Epic game (3 stages)').check();
  await expect(page.locator('fieldset[data-option="bonus-tiles"] input')).toBeEnabled();
});

test.describe('shared links', () => {
  test('the note names the shared setup: the link’s options and where it differs from the reader’s own', async ({ page }) => {
    await page.goto('/now-or-never/seasons/?story=1');
    await page.getByRole('button', { name: 'Use this setup' }).click();
    await expect(page.locator('#setup-note')).toBeHidden();
    await page.goto('/now-or-never/end-of-game/?seasons=4');
    await expect(page.locator('#setup-note')).toBeVisible();
    // The link's 4 seasons; story mode, which the link leaves at its default, is off here though the reader's own is on.
    expect(await chips(page, '#setup-note')).toEqual(['Standard game (no story)', '4 seasons']);
    // One element on top: the "Shown for" line gives way to the note.
    await expect(page.locator('#setup-bar')).toBeHidden();
  });

  test('links followed inside the app keep the shared setup until adopted or dropped', async ({ page }) => {
    await page.goto('/now-or-never/end-of-game/?seasons=4');
    await page.locator('.prose a', { hasText: 'final production' }).first().click();
    await expect(page).toHaveURL(/\/now-or-never\/final-production\/\?seasons=4$/);
    await expect(page.locator('#setup-note')).toBeVisible();
    expect(await chips(page, '#setup-note')).toEqual(['4 seasons']);
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Show my own' }).click();
    await expect(page.locator('#setup-note')).toBeHidden();
    expect(await prose(page)).toMatch(/\b6 seasons\b/);
    await page.locator('.prose a', { hasText: 'final production' }).first().click();
    await expect(page).toHaveURL(/\/now-or-never\/final-production\/$/);
  });

  test('“Use this setup” keeps it; “Show my own” goes back', async ({ page }) => {
    await page.goto('/now-or-never/setup-enemies/?solo=1&seasons=5');
    await expect(page.locator('#setup-note')).toBeVisible();
    expect(await chips(page, '#setup-note')).toEqual(['Solo play (bot)', '5 seasons']);
    expect(await item(page, 0)).toMatch(/\b1 token\b/);
    await page.getByRole('button', { name: 'Show my own' }).click();
    await expect(page.locator('#setup-note')).toBeHidden();
    expect(await item(page, 0)).toMatch(/\b2 tokens\b/);
    await page.goto('/now-or-never/setup-enemies/?players=3');
    await page.getByRole('button', { name: 'Use this setup' }).click();
    await page.goto('/now-or-never/setup-enemies/');
    expect(await item(page, 0)).toMatch(/\b3 tokens\b/);
    await expect(page.locator('#setup-note')).toBeHidden();
  });

  test('share puts the shown options in the link; the friend sees the same text', async ({ page, context, browser }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/forge-war/mine-setup/?players=4');
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: /Share/ }).click();
    await expect(page.locator('#toast')).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/forge-war\/mine-setup\/\?.*players=4/);
    const friend = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await friend.goto(new URL(copied).pathname + new URL(copied).search);
    expect(/Your game:[^\n]*/.exec(await prose(friend))?.[0]).toBe('Your game: 4 players, 61 hexes.');
    await friend.context().close();
  });
});

test.describe('“Shown for”', () => {
  test('lists only the options the entry depends on, whole (wrapping, never cut off), non-defaults first, names as printed', async ({
    page,
  }) => {
    await page.goto('/vindication/options/');
    await page.getByLabel('3 players', { exact: true }).check();
    await page.goto('/vindication/setup/');
    const bar = page.locator('#setup-bar');
    await expect(bar).toBeVisible();
    // The line names what differs from the defaults; the rest opens from "all N".
    expect(await chips(page, '#setup-bar')).toEqual(['3 players']);
    await bar.locator('summary').click();
    const labels = await chips(page, '#setup-bar');
    expect(labels[0]).toBe('3 players');
    for (const l of labels) expect(l).not.toMatch(/^No [a-z]/); // "Without Guilds & Monuments", not "No guilds & Monuments"
    expect(labels).toContain('Without Guilds & Monuments');
    // Every label whole and inside the line: nothing scrolls sideways or is clipped.
    for (const tag of await bar.locator('.setup-tag:visible').all())
      expect(await tag.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= innerWidth)).toBe(true);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });

  test('the rule’s first line is in the first screen (390x844), shared or not, on the longest heads of every game', async ({ page }) => {
    test.setTimeout(120_000);
    // The body starts lower the longer the title and summary: the entries with the longest heads are the worst cases.
    const cat = loadCatalogue();
    for (const game of cat.games) {
      const heads = cat.entries
        .filter((e) => e.game === game.id)
        .sort((a, b) => b.data.title.length * 3 + b.data.summary.length - (a.data.title.length * 3 + a.data.summary.length))
        .slice(0, 3);
      for (const e of heads)
        for (const query of ['', '?players=3&solo=1&seasons=4&mode=epic&character=imrael&mods=tire,alien']) {
          await page.goto(`/${game.id}/${e.slug}/${query}`);
          const top = await page
            .locator('.prose > :visible')
            .first()
            .evaluate((el) => el.getBoundingClientRect().top);
          expect(top, `${e.file}${query}`).toBeLessThan(844 - 30);
        }
    }
  });
});

test('a corrupt saved setting of any shape is ignored, never breaking shared links or the form', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/pencilvillage/');
  for (const bad of [
    '{"mods":[{"toString":1}]}',
    '{"solo": "banana", "seasons": 99',
    '[1,2,3]',
    '"text"',
    'null',
    '{"__proto__":{"character":"imrael"}}',
    '{"character":{"toString":1},"mods":"tire,,<b>"}',
  ]) {
    await page.evaluate((v) => localStorage.setItem('rules:options:pencilvillage', v), bad);
    await page.goto('/pencilvillage/quest/?character=imrael');
    expect(await prose(page), bad).toMatch(/Imrael/);
    await page.goto('/pencilvillage/options/');
    await page.getByLabel('Tire', { exact: true }).setChecked(false);
    await page.getByLabel('Tire', { exact: true }).check();
    await expect(page.locator('#options-status'), bad).toContainText('Mods: Tire');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rules:options:pencilvillage')!).mods)).toEqual(['tire']);
  }
  await page.goto('/now-or-never/pass/?seasons=7&solo=maybe&x=<b>');
  await expect(page.locator('#setup-note')).toBeHidden();
  expect(errors()).toEqual([]);
});

test.describe('a tap while the page is still loading is kept, never undone', () => {
  test('options page: an option changed before its script runs is saved over the reader’s own setup', async ({ page }) => {
    await page.goto('/now-or-never/end-of-game/');
    await page.evaluate(() => localStorage.setItem('rules:options:now-or-never', JSON.stringify({ story: true })));
    const release = await holdBack(page, /\/_astro\/options\.astro_astro_type_script[^/]*\.js$/);
    await page.goto('/now-or-never/options/', { waitUntil: 'commit' });
    await page.getByLabel('5 seasons', { exact: true }).check();
    await release();
    await expect(page.locator('#options-status')).toHaveText(/^Saved: .*Story mode .*5 seasons/);
    await expect(page.getByLabel('5 seasons', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Story mode (campaign)')).toBeChecked();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('rules:options:now-or-never')!));
    expect(saved).toMatchObject({ story: true, seasons: '5' });
  });

  test('options page: a mod ticked before its script runs joins the mods already chosen', async ({ page }) => {
    await page.goto('/pencilvillage/');
    await page.evaluate(() => localStorage.setItem('rules:options:pencilvillage', JSON.stringify({ mods: ['tire'] })));
    const release = await holdBack(page, /\/_astro\/options\.astro_astro_type_script[^/]*\.js$/);
    await page.goto('/pencilvillage/options/', { waitUntil: 'commit' });
    await page.getByLabel('Glom', { exact: true }).check();
    await release();
    await expect(page.locator('#options-status')).toHaveText(/^Saved: .*Mods: Glom, Tire|^Saved: .*Mods: Tire, Glom/);
    await expect(page.getByLabel('Tire', { exact: true })).toBeChecked();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('rules:options:pencilvillage')!));
    expect([...saved.mods].sort()).toEqual(['glom', 'tire']);
  });

  test('shared setup: a link followed before the page script runs carries it', async ({ page }) => {
    const release = await holdBack(page, /\/_astro\/Base\.astro_astro_type_script[^/]*\.js$/);
    await page.goto('/now-or-never/end-of-game/?seasons=4', { waitUntil: 'commit' });
    await page.locator('.prose a', { hasText: 'final production' }).first().click();
    await expect(page).toHaveURL(/\/now-or-never\/final-production\/\?seasons=4$/);
    await release();
    await expect(page.locator('#setup-note')).toBeVisible();
    expect(await prose(page)).toMatch(/\b4th and last season\b/);
  });

  test('setup guide: a step ticked before its script runs stays ticked and is kept', async ({ page }) => {
    const release = await holdBack(page, /\/_astro\/setup-guide\.astro_astro_type_script[^/]*\.js$/);
    await page.goto('/now-or-never/setup-guide/', { waitUntil: 'commit' });
    const box = page.locator('main input[type="checkbox"][data-step]:visible').nth(2);
    await box.click();
    const id = await box.getAttribute('data-step');
    await release();
    await expect(page.locator('#guide-status')).toHaveText(/^1 of \d+ steps done\.$/);
    await expect(box).toBeChecked();
    await page.reload();
    await expect(page.locator(`main input[data-step="${id}"]`)).toBeChecked();
  });
});

test('unclear rules page: a reading picked before its script runs is recorded', async ({ page }) => {
  const release = await holdBack(page, /\/_astro\/unclear\.astro_astro_type_script[^/]*\.js$/);
  await page.goto('/now-or-never/unclear/', { waitUntil: 'commit' });
  const reading = 'input[type="radio"]:not([value="own"])';
  const item = page
    .locator('[data-unclear][data-key]')
    .filter({ has: page.locator(reading) })
    .first();
  await item.locator(reading).first().check();
  const key = await item.getAttribute('data-key');
  await release();
  await expect(page.locator('#rulings-status')).toContainText('ruled on 1 of');
  await expect(item.locator(reading).first()).toBeChecked();
  const rulings = await page.evaluate(() => JSON.parse(localStorage.getItem('rules:rulings:now-or-never') ?? '{}'));
  expect(Object.keys(rulings)).toEqual([key]);
});
