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
      title: 'Last season',
      href: '/now-or-never/end-of-game/#last-season',
      other: { seasons: '6' },
    },
  },
  'forge-war': {
    lengths: [
      [{ mode: 'simple' }, /^7$/],
      [{ mode: 'epic' }, /^18$/],
    ],
    special: {
      setup: { mode: 'epic' },
      round: 6,
      title: 'Stage change',
      href: '/forge-war/stage-change/#steps',
      other: { mode: 'simple' },
    },
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
      href: '/pencilvillage/winning-and-losing/#nebuchadnezzar',
      other: { character: 'imrael' },
    },
  },
  vindication: {
    lengths: [
      [{}, /No fixed number of rounds[\s\S]*30, 45, 60 or 75/],
      [{ players: '5', 'myths-wonders': true }, /No fixed number of rounds[\s\S]*everyone at speed 4 or more/],
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
  await expect(specials(page).filter({ hasText: 'Last season' })).toHaveCount(1);
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

/**
 * Played to the end: before the last round no ending shows; at the last round `[data-game-end]` holds how the game
 * ends and is scored for the setup, in the entries' words (one setup per game, each with an option that changes the
 * scoring).
 */
const ENDINGS: { game: string; setup: Setup; last: number; has: string[]; hasNot: string[] }[] = [
  {
    game: 'now-or-never',
    setup: { seasons: '5', story: true, players: '3' },
    last: 5,
    has: ['Final production', 'Discard all your coins', 'The most reputation earns 3 more points', 'Campaign sheet', 'Tiebreakers'],
    hasNot: ['The bot never scores'],
  },
  {
    game: 'forge-war',
    setup: { mode: 'simple', players: '2' },
    last: 7,
    has: [
      'Every quest still active fails at once',
      '1 prestige for every full 4 gold',
      'first among them in the current player order wins',
    ],
    hasNot: ['great score'],
  },
  {
    game: 'pencilvillage',
    setup: { mods: ['precarious'], objective: 'objective-store-12-wood', scoring: 'low-randomness' },
    last: 30,
    has: ['Precarious puts 2 ticks there', 'the start of Round 15', 'Low-randomness scoring', '1 per 4 gems'],
    hasNot: ['Gems come from'],
  },
];
for (const e of ENDINGS)
  test(`play along to the end (${e.game}): the last round shows how the game ends and is scored for the setup`, async ({ page }) => {
    const errors = watchErrors(page);
    const end = page.locator('[data-game-end]');
    await openWith(page, e.game, e.setup);
    await expect(end).toBeHidden();
    await goTo(page, e.last - 1);
    await expect(end).toBeHidden();
    await goTo(page, e.last);
    await expect(page.locator('[data-next-round]')).toBeDisabled();
    await expect(end).toBeVisible();
    const text = await end.innerText();
    for (const words of e.has) expect(text).toContain(words);
    for (const words of e.hasNot) expect(text).not.toContain(words);
    // A checklist: each step of the end ticks.
    const first = end.getByRole('checkbox').first();
    await first.check();
    await expect(first).toBeChecked();
    await page.locator('[data-prev-round]').click();
    await expect(end).toBeHidden();
    expect(errors()).toEqual([]);
  });

test('play along (Now or Never): the last season has no normal production, and production says hearts do not refill', async ({ page }) => {
  await openWith(page, 'now-or-never', { seasons: '4', solo: true });
  const production = page.locator('[data-phase]:visible').filter({ has: page.getByRole('link', { name: 'Production', exact: true }) });
  await expect(production).toHaveCount(1);
  await expect(production).toContainText('Your hearts are not refilled', { useInnerText: true });
  await expect(production).toContainText('Shuffle all 9 solo cards', { useInnerText: true });
  await goTo(page, 4);
  await expect(production).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toContain('Shuffle all 9 solo cards');
});

test('play along (Forge War): the stage change in full, and hiring at 5 then 6 gold from rounds 7 and 13', async ({ page }) => {
  await openWith(page, 'forge-war', { mode: 'epic', players: '3' });
  await goTo(page, 6);
  const change = specials(page).filter({ hasText: 'Stage change' });
  for (const words of [
    'Any public designs left face down in the weapon deck are turned up',
    'the mithril sword design joins it too',
    'In stage 3 each deck holds only 5 cards',
  ])
    await expect(change).toContainText(words, { useInnerText: true });
  await goTo(page, 7);
  await expect(specials(page)).toContainText('hiring an adventurer at the Barracks costs 5 gold', { useInnerText: true });
  await goTo(page, 13);
  await expect(specials(page)).toContainText('hiring an adventurer at the Barracks costs 6 gold', { useInnerText: true });
});

test('play along (Pencilvillage): the Event phase follows the character', async ({ page }) => {
  const event = page.locator('[data-phase]:visible').filter({ has: page.getByRole('link', { name: 'Event', exact: true }) });
  await openWith(page, 'pencilvillage', { character: 'miyardee' });
  await expect(event).toContainText('roll 2d6 and subtract 3 (Miyardee)', { useInnerText: true });
  await openWith(page, 'pencilvillage', { character: 'emmet-weavetinker' });
  await expect(event).toContainText('roll 2d6 and add 1 (Emmet Weavetinker)', { useInnerText: true });
});

test('play along (Vindication): marking an end trigger met finishes this round, plays 1 final round, then scores', async ({ page }) => {
  const errors = watchErrors(page);
  const end = page.locator('[data-game-end]');
  const trigger = page.locator('[data-end-triggered]');
  await openWith(page, 'vindication', { players: '3' });
  await goTo(page, 3);
  await expect(end).toBeHidden();
  await expect(page.locator('[data-next-round]')).toBeEnabled();
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-end-note]')).toHaveText('Finish this round, then play 1 final round: Round 4.');
  await expect(end).toBeVisible();
  const text = await end.innerText();
  const order = [
    'Finish the round',
    'Play the final round',
    'Mastery tiles',
    'Monster bonuses',
    'Secret quests',
    'Regions',
    'Most conviction',
  ];
  const at = order.map((w) => text.indexOf(w));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  await page.locator('[data-next-round]').click();
  await expect(round(page)).toHaveText('4');
  await expect(page.locator('[data-round-of]')).toHaveText(' of 4');
  await expect(page.locator('[data-next-round]')).toBeDisabled();
  await expect(trigger).toBeDisabled();
  await page.reload();
  await expect(round(page)).toHaveText('4');
  await expect(end).toBeVisible();
  // A new game forgets the trigger.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'Start a new game?' }).getByRole('button', { name: 'New game' }).click();
  await expect(round(page)).toHaveText('1');
  await expect(end).toBeHidden();
  await expect(trigger).toHaveAttribute('aria-pressed', 'false');
  expect(errors()).toEqual([]);
});
