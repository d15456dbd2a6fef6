import { expect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { watchErrors } from './helpers';

/** Per game: two setups the setup guide must tell apart, set on the options page, and a text each shows. */
const GAMES: Record<string, { pick: (page: Page, second: boolean) => Promise<void>; texts: [string, string] }> = {
  'now-or-never': {
    pick: (p, b) => p.getByLabel(b ? '4 players' : '2 players', { exact: true }).check(),
    texts: ['2 tokens for each level', '4 tokens for each level'],
  },
  vindication: {
    pick: (p, b) => p.getByLabel(b ? '5 players' : '2 players', { exact: true }).check(),
    texts: ['so 1 of each', 'so 4 of each'],
  },
  'forge-war': { pick: (p, b) => p.getByLabel(b ? '4 players' : '2 players', { exact: true }).check(), texts: ['37 hexes', '61 hexes'] },
  pencilvillage: {
    pick: async (p, b) => void (await p.getByLabel('Character', { exact: true }).selectOption(b ? 'erwin-lyme' : 'none')),
    texts: ['Nothing chosen yet', 'Erwin Lyme, Spelunker: Easy character'],
  },
};

const optionIds = (game: string): string[] =>
  (parse(readFileSync(`content/games/${game}.yaml`, 'utf8')) as { options: { id: string }[] }).options.map((o) => o.id);

/** Every `<Unclear id>` of a game's entries, as `<slug>#<id>` (read from the content, not from the page). */
function unclearKeys(game: string): string[] {
  return readdirSync(`content/${game}`)
    .filter((f) => f.endsWith('.mdx'))
    .flatMap((f) =>
      [...readFileSync(`content/${game}/${f}`, 'utf8').matchAll(/<Unclear\s+id="([a-z0-9-]+)"/g)].map((m) => `${f.slice(0, -4)}#${m[1]}`),
    )
    .sort();
}

const checked = (page: Page) => page.locator('main input[type="checkbox"][data-step]:checked');

/**
 * Tests of code that runs the same for every game's page (storage, forms, links) run on one game each, the games in
 * turn, so each game is in some; tests of what a game's content holds (its options, notes, sections, page count) run
 * on every game.
 */
const ONE_GAME = {
  ticks: 'pencilvillage',
  corruptChecklist: 'forge-war',
  ruling: 'vindication',
  rulingsLink: 'forge-war',
  corruptRuling: 'now-or-never',
};

for (const [game, { pick, texts }] of Object.entries(GAMES)) {
  test.describe(game, () => {
    test('setup guide: steps follow the options saved on the options page, each group linking to its rule', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`/${game}/options/`);
      await pick(page, false);
      await page.goto(`/${game}/setup-guide/`);
      const first = await page.locator('main').innerText();
      expect(first).toContain(texts[0]);
      expect(first).not.toContain(texts[1]);
      await page.goto(`/${game}/options/`);
      await pick(page, true);
      await page.goto(`/${game}/setup-guide/`);
      const second = await page.locator('main').innerText();
      expect(second).toContain(texts[1]);
      expect(second).not.toContain(texts[0]);
      // A checkbox per step.
      expect(await page.locator('main input[type="checkbox"][data-step]:visible').count()).toBeGreaterThan(5);
      await expect(page.locator('#guide-status')).toHaveText(/^\d+ steps for this setup\.$/);
      // Each group of steps links to its rule entry.
      await expect(page.locator('main .guide-group h2 a').first()).toHaveAttribute('href', new RegExp(`^/${game}/[a-z0-9-]+/$`));
      expect(errors()).toEqual([]);
    });

    if (game === ONE_GAME.ticks)
      test('setup guide: ticks survive a reload until Start over, which can be undone', async ({ page }) => {
        const errors = watchErrors(page);
        await page.goto(`/${game}/setup-guide/`);
        // Tick one (a real tap), reload: still ticked.
        const boxes = page.locator('main input[type="checkbox"][data-step]:visible');
        expect(await boxes.count()).toBeGreaterThan(5);
        await expect(page.locator('#guide-status')).toHaveText(/^\d+ steps for this setup\.$/);
        const box = boxes.nth(2);
        await box.click();
        await expect(box).toBeChecked();
        await expect(page.locator('#guide-status')).toHaveText(/^1 of \d+ steps done\.$/);
        const id = await box.getAttribute('data-step');
        await page.reload();
        await expect(page.locator(`main input[data-step="${id}"]`)).toBeChecked();
        await expect(checked(page)).toHaveCount(1);
        // The progress line stays in view while the reader scrolls to the last step.
        await page.getByRole('button', { name: 'Start over' }).scrollIntoViewIfNeeded();
        await expect(page.locator('#guide-status')).toBeInViewport();
        await expect(page.locator('#guide-status')).toHaveText(/^1 of \d+ steps done\.$/);
        // Start over can be undone: the ticks come back, and stay after a reload.
        await page.getByRole('button', { name: 'Start over' }).click();
        await expect(checked(page)).toHaveCount(0);
        await expect(page.locator('#guide-status')).toContainText('Ticks cleared (1).');
        await page.getByRole('button', { name: 'Undo' }).click();
        await expect(page.locator(`main input[data-step="${id}"]`)).toBeChecked();
        await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
        await page.reload();
        await expect(checked(page)).toHaveCount(1);
        await page.getByRole('button', { name: 'Start over' }).click();
        await expect(checked(page)).toHaveCount(0);
        await page.reload();
        await expect(checked(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
        expect(errors()).toEqual([]);
      });

    if (game === ONE_GAME.corruptChecklist)
      test('setup guide: a corrupt stored checklist is ignored', async ({ page }) => {
        const errors = watchErrors(page);
        await page.goto(`/${game}/setup-guide/`);
        const id = await page.locator('main input[type="checkbox"][data-step]:visible').first().getAttribute('data-step');
        for (const bad of ['{"not": "a list"', '{"a": 1}', JSON.stringify([42, '<b>x</b>', null, 'x'.repeat(500)])]) {
          await page.evaluate((v) => localStorage.setItem(`rules:guide:${location.pathname.split('/')[1]}`, v), bad);
          await page.reload();
          await expect(checked(page)).toHaveCount(0);
        }
        // Valid ids among junk still count.
        await page.evaluate(([g, v]) => localStorage.setItem(`rules:guide:${g}`, JSON.stringify([7, v, 'no-such-step'])), [
          game,
          id,
        ] as const);
        await page.reload();
        await expect(page.locator(`main input[data-step="${id}"]`)).toBeChecked();
        expect(errors()).toEqual([]);
      });

    test('what changes: a section per option, reached from the options page', async ({ page }) => {
      const errors = watchErrors(page);
      const ids = optionIds(game);
      await page.goto(`/${game}/changes/`);
      for (const id of ids) {
        const section = page.locator(`main section#${id}`);
        await expect(section.locator('h2')).toBeVisible();
        const entries = await section.locator('.change-entry').count();
        if (entries === 0) await expect(section).toContainText("No rule's text changes with this option.");
        else await expect(section.locator('.change-entry h3 a').first()).toBeVisible();
      }
      expect(await page.locator('main section.change-option').count()).toBe(ids.length);
      // Every entry section shows at least two readings side by side.
      const first = page.locator('main .change-unit').first();
      expect(await first.locator('.change-variant:visible').count()).toBeGreaterThanOrEqual(2);
      await page.goto(`/${game}/options/`);
      await page
        .getByRole('link', { name: /What changes\?/ })
        .nth(1)
        .click();
      await expect(page).toHaveURL(new RegExp(`/${game}/changes/#${ids[1]}$`));
      await expect(page.locator(`section#${ids[1]} h2`)).toBeInViewport();
      expect(errors()).toEqual([]);
    });

    test('unclear rules: every note listed once, by section, linking to its entry', async ({ page }) => {
      const errors = watchErrors(page);
      const keys = unclearKeys(game);
      await page.goto(`/${game}/unclear/`);
      const items = page.locator('main [data-unclear]');
      await expect(items).toHaveCount(keys.length);
      expect((await items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key!))).sort()).toEqual(keys);
      expect(await page.locator('main [data-unclear]:visible').count()).toBe(keys.length);
      expect(keys.length, `content/${game} has <Unclear> notes`).toBeGreaterThan(0);
      const link = items.first().locator('h3 a');
      const [slug, id] = (await items.first().getAttribute('data-key'))!.split('#');
      await expect(link).toHaveAttribute('href', `/${game}/${slug}/#unclear-${id}`);
      expect(errors()).toEqual([]);
    });

    if (game === ONE_GAME.ruling)
      test('a ruling recorded on the unclear page shows on its entry, as text', async ({ page }) => {
        const errors = watchErrors(page);
        expect(unclearKeys(game).length, `content/${game} has <Unclear> notes`).toBeGreaterThan(0);
        await page.goto(`/${game}/unclear/`);
        const item = page
          .locator('main [data-unclear]')
          .filter({ has: page.locator('[data-reading]') })
          .first();
        const reading = (await item.locator('[data-reading]').first().innerText()).trim();
        await item.locator('[data-reading]').first().click();
        await expect(page.locator('#rulings-status')).toContainText('ruled on 1 of');
        await item.locator('h3 a').click();
        await expect(page.locator('.ruling')).toBeVisible();
        expect(await page.locator('.ruling').innerText()).toBe(`Your table plays: ${reading}`);

        // Our own words, with markup in them: shown as typed.
        await page.goBack({ waitUntil: 'commit' });
        const own = '<b>2 enemies</b> per level, always';
        await item.getByLabel('Our own ruling', { exact: true }).check();
        await item.locator('input[data-own]').fill(own);
        await item.locator('h3 a').click();
        expect(await page.locator('.ruling').innerText()).toBe(`Your table plays: ${own}`);
        await expect(page.locator('.ruling b')).toHaveCount(0);

        // Clear removes it.
        await page.goBack({ waitUntil: 'commit' });
        await item.getByRole('button', { name: /^Clear/ }).click();
        await item.locator('h3 a').click();
        await expect(page.locator('.ruling')).toHaveCount(0);
        expect(errors()).toEqual([]);
      });

    if (game === ONE_GAME.rulingsLink)
      test('rulings travel as a link, and a link never overwrites without asking', async ({ page, context, browser }) => {
        expect(unclearKeys(game).length, `content/${game} has <Unclear> notes`).toBeGreaterThan(0);
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.goto(`/${game}/unclear/`);
        await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
        const item = page
          .locator('main [data-unclear]')
          .filter({ has: page.locator('[data-reading]') })
          .first();
        const key = (await item.getAttribute('data-key'))!;
        const reading = (await item.locator('[data-reading]').first().innerText()).trim();
        await item.locator('[data-reading]').first().click();
        await page.getByRole('button', { name: 'Share our rulings' }).click();
        await expect(page.locator('#toast')).toHaveText('Link copied');
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link).toMatch(new RegExp(`/${game}/unclear/#rulings=[A-Za-z0-9_-]+$`));

        // A friend with a different ruling on the same note opens the link.
        const friend = await (await browser.newContext()).newPage();
        const errors = watchErrors(friend);
        await friend.goto(`/${game}/`);
        await friend.evaluate(
          ([g, k]) => localStorage.setItem(`rules:rulings:${g}`, JSON.stringify({ [k]: { text: 'We play it our way' } })),
          [game, key] as const,
        );
        await friend.goto(new URL(link).pathname + new URL(link).hash);
        const dialog = friend.getByRole('dialog', {
          name: 'Rulings from a link',
        });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText('replaces 1 of yours');
        await expect(dialog).toContainText(reading);
        await dialog.getByRole('button', { name: 'Keep ours' }).click();
        await expect(dialog).toBeHidden();
        expect(await friend.evaluate((g) => localStorage.getItem(`rules:rulings:${g}`), game)).toContain('We play it our way');
        expect(new URL(friend.url()).hash).toBe('');

        // Opened again while the page is open (only the fragment changes).
        await friend.evaluate((h) => (location.hash = h), new URL(link).hash);
        await friend.getByRole('dialog').getByRole('button', { name: 'Use these rulings' }).click();
        const mine = friend.locator(`main [data-key="${key}"]`);
        await expect(mine.locator('input[type="radio"]').first()).toBeChecked();
        const [slug] = key.split('#');
        await friend.goto(`/${game}/${slug}/`);
        expect(await friend.locator('.ruling').first().innerText()).toBe(`Your table plays: ${reading}`);

        // A damaged link: ignored, with a word.
        await friend.goto(`/${game}/unclear/#rulings=%%%not-base64`);
        await expect(friend.locator('#toast')).toHaveText('This link holds no rulings for these rules');
        await expect(friend.getByRole('dialog')).toBeHidden();
        expect(errors()).toEqual([]);
      });

    if (game === ONE_GAME.corruptRuling)
      test('a corrupt stored ruling is ignored', async ({ page }) => {
        const errors = watchErrors(page);
        const keys = unclearKeys(game);
        expect(keys.length, `content/${game} has <Unclear> notes`).toBeGreaterThan(0);
        const [slug, id] = keys[0]!.split('#');
        await page.goto(`/${game}/unclear/`);
        for (const bad of [
          '{"broken": ',
          '[1, 2, 3]',
          JSON.stringify({
            [`${slug}#${id}`]: { text: 42 },
            'no-hash': { text: 'x' },
            [`${slug}#${id}#x`]: { text: 'x' },
            [`${slug}#BAD`]: { text: 'x' },
          }),
          JSON.stringify({ [`${slug}#${id}`]: { text: 'y'.repeat(301) } }),
        ]) {
          await page.evaluate(([g, v]) => localStorage.setItem(`rules:rulings:${g}`, v), [game, bad] as const);
          await page.goto(`/${game}/unclear/`);
          await expect(page.locator('main input[type="radio"]:checked')).toHaveCount(0);
          await page.goto(`/${game}/${slug}/`);
          await expect(page.locator('.ruling')).toHaveCount(0);
        }
        expect(errors()).toEqual([]);
      });

    test('print: the whole rulebook in section order, no chrome on paper; quick reference on 1 A4 page', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`/${game}/print/`);
      const sections = page.locator('main .print-section');
      const titles = (parse(readFileSync(`content/games/${game}.yaml`, 'utf8')) as { sections: { title: string }[] }).sections.map(
        (s) => s.title,
      );
      const shown = await sections.locator(':scope > h2').allInnerTexts();
      expect(shown).toEqual(titles.filter((t) => shown.includes(t)));
      expect(shown.length).toBeGreaterThan(5);
      // Every contents link lands on its section's heading; section and entry anchors never share an id.
      const anchors = await page.locator('main [id^="part-"], main [id^="print-"]').evaluateAll((els) => els.map((e) => e.id));
      expect(anchors.length - new Set(anchors).size).toBe(0);
      const toc = await page
        .locator('.print-toc a')
        .evaluateAll((as) => as.map((a) => document.getElementById(a.getAttribute('href')!.slice(1))?.textContent));
      expect(toc).toEqual(shown);
      await expect(page.locator('.site-header')).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      for (const chrome of ['.site-header', '.site-footer', '#q', '.print-tools', 'main button'])
        for (const el of await page.locator(chrome).all()) await expect(el).toBeHidden();
      await expect(sections.nth(1).locator('h2')).toBeVisible();
      await expect(page.locator('#setup-bar')).toBeVisible(); // which setup this print is for
      expect(await sections.nth(1).evaluate((s) => getComputedStyle(s).breakBefore)).toBe('page');
      const table = page.locator('main .prose table').first();
      // Every game's rulebook has tables (a game without any would have to drop this check here, not skip it).
      await expect(table).toBeAttached();
      expect(await table.evaluate((t) => getComputedStyle(t).breakInside)).toBe('avoid');
      expect(
        await page
          .locator('main .prose a')
          .first()
          .evaluate((a) => getComputedStyle(a).textDecorationLine),
      ).toBe('none');

      const pages = async () => ((await page.pdf({ format: 'A4' })).toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      const all = await pages();
      await page.goto(`/${game}/quick-reference/`);
      const quick = await pages();
      test.info().annotations.push({ type: 'A4 pages', description: `${game}: print ${all}, quick reference ${quick}` });
      expect(quick).toBe(1);
      expect(errors()).toEqual([]);
    });
  });
}

