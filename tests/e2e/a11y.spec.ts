import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watchErrors } from './helpers';

const pages = {
  home: '/',
  game: '/now-or-never/',
  entry: '/now-or-never/setup-enemies/',
  'entry with options and a table': '/forge-war/mine-setup/?players=4',
  terms: '/vindication/terms/',
  options: '/pencilvillage/options/',
  'my setup': '/pencilvillage/my-setup/?character=erwin-lyme&mods=tire,glom',
  search: '/search/?q=coins',
  '404': '/no/such/page/',
  'setup guide': '/now-or-never/setup-guide/?players=4&solo=0',
  'setup guide with chosen values': '/pencilvillage/setup-guide/?character=erwin-lyme&mods=tire',
  'what changes': '/forge-war/changes/',
  'unclear rules': '/now-or-never/unclear/',
  'table link': '/vindication/table/',
  'table link opened on another phone (its question open)': '/now-or-never/table/#players=4&seasons=5',
  print: '/vindication/print/',
  'quick reference': '/pencilvillage/quick-reference/',
  'play along': '/forge-war/play/?mode=epic&bonus-tiles=1',
};

/**
 * Every axe rule on the page. Legacy mode runs axe in the page itself instead of gathering per-frame results in a
 * second, blank page: the site has no frames (its CSP and the content check allow none), and on the A-Z page
 * (2,800 elements) that second page took two thirds of axe's time. Only violations are reported in detail.
 * `target-size` (WCAG 2.2: targets at least 24 px, off by default in axe) is on.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });

/**
 * The rules a theme can break: the dark theme changes colours only (`prefers-color-scheme` in CSS), so the second
 * pass runs these, not all of axe again.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The violations, one line each: the rule and up to 3 of its elements (only `rules`' when given). */
const violations = async (page: Page, rules?: string[]) =>
  (await (rules ? axe(page).withRules(rules) : axe(page)).analyze()).violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );

for (const [kind, url] of Object.entries(pages)) {
  test(`${kind} page: no axe violations, no console errors (light and dark)`, async ({ page }) => {
    // Pages that list every entry (or every term) take axe a while, twice.
    if (['terms', 'what changes', 'print'].includes(kind)) test.slow();
    const errors = watchErrors(page);
    // One load, both schemes: the colours follow `prefers-color-scheme` in CSS alone (no script reads it at load),
    // so switching the emulated scheme repaints the same page in the other theme.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    expect(await violations(page), 'light').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(), 'the dark theme is on').not.toBe(light);
    expect(await violations(page, COLOUR_RULES), 'dark').toEqual([]);
    expect(errors().filter((e) => !e.includes('404'))).toEqual([]);
  });
}

test('play along at the end of the game (Vindication, a trigger marked): no axe violations', async ({ page }) => {
  await page.goto('/vindication/play/?players=3');
  await page.locator('[data-end-triggered]').click();
  await expect(page.locator('[data-game-end]')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
