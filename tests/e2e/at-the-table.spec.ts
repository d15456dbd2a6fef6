/**
 * At the table, as the player sees it (visible text, real taps): the reader's row in tables keyed by an option, a
 * ruling recorded right in an unclear note, and the long pages' filters, letters and anchors.
 */
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { watchErrors } from './helpers';

/** Sets a choice option on the game's options page by tapping its value, as a player does. */
async function choose(page: Page, game: string, label: string) {
  await page.goto(`/${game}/options/`);
  await page.getByLabel(label, { exact: true }).check();
  await expect(page.getByLabel(label, { exact: true })).toBeChecked();
}

/** The first cell's text of the rows marked as the reader's (`aria-current="true"`). */
const currentRows = (page: Page) => page.locator('.prose tr[aria-current="true"] > :first-child').allInnerTexts();

test.describe('your row in a table keyed by an option', () => {
  test('setup-enemies marks the 3-player row for a 3-player setup, not the 4-player row; then follows the options', async ({ page }) => {
    const errors = watchErrors(page);
    await choose(page, 'now-or-never', '3 players');
    await page.goto('/now-or-never/setup-enemies/');
    expect(await currentRows(page)).toEqual(['3 Your game']);
    const firstCell = (n: string) => page.locator('td:first-child', { hasText: new RegExp(`^${n}\\b`) });
    const row = (n: string) => page.locator('.prose tr').filter({ has: firstCell(n) });
    await expect(row('3').locator('.row-mark')).toBeVisible();
    await expect(row('3').locator('.row-mark')).toHaveText('Your game');
    await expect(row('4')).not.toHaveAttribute('aria-current', 'true');
    await expect(row('4').locator('.row-mark')).toBeHidden();

    // A shared link shows its own setup's row; "Show my own" brings the reader's back, with no reload.
    await page.goto('/now-or-never/setup-enemies/?players=4');
    expect(await currentRows(page)).toEqual(['4 Your game']);
    await page.locator('#setup-mine').click();
    await expect(row('3')).toHaveAttribute('aria-current', 'true');
    await expect(row('4')).not.toHaveAttribute('aria-current', 'true');
    await expect(row('4').locator('.row-mark')).toBeHidden();

    // Solo: the solo row; the player-count table marks the same.
    await page.goto('/now-or-never/player-count/?solo=1');
    expect(await currentRows(page)).toEqual(['1 (solo) Your game']);
    expect(errors()).toEqual([]);
  });

  test('the mark is drawn by the options CSS before any page script runs (no flash)', async ({ page }) => {
    await choose(page, 'now-or-never', '3 players');
    // Only the inline head script runs: the page's module scripts are refused.
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto('/now-or-never/setup-enemies/');
    const marks = page.locator('.prose .row-mark:visible');
    await expect(marks).toHaveCount(1);
    expect(await marks.evaluate((m) => m.closest('tr')!.querySelector('td')!.firstChild!.textContent!.trim())).toBe('3');
  });

  test('a row for several values, and rows keyed by two options', async ({ page }) => {
    await page.goto('/forge-war/mine-setup/?solo=1');
    expect(await currentRows(page)).toEqual(['3 (and solo) Your game']);
    await page.goto('/forge-war/mine-setup/?players=2');
    expect(await currentRows(page)).toEqual(['2 Your game']);
    await page.goto('/forge-war/solo-setup/?mode=epic&bonus-tiles=1');
    expect(await currentRows(page)).toEqual(['Epic with bonus tiles Your game']);
    await page.goto('/forge-war/solo-setup/?mode=epic');
    expect(await currentRows(page)).toEqual(['Epic Your game']);
    await page.goto('/now-or-never/setup-search-tokens/?seasons=4');
    expect(await currentRows(page)).toEqual(['4 seasons Your game']);
  });
});

