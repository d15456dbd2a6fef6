import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

/**
 * Play along (`/<game>/play/`), per game: the length for two setups (saved as the options page saves them), the
 * round moved by real taps and kept over a reload, a special round shown at its round for its setup only, linking to
 * its rule, and "New game" asking first.
 */
type Setup = Record<string, unknown>;
interface Case {
  lengths: [Setup, RegExp][];
  special: { setup: Setup; round: number; title: string; href: string; other: Setup };
}
const GAMES: Record<string, Case> = {
  'now-or-never': {
    lengths: [
      [{}, /^6$/],
      [{ seasons: '4', solo: true }, /^4$/],
    ],
    special: {
      setup: { seasons: '5' },
      round: 5,
      title: 'Final production',
      href: '/now-or-never/final-production/',
      other: { seasons: '6' },
    },
  },
  'forge-war': {
    lengths: [
      [{ mode: 'simple' }, /^7$/],
      [{ mode: 'epic' }, /^18$/],
    ],
    special: { setup: { mode: 'epic' }, round: 6, title: 'Stage change', href: '/forge-war/stage-change/', other: { mode: 'simple' } },
  },
  pencilvillage: {
    lengths: [
      [{}, /^30$/],
      [{ character: 'nebuchadnezzar', mods: ['tire'] }, /^30$/],
    ],
    special: {
      setup: { character: 'nebuchadnezzar' },
      round: 27,
      title: 'Nebuchadnezzar pays 12g',
      href: '/pencilvillage/character-nebuchadnezzar/',
      other: { character: 'imrael' },
    },
  },
  vindication: {
    lengths: [
      [{}, /No fixed number of rounds[\s\S]*30, 45, 60 and 75/],
      [{ players: '5', 'myths-wonders': true }, /No fixed number of rounds[\s\S]*final round/],
    ],
    special: { setup: { players: '2' }, round: 1, title: 'First player', href: '/vindication/turn-order/', other: { players: '2' } },
  },
};

/** Saves a setup as the options page does, then opens the play page. */
async function openWith(page: Page, game: string, setup: Setup): Promise<void> {
  await page.goto(`/${game}/play/`);
  await page.evaluate(([g, s]) => localStorage.setItem(`rules:options:${g}`, JSON.stringify(s)), [game, setup] as const);
  await page.reload();
}
const round = (page: Page) => page.locator('[data-round]');
const specials = (page: Page) => page.locator('[data-special]:visible');
/** Taps "Next" until the round shows `n`. */
async function goTo(page: Page, n: number): Promise<void> {
  const next = page.locator('[data-next-round]');
  for (let r = Number(await round(page).innerText()); r < n; r++) {
    await next.click();
    await expect(round(page)).toHaveText(String(r + 1));
  }
}