/** Setups whose guide must hold (and must not hold) a step, opened as a shared link (the link's setup is shown). */
const GUIDE_SETUPS: { path: string; has: string[]; hasNot: string[]; order?: string[] }[] = [
  {
    path: '/vindication/setup-guide/',
    has: [
      'For a first game, play with the 19 core regions',
      '8 in potential, 8 in influence, 2 in conviction',
      'spaces 30, 45, 60 and 75',
      'goes first',
    ],
    hasNot: ['Region swap'],
  },
  {
    path: '/vindication/setup-guide/?jewelcrafter=1&sacred-stones=1&temple-ruins=1',
    has: [
      'Region swap',
      'pouch total stays the same',
      'for 6: 1 each of holy spire, fort, library, command post, monastery and shrine',
      'Sacred Stones: its 2 tiles go in',
    ],
    hasNot: ['For a first game, play with the 19 core regions'],
  },
  {
    path: '/forge-war/setup-guide/?mode=epic&bonus-tiles=1',
    has: ['3 adventurer tiles', 'already takes that into account'],
    hasNot: ['4 adventurer tiles', '1 adventurer fewer'],
  },
  {
    path: '/forge-war/setup-guide/?solo=1',
    has: ['4 adventurer tiles', 'This guide takes the wealth cards first', '48 hexes, as for 3 players'],
    hasNot: ['extra adventurer', 'which of the last 2 comes first'],
    order: [
      'set aside the 2 starred ones',
      'Take 6 more of the green quests out',
      'the 2 hardest (The Fish King Blockades the Dock, Subdue the Restless Graveyard) and the 4 easiest',
      'Shuffle the 12 left',
      'keep only 4',
      'Put the yellow pile',
      '3 adjacent borders (2 long, 1 short) hex-side down and the other 3 hex-side up',
    ],
  },
  {
    path: '/forge-war/setup-guide/?solo=1&mode=epic&solo-difficulty=difficult',
    has: ['both copies of Vampire Bats in the Belfry, keeping the 2 starred ones', 'the 8 easiest (both copies of Fairy Mischief'],
    hasNot: ['Take 6 more'],
    order: ['Take 8 of the 20 green', 'Take 8 of the 20 grey', 'Take 4 of the 12 red', 'keep only 5', 'Stack them on the quest draw space'],
  },
  {
    path: '/forge-war/setup-guide/?mode=epic&bonus-tiles=1',
    has: [],
    hasNot: ['between steps 3 and 4'],
    order: ['Decide player order at random', 'Bonus tiles: shuffle the 15 bonus tiles', 'Build the quest deck', 'Start round 1'],
  },
  {
    path: '/pencilvillage/setup-guide/?character=miyardee&mods=precarious,civil',
    has: ['ring of 20 road tiles'],
    hasNot: [],
    order: [
      'Miyardee chooses one terrain type at Start',
      'Draw Town Centre 1',
      'Civil: before Round 1',
      'Take 3w and 5p',
      'Precarious: tick 2 boxes',
      'Cross off Round 1',
    ],
  },
  {
    path: '/vindication/setup-guide/?treachery=1',
    has: ['if it bears the no-start icon, keep drawing until one does not'],
    hasNot: ['once every journey card is resolved'],
    order: ['Deal 1 journey card', 'Shuffle the 15 black-bordered Treachery cards into the stacks', 'Deal 2 secret quests', 'goes first'],
  },
  {
    path: '/now-or-never/setup-guide/?seasons=4',
    has: ['B, C, D, E, F, H, J, L or M', "These are the online reference's letters for a shorter game"],
    hasNot: ['A to N (14 spaces)'],
  },
  {
    path: '/now-or-never/setup-guide/?solo=1',
    has: ['take 17 coins', 'keep 4 of 8', 'Your hero starts', "1 token for each level from 1 to 8 (the rulebook's count"],
    hasNot: ['takes 17 coins', 'Unclear in the rules', '2 per the online reference'],
    order: ['Solo deck: shuffle the 9 solo cards', 'Bot: pick an unused hero board', 'Tidy up: put every unused component back in the box'],
  },
];

test('setup guide: every setup step of the chosen options, counts stated once, unclear readings marked', async ({ page }) => {
  const errors = watchErrors(page);
  for (const { path, has, hasNot, order = [] } of GUIDE_SETUPS) {
    await page.goto(path);
    const text = (await page.locator('main .guide').innerText()).replace(/\s+/g, ' ');
    for (const t of has) expect(text, `${path} shows "${t}"`).toContain(t);
    for (const t of hasNot) expect(text, `${path} hides "${t}"`).not.toContain(t);
    // The steps in the rulebook's order.
    const at = order.map((t) => text.indexOf(t));
    expect(at, `${path}: ${order.join(' < ')}`).toEqual([...at].sort((a, b) => a - b));
    for (const [i, t] of order.entries()) expect(at[i], `${path} shows "${t}"`).toBeGreaterThanOrEqual(0);
  }
  expect(errors()).toEqual([]);
});