test.describe('rule on the spot', () => {
  test('a ruling chosen in the note on its rule page survives a reload and shows on the unclear page', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/now-or-never/setup-enemies/');
    const note = page.locator('.prose [data-unclear="solo-enemy-count"]');
    await expect(page.locator('.prose .ruling')).toHaveCount(0);
    await note.getByText("Record your table's ruling").click();
    const reading = '2 per level for levels 1 to 8, 1 at level 9 (online reference)';
    await note.getByText(reading).click();
    await expect(page.locator('.prose .ruling')).toHaveText(`Your table plays: ${reading}`);
    await expect(note.locator('summary')).toHaveText("Change your table's ruling");
    // The open form, as axe sees it (the a11y suite checks the page with the form closed).
    const axe = await new AxeBuilder({ page })
      .include('.prose [data-unclear]')
      .options({ rules: { 'target-size': { enabled: true } } })
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.reload();
    await expect(page.locator('.prose .ruling')).toHaveText(`Your table plays: ${reading}`);
    await note.locator('summary').click();
    await expect(note.getByLabel(reading)).toBeChecked();

    // The unclear page holds the same ruling.
    await page.goto('/now-or-never/unclear/');
    const item = page.locator('#setup-enemies--solo-enemy-count');
    await expect(item.getByLabel(reading)).toBeChecked();
    await expect(page.locator('#rulings-status')).toContainText('ruled on 1 of');

    // Own words on the rule page, shown as typed; Clear removes the ruling.
    await page.goto('/now-or-never/setup-enemies/');
    await note.locator('summary').click();
    await note.getByLabel('Our own ruling', { exact: true }).check();
    await note.locator('input[data-own]').fill('<b>2</b> per level, always');
    await expect(page.locator('.prose .ruling')).toHaveText('Your table plays: <b>2</b> per level, always');
    await note.getByRole('button', { name: /^Clear/ }).click();
    await expect(page.locator('.prose .ruling')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.prose .ruling')).toHaveCount(0);
    expect(errors()).toEqual([]);
  });
});

