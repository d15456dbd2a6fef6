import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watchErrors } from './helpers';

/**
 * The way through a game night, as a player taps it on a phone (390x844): the options page leads on to the setup
 * guide and the play along from its first screen; the setup guide leads on to the play along; the game page, while a
 * game is under way, says which setup and which round, one tap from the play along; and a rule page's "Shown for"
 * line names only what differs from the game's defaults, folding the rest, so the title and the rule lead.
 */

/** axe's violations on the page as it is now (every rule, target sizes too), light and dark: one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    out.push(
      ...(await axe.analyze()).violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  return out;
}

/** What an element shows, its white space as single spaces. */
const words = async (el: Locator) => (await el.innerText()).replace(/\s+/g, ' ').trim();

/** Taps "Next" on the play-along page until the round shows `n`. */
async function playTo(page: Page, n: number): Promise<void> {
  const next = page.locator('[data-next-round]');
  const round = page.locator('[data-round]');
  for (let r = Number(await round.innerText()); r < n; r++) {
    await next.click();
    await expect(round).toHaveText(String(r + 1));
  }
}

test('options, then "Setup guide", then "Play along": each a tap from the first screen of the page before', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/now-or-never/options/');
  await page.getByLabel('5 seasons', { exact: true }).check();
  await expect(page.locator('#options-status')).toContainText('Saved');
  const guide = page.getByRole('link', { name: 'Setup guide', exact: true }).first();
  const play = page.getByRole('link', { name: 'Play along', exact: true }).first();
  // Near the top: in the first screen, before the first option, without scrolling to the footer.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(guide).toBeInViewport();
  await expect(play).toBeInViewport();
  const formTop = await page.locator('#options-form').evaluate((el) => el.getBoundingClientRect().top);
  expect(await guide.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(formTop);
  await guide.click();
  await expect(page).toHaveURL(/\/now-or-never\/setup-guide\/$/);
  await expect(page.locator('main input[type=checkbox][data-step]:visible').first()).toBeVisible();
  await page
    .getByRole('link', { name: /Play along/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/now-or-never\/play\/$/);
  await expect(page.locator('[data-rounds]')).toHaveText('5'); // the setup chosen on the options page
  expect(errors()).toEqual([]);
});

test('the game page: no line before a game; "Your game: setup · round N" once one is under way, one tap back into it', async ({ page }) => {
  const errors = watchErrors(page);
  const yourGame = page.locator('[data-your-game]');
  await page.goto('/vindication/');
  await expect(yourGame).toBeHidden();

  await page.goto('/vindication/options/');
  await page.getByLabel('3 players', { exact: true }).check();
  await page.getByLabel('Treachery expansion', { exact: true }).check();
  await expect(page.locator('#options-status')).toContainText('Saved');

  // Setting up: a ticked step of the guide is a game under way; the line leads back to the guide.
  await page.goto('/vindication/setup-guide/');
  await page.locator('main input[type=checkbox][data-step]:visible').first().check();
  await page.goto('/vindication/');
  await expect(yourGame).toBeVisible();
  expect(await words(yourGame)).toBe('Your game: 3 players Treachery expansion · setting up (1 step done)');
  await expect(yourGame.getByRole('link')).toHaveAttribute('href', '/vindication/setup-guide/');

  // Playing: the round kept on the play-along page, and the setup in its labels (only what differs from the defaults).
  await page.goto('/vindication/play/');
  await playTo(page, 3);
  await page.goto('/vindication/');
  await expect(yourGame).toBeVisible();
  expect(await words(yourGame)).toBe('Your game: 3 players Treachery expansion · round 3');
  await expect(yourGame).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await yourGame.getByRole('link').click();
  await expect(page).toHaveURL(/\/vindication\/play\/$/);
  await expect(page.locator('[data-round]')).toHaveText('3');
  // Back: the page from the back/forward cache shows the round moved since.
  await playTo(page, 4);
  await page.goBack({ waitUntil: 'commit' });
  await expect(yourGame).toContainText('round 4');
  expect(errors()).toEqual([]);
});

test('the game page at the default setup names it, and counts a game in seasons where the game does', async ({ page }) => {
  await page.goto('/now-or-never/play/');
  await playTo(page, 2);
  await page.goto('/now-or-never/');
  expect(await words(page.locator('[data-your-game]'))).toBe('Your game: Default setup · season 2');
});

/** The share of the first screen (390x844) an element takes, and where it is. */
const screenShare = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return Math.max(0, Math.min(innerHeight, r.bottom) - Math.max(0, r.top)) / innerHeight;
  });

test('"Shown for" names only what differs from the defaults, folds the rest: the title and the rule lead the first screen', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // A rule that depends on 9 options (it showed 9 labels, 28% of the first screen).
  await page.goto('/vindication/setup-regions/');
  const bar = page.locator('#setup-bar');
  const shown = () => bar.locator('.setup-tag:visible').allInnerTexts();
  expect(await shown()).toEqual(['Default setup']);
  expect(await screenShare(page, '#setup-bar')).toBeLessThan(0.08);
  await expect(page.locator('h1')).toBeInViewport();
  // The rule itself starts in the first half of the first screen.
  const ruleTop = await page.locator('.prose > :first-child').evaluate((el) => el.getBoundingClientRect().top);
  expect(ruleTop).toBeLessThan(844 / 2);

  // Every label is one tap away.
  await expect(bar.locator('summary')).toHaveText(/^all 9\b/);
  await bar.locator('summary').click();
  const all = await shown();
  expect(all).toHaveLength(1 + 9);
  expect(all).toEqual(expect.arrayContaining(['4 players', 'Without Myths & Wonders', 'Without Building Sites', 'Basic region swap']));
  expect(await axeViolations(page)).toEqual([]);

  // A setup that differs: the line names that, and only that.
  await page.goto('/vindication/options/');
  await page.getByLabel('3 players', { exact: true }).check();
  await page.getByLabel('Sacred Stones region', { exact: true }).check();
  await expect(page.locator('#options-status')).toContainText('Saved');
  await page.goto('/vindication/setup-regions/');
  expect(await shown()).toEqual(['3 players', 'Sacred Stones region']);
  expect(await screenShare(page, '#setup-bar')).toBeLessThan(0.12); // 2 lines at most
  expect(errors()).toEqual([]);
});