for (const [game, c] of Object.entries(GAMES)) {
  test.describe(game, () => {
    test('play along: the length follows the setup; next and previous move the round, which survives a reload', async ({ page }) => {
      const errors = watchErrors(page);
      for (const [setup, expected] of c.lengths) {
        await openWith(page, game, setup);
        expect(await page.locator('[data-rounds]').innerText()).toMatch(expected);
      }
      await expect(round(page)).toHaveText('1');
      await expect(page.locator('[data-prev-round]')).toBeDisabled();
      // The phases of a round, each a link to its rule.
      const phases = page.locator('[data-phase]:visible');
      expect(await phases.count()).toBeGreaterThanOrEqual(3);
      for (const link of await phases.locator('a').all())
        await expect(link).toHaveAttribute('href', new RegExp(`^/${game}/[a-z0-9-]+/(#[a-z0-9-]+)?$`));
      await page.locator('[data-next-round]').click();
      await page.locator('[data-next-round]').click();
      await expect(round(page)).toHaveText('3');
      await page.locator('[data-prev-round]').click();
      await expect(round(page)).toHaveText('2');
      await page.reload();
      await expect(round(page)).toHaveText('2');
      expect(errors()).toEqual([]);
    });

    test('play along: a special round shows at its round, for its setup, linking to its rule', async ({ page }) => {
      const { setup, round: at, title, href, other } = c.special;
      await openWith(page, game, setup);
      if (at > 1) {
        await goTo(page, at - 1);
        await expect(specials(page).filter({ hasText: title })).toHaveCount(0);
      }
      await goTo(page, at);
      const line = specials(page).filter({ hasText: title });
      await expect(line).toHaveCount(1);
      await expect(line.getByRole('link', { name: title })).toHaveAttribute('href', href);
      if (JSON.stringify(other) !== JSON.stringify(setup)) {
        // Another setup, same round: the line is not there.
        await page.evaluate(([g, s]) => localStorage.setItem(`rules:options:${g}`, JSON.stringify(s)), [game, other] as const);
        await page.reload();
        await expect(round(page)).toHaveText(String(at));
        await expect(specials(page).filter({ hasText: title })).toHaveCount(0);
      }
    });

    // The same code for every game: checked on one (Forge War; the other tests here run on every game).
    if (game === 'forge-war')
      test('play along: New game asks first; declining keeps the round, confirming goes back to 1', async ({ page }) => {
        await openWith(page, game, {});
        await goTo(page, 3);
        await page.getByRole('button', { name: 'New game' }).click();
        const dialog = page.getByRole('dialog', { name: 'Start a new game?' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Keep playing' }).click();
        await expect(dialog).toBeHidden();
        await expect(round(page)).toHaveText('3');
        await page.getByRole('button', { name: 'New game' }).click();
        await dialog.getByRole('button', { name: 'New game' }).click();
        await expect(round(page)).toHaveText('1');
        await page.reload();
        await expect(round(page)).toHaveText('1');
      });
  });
}

test('play along: the last round stops Next; a stored round past the setup, or junk, is read safely', async ({ page }) => {
  const errors = watchErrors(page);
  await openWith(page, 'now-or-never', { seasons: '4' });
  await page.evaluate(() => localStorage.setItem('rules:round:now-or-never', '6'));
  await page.reload();
  await expect(round(page)).toHaveText('4');
  await expect(page.locator('[data-round-of]')).toHaveText(' of 4');
  await expect(page.locator('[data-next-round]')).toBeDisabled();
  await expect(specials(page).filter({ hasText: 'Final production' })).toHaveCount(1);
  for (const bad of ['{', '"3"', '-2', '[5]']) {
    await page.evaluate((v) => localStorage.setItem('rules:round:now-or-never', v), bad);
    await page.reload();
    await expect(round(page)).toHaveText('1');
  }
  expect(errors()).toEqual([]);
});

test('play along: Forge War epic shows the stage; the game page, setup guide and a phase rule link the page', async ({ page }) => {
  await openWith(page, 'forge-war', { mode: 'epic' });
  await goTo(page, 9);
  await expect(page.locator('[data-round-stage]')).toHaveText('Stage 2, round 3');
  await page.goto('/forge-war/');
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Play along' }).click();
  await expect(page).toHaveURL(/\/forge-war\/play\/$/);
  await expect(round(page)).toHaveText('9');
  await page.goto('/forge-war/setup-guide/');
  await expect(page.locator('main a[href="/forge-war/play/"]').last()).toBeVisible();
  await page.goto('/forge-war/mine-phase/');
  await page.locator('main').getByRole('link', { name: 'Play along, round by round' }).click();
  await expect(page).toHaveURL(/\/forge-war\/play\/$/);
});

test('where the device keeps nothing, the round still moves and the page says it is not kept', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  await page.goto('/now-or-never/play/');
  await expect(page.locator('[data-play-unsaved]')).toBeHidden();
  await page.locator('[data-next-round]').click();
  await expect(round(page)).toHaveText('2');
  await expect(page.locator('[data-play-unsaved]')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Saved');
  expect(errors()).toEqual([]);
});