test.describe('long pages', () => {
  test('the unclear page: a filter, and an anchor per item', async ({ page }) => {
    await page.goto('/pencilvillage/unclear/');
    const items = page.locator('main [data-unclear][data-key]');
    const all = await items.count();
    expect(all).toBeGreaterThan(5);
    await page.getByLabel('Filter the unclear rules of Pencilvillage').fill('tire');
    await expect(page.locator('#unclear-filter-status')).toHaveText(/^(1 point matches|\d+ points match)\.$/);
    const shown = await page.locator('main [data-unclear][data-key]:visible').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
    for (const text of await page.locator('main [data-unclear][data-key]:visible').allInnerTexts())
      expect(text.toLowerCase()).toContain('tire');
    // Sections without a match fold away.
    expect(await page.locator('main .unclear-section:visible').count()).toBeLessThan(await page.locator('main .unclear-section').count());
    await page.getByLabel('Filter the unclear rules of Pencilvillage').fill('');
    await expect(page.locator('main [data-unclear][data-key]:visible')).toHaveCount(all);

    const key = (await items.last().getAttribute('data-key'))!;
    await page.goto(`/pencilvillage/unclear/#${key.replace('#', '--')}`);
    await expect(items.last().locator('h3')).toBeInViewport();
  });

  test('the A-Z page: a filter, and a Letters link always at hand', async ({ page }) => {
    await page.goto('/vindication/terms/');
    const terms = page.locator('main li[data-term]');
    const all = await terms.count();
    await page.getByLabel('Filter the terms of Vindication').fill('relic');
    await expect(page.locator('#terms-status')).toHaveText(/^\d+ terms? match\.$/);
    const visible = page.locator('main li[data-term]:visible');
    expect(await visible.count()).toBeLessThan(all);
    for (const text of await visible.allInnerTexts()) expect(text.toLowerCase()).toContain('relic');
    // Letters with no match leave the index too.
    const letters = page.locator('nav.letters a:visible');
    expect(await letters.count()).toBe(await page.locator('main section[data-letter]:visible').count());
    await page.getByLabel('Filter the terms of Vindication').fill('');
    await expect(terms.filter({ visible: true })).toHaveCount(all);

    // Far down the page, the Letters link is on screen and leads back to the letters.
    await page.locator('main section[data-letter]').last().scrollIntoViewIfNeeded();
    await page.locator('main section[data-letter]').nth(10).scrollIntoViewIfNeeded();
    const back = page.getByRole('link', { name: 'Letters', exact: true });
    await expect(back).toBeInViewport();
    await back.click();
    await expect(page.locator('nav.letters')).toBeInViewport();
  });

  test('the A-Z page lists what the rulebook prints (titles and terms), never the aliases search knows', async ({ page }) => {
    for (const game of readdirSync('content/games').map((f) => f.replace(/\.yaml$/, ''))) {
      // Each entry's title and terms, and its aliases that are neither: "label|slug", as the content has them.
      const printed = new Set<string>();
      const aliasesOnly = new Set<string>();
      const entries = readdirSync(`content/${game}`).map((f) => {
        const data = parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(`content/${game}/${f}`, 'utf8'))![1]!);
        return { slug: f.replace(/\.mdx$/, ''), ...(data as { title: string; terms?: string[]; aliases?: string[] }) };
      });
      for (const e of entries) for (const t of [e.title, ...(e.terms ?? [])]) printed.add(`${t.trim().toLowerCase()}|${e.slug}`);
      for (const e of entries)
        for (const a of e.aliases ?? []) if (!printed.has(`${a.toLowerCase()}|${e.slug}`)) aliasesOnly.add(`${a.toLowerCase()}|${e.slug}`);
      await page.goto(`/${game}/terms/`);
      const listed = await page
        .locator('main li[data-term] a')
        .evaluateAll((links) => links.map((a) => `${a.textContent!.toLowerCase()}|${a.getAttribute('href')!.split('/')[2]}`));
      expect(listed.length, game).toBe(printed.size);
      expect(new Set(listed), game).toEqual(printed);
      expect(
        listed.filter((l) => aliasesOnly.has(l)),
        game,
      ).toEqual([]);
      await expect(page.locator('main .lede')).toHaveText(new RegExp(`^${printed.size} terms and rule titles`));
    }
  });

  test("the A-Z filter forgives slips, and offers the game's search when no term matches as typed", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/vindication/terms/');
    const filter = page.getByLabel('Filter the terms of Vindication');
    const visible = page.locator('main li[data-term]:visible');
    const offer = page.locator('#terms-search a');
    // As typed, the filter is exact and offers no search.
    await filter.fill('conver');
    await expect(page.locator('#terms-status')).toHaveText(/^\d+ terms? match\.$/);
    await expect(offer).toBeHidden();
    // A slip: the terms that come close, and the search.
    await filter.fill('convrsion');
    await expect(page.locator('#terms-status')).toHaveText(/^No term matches as typed; \d+ comes? close\.$/);
    expect(await visible.locator('a').allInnerTexts()).toContain('Conversion');
    await expect(offer).toBeVisible();
    await expect(offer).toHaveText('Search for “convrsion”');
    const axe = await new AxeBuilder({ page })
      .include('main')
      .options({ rules: { 'target-size': { enabled: true } } })
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await filter.fill('acadamy');
    expect(await visible.locator('a').allInnerTexts()).toEqual(['Academy']);
    // Nothing near: no term, and the search for the text, shown as text.
    await filter.fill('<img src=x onerror=alert(1)> qqzx');
    await expect(page.locator('#terms-status')).toHaveText('No term matches.');
    await expect(visible).toHaveCount(0);
    await expect(offer).toHaveText('Search for “<img src=x onerror=alert(1)> qqzx”');
    await expect(offer.locator('img')).toHaveCount(0);
    // The search opens with the text, in this game, and finds the rule the slip meant.
    await filter.fill('convrsion');
    await offer.click();
    // The search page may write its parameters back in its own order: the page and both parameters are what count.
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search/' && url.searchParams.get('game') === 'vindication' && url.searchParams.get('q') === 'convrsion',
    );
    await expect(page.locator('#search-page-q')).toHaveValue('convrsion');
    await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/vindication/conversion/');
    expect(errors()).toEqual([]);
  });

  test('what changes marks your value and opens at the option asked, from a "Shown for" label too', async ({ page }) => {
    const errors = watchErrors(page);
    await choose(page, 'now-or-never', '5 seasons');
    await page.goto('/now-or-never/changes/?option=seasons');
    await expect(page.locator('section#seasons h2')).toBeInViewport();
    const marks = page.locator('section#seasons .your-value:visible');
    expect(await marks.count()).toBeGreaterThan(0);
    for (const dt of await page
      .locator('section#seasons dt')
      .filter({ has: page.locator('.your-value:visible') })
      .allInnerTexts())
      expect(dt).toMatch(/5 seasons.*Your setup/);
    // The default's values are not marked for this reader.
    for (const dt of await page.locator('section#seasons dt').filter({ hasText: '6 seasons (full game)' }).allInnerTexts())
      expect(dt).not.toContain('Your setup');

    await page.goto('/now-or-never/end-of-game/');
    await page.locator('#setup-bar a.setup-tag:visible', { hasText: '5 seasons' }).click();
    await expect(page).toHaveURL(/\/now-or-never\/changes\/#seasons$/);
    await expect(page.locator('section#seasons h2')).toBeInViewport();
    expect(errors()).toEqual([]);
  });
});
