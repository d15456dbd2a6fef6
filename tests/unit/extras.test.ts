import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { transformRuleTree } from '../../src/lib/rule-tree';
import { composeGuide, choiceSteps, setupSteps, textHash, type GuideStep } from '../../src/lib/setup-guide';
import { optionChanges, resolveStatic } from '../../src/lib/option-changes';
import { unclearConditions, type MdNode } from '../../src/lib/fragments';
import { currentTokens, defaultSettings } from '../../src/lib/options';
import { optionVariants } from '../../src/lib/option-authoring';

// Fixture games, frozen copies of the games' options (tests/fixtures/games): a change to a real game file changes none
// of the expected values below.
const load = (id: string) => gameSchema.parse(parse(readFileSync(`tests/fixtures/games/${id}.yaml`, 'utf8')));
const non = load('now-or-never');
const fw = load('forge-war');
const pv = load('pencilvillage');
const slugs = new Set(['pass', 'seasons', 'setup-enemies', 'solo-setup', 'quest-deck-setup']);

/** The entry's mdast after the rule transform, as the remark plugin sees it. */
async function tree(mdx: string, game = non): Promise<MdNode> {
  let out!: MdNode;
  const known = new Set([...slugs, 'mod-tire', 'character-erwin-lyme']);
  await compile(mdx, {
    remarkPlugins: [
      remarkGfm,
      () => (t: unknown) => {
        const report = transformRuleTree(t as never, { game, slugs: known });
        if (report.errors.length) throw new Error(report.errors.map((e) => e.message).join('\n'));
        out = structuredClone(t) as MdNode;
      },
    ],
  });
  return out;
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('setupSteps', () => {
  it('makes each list item a step with a stable id, its counts tagged, its first entry link noted', async () => {
    const t = await tree(
      [
        '1. Put the board out.',
        '2. **[Enemies](setup-enemies):** stack <Pick players={{1: "1 token", 2: "2 tokens", 3: "3 tokens", 4: "4 tokens"}} /> per level.',
        '3. Shuffle.',
      ].join('\n'),
    );
    const steps = setupSteps(t, { game: 'now-or-never', slug: 'setup' });
    expect(steps.map((s) => s.id.replace(/-[0-9a-z]+$/, ''))).toEqual(['setup-1', 'setup-2', 'setup-3']);
    expect(steps.map((s) => s.id)).toEqual(steps.map((s) => `${s.id.replace(/-[0-9a-z]+$/, '')}-${textHash(s.html + s.more)}`));
    expect(steps[1]!.html).toContain('data-w-players="2"');
    expect(steps[1]!.html).toContain('href="/now-or-never/setup-enemies/"');
    expect(steps[1]!.link).toBe('setup-enemies');
    expect(steps.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(steps[0]!.link).toBeUndefined();
    expect(steps.every((s) => Object.keys(s.when).length === 0 && s.more === '')).toBe(true);
  });

  it('gives steps inside When blocks their conditions and label; skips tables, notes, lead-ins and loose prose', async () => {
    const t = await tree(
      [
        'Each player takes:',
        '- 17 coins',
        '- 1 die',
        '| a | b |\n| - | - |\n| 1 | 2 |',
        'Loose prose after a list is context, not a step.',
        '> **Clarification:** a note.',
        '<When solo>\n\n**Solo additions**\n\nShuffle the 9 solo cards.\n\n- Give the bot 2 specialists.\n\n<When seasons={5}>\n\nBoth.\n\n</When>\n\n</When>',
        '<When not solo>\n\nChoose a first player.\n\n</When>',
        '<Unclear id="x" readings={["a", "b"]}>\n\nUnclear.\n\n</Unclear>',
      ].join('\n\n'),
    );
    const steps = setupSteps(t, { game: 'now-or-never', slug: 'e' });
    expect(steps.map((s) => text(s.html))).toEqual([
      '17 coins',
      '1 die',
      'Shuffle the 9 solo cards.',
      'Give the bot 2 specialists.',
      'Both.',
      'Choose a first player.',
    ]);
    expect(steps[2]!.when).toEqual({ 'data-w-solo': '1' });
    expect(steps[2]!.label).toBe('Solo play (bot)');
    expect(steps[4]!.when).toEqual({ 'data-w-solo': '1', 'data-w-seasons': '5' });
    expect(steps[5]!.when).toEqual({ 'data-w-solo': '0' });
    expect(steps[5]!.label).toBeUndefined();
  });

  it('reads a list item made of When blocks as one label, the conditions inline', async () => {
    const t = await tree('1. Go.\n2. <When not solo>Pick a [first player](pass).</When><When solo>You go first.</When>');
    const step = setupSteps(t, { game: 'now-or-never', slug: 's' })[1]!;
    expect(step.more).toBe('');
    expect(step.html).toBe(
      '<span class="when" data-w-solo="0">Pick a <a href="/now-or-never/pass/">first player</a>.</span> <span class="when" data-w-solo="1">You go first.</span>',
    );
  });

  it('makes each paragraph a step in an entry without a list', async () => {
    const t = await tree(
      'Put the tiles in the pouch.\n\nDraw <Pick players={{1: "2", 2: "4", other: "6"}} /> tiles.\n\n## Notes\n\nLast one.',
    );
    expect(setupSteps(t, { game: 'now-or-never', slug: 'p' }).map((s) => s.id.replace(/-[0-9a-z]+$/, ''))).toEqual(['p-1', 'p-2', 'p-3']);
  });

  it('gives a step a new id when its text changes, so a saved tick never lands on another step', async () => {
    const before = setupSteps(await tree('1. Put the board out.\n2. Shuffle.'), { game: 'now-or-never', slug: 's' });
    const after = setupSteps(await tree('1. Put the board out.\n2. Shuffle the deck.'), { game: 'now-or-never', slug: 's' });
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    expect(textHash('a')).not.toBe(textHash('b'));
  });

  it('keeps a sub-list inside its step', async () => {
    const t = await tree('1. Sort:\n   - red\n   - blue\n2. Done.');
    const steps = setupSteps(t, { game: 'now-or-never', slug: 's' });
    expect(steps).toHaveLength(2);
    expect(steps[0]!.more).toContain('<li>red</li>');
  });
});

describe('composeGuide', () => {
  const step = (id: string, link?: string): GuideStep => ({ id, html: id, more: '', when: {}, ...(link ? { link } : {}) });
  const steps: Record<string, GuideStep[]> = {
    overview: [step('overview-1'), step('overview-2', 'deck'), step('overview-3', 'items'), step('overview-4', 'overview')],
    deck: [step('deck-1'), step('deck-2')],
    items: [step('items-1', 'deck')],
    extra: [step('extra-1', 'overview')],
  };
  it('nests the steps of a later guide entry under the step that links to it, and gives it no group', () => {
    const groups = composeGuide(['overview', 'deck', 'items', 'extra'], (s) => steps[s] ?? []);
    expect(groups.map((g) => g.slug)).toEqual(['overview', 'extra']);
    expect(groups[0]!.steps.map((s) => [s.id, s.detail, s.sub.map((x) => x.id)])).toEqual([
      ['overview-1', undefined, []],
      ['overview-2', 'deck', ['deck-1', 'deck-2']],
      ['overview-3', 'items', ['items-1']],
      ['overview-4', undefined, []],
    ]);
    // A link back to an entry already placed nests nothing (no step appears twice).
    expect(groups[1]!.steps[0]!.sub).toEqual([]);
  });
  it('leaves entries outside the guide alone', () => {
    expect(composeGuide(['items'], (s) => steps[s] ?? [])[0]!.steps[0]!.sub).toEqual([]);
  });
});

describe('choiceSteps', () => {
  it('gives one step per option value that names an entry, with the pair under which it is chosen', () => {
    const steps = choiceSteps(pv);
    expect(steps.find((s) => s.entry === 'character-erwin-lyme')).toEqual({
      id: 'choice-character-erwin-lyme',
      entry: 'character-erwin-lyme',
      optionId: 'character',
      pair: 'character=erwin-lyme',
    });
    expect(steps.find((s) => s.entry === 'mod-tire')?.pair).toBe('mods-tire=1');
    expect(choiceSteps(non)).toEqual([]);
  });
});

describe('optionVariants', () => {
  it('compares every value with the option in play', () => {
    expect(optionVariants(non, 'solo').map((v) => [v.label, v.isDefault])).toEqual([
      ['Multiplayer', true],
      ['Solo play (bot)', false],
    ]);
    // Bonus tiles need the epic game; the solo difficulty needs solo.
    expect(optionVariants(fw, 'bonus-tiles').every((v) => v.settings.mode === 'epic')).toBe(true);
    expect(optionVariants(fw, 'solo-difficulty').map((v) => v.settings.solo)).toEqual([true, true, true, true]);
    expect(
      optionVariants(pv, 'mods')
        .slice(0, 2)
        .map((v) => [v.label, v.settings.mods]),
    ).toEqual([
      ['No mods', []],
      ['Mods: Homestead', ['homestead']],
    ]);
  });
});

describe('resolveStatic', () => {
  it('keeps the text of one setup, with no condition attribute left', async () => {
    const t = await tree(
      'You start with <When solo>4</When><When not solo>3</When> coins and <Pick seasons={{6: "six", other: "fewer"}} /> seasons.\n\n<When solo>\n\nSolo only.\n\n</When>',
    );
    const solo = fragmentOf(resolveStatic(t.children!, currentTokens(non, { solo: true })));
    expect(solo).toBe('<p>You start with 4 coins and six seasons.</p>\n<p>Solo only.</p>');
    const multi = fragmentOf(resolveStatic(t.children!, currentTokens(non, defaultSettings(non))));
    expect(multi).toBe('<p>You start with 3 coins and six seasons.</p>');
    expect(multi).not.toContain('data-w-');
  });
});

describe('optionChanges', () => {
  it('lists the parts that depend on the option, value by value, a When pair as one part', async () => {
    const t = await tree(
      [
        'Always the same.',
        '<When not solo>\n\nEveryone passes.\n\n</When>',
        '<When solo>\n\nYou pass alone.\n\n</When>',
        'Independent.',
        'There are <Pick players={{1: "1", 2: "2", 3: "3", 4: "4"}} /> enemies.',
      ].join('\n\n'),
    );
    const units = optionChanges(t, non, 'solo');
    expect(units).toHaveLength(2);
    expect(units[0]!.variants.map((v) => [v.label, v.isDefault, text(v.html)])).toEqual([
      ['Multiplayer', true, 'Everyone passes.'],
      ['Solo play (bot)', false, 'You pass alone.'],
    ]);
    // Solo turns the player count to its fallback: the count changes with solo too.
    expect(units[1]!.variants.map((v) => text(v.html))).toEqual(['There are 2 enemies.', 'There are 1 enemies.']);
    expect(optionChanges(t, non, 'players')[0]!.variants.map((v) => [v.label, text(v.html)])).toEqual([
      ['2 players', 'There are 2 enemies.'],
      ['3 players', 'There are 3 enemies.'],
      ['4 players', 'There are 4 enemies.'],
    ]);
    expect(optionChanges(t, non, 'story')).toEqual([]);
  });

  it("compares a list item by item, keeping the entry's numbers", async () => {
    const t = await tree(
      '1. Board.\n2. Deal <Pick players={{1: "1", 2: "2", 3: "3", 4: "4"}} /> cards.\n3. <When solo>Bot board.</When><When not solo>First player.</When>\n4. Supply.',
    );
    const units = optionChanges(t, non, 'solo');
    expect(units).toHaveLength(1);
    expect(units[0]!.variants.map((v) => v.html.replace(/\n/g, ''))).toEqual([
      '<ol start="2"><li>Deal 2 cards.</li><li>First player.</li></ol>',
      '<ol start="2"><li>Deal 1 cards.</li><li>Bot board.</li></ol>',
    ]);
  });

  it('groups the many values that read alike as "Otherwise"', async () => {
    const t = await tree('<When mods="tire">\n\nTire: a Build ends your round.\n\n</When>', pv);
    const [unit] = optionChanges(t, pv, 'mods');
    expect(unit!.variants.map((v) => [v.label, v.isDefault, text(v.html)])).toEqual([
      ['Otherwise', true, ''],
      ['Mods: Tire', false, 'Tire: a Build ends your round.'],
    ]);
  });
});

describe("optionChanges: the reader's value and keyed tables", () => {
  it('tags each value with the condition under which a setup has it, one set per condition key', async () => {
    const t = await tree('There are <Pick players={{1: "1", 2: "2", 3: "3", 4: "4"}} /> enemies.\n\n<When solo>\n\nAlone.\n\n</When>');
    expect(optionChanges(t, non, 'players')[0]!.variants.map((v) => v.when)).toEqual([
      [{ 'data-w-players': '2' }],
      [{ 'data-w-players': '3' }],
      [{ 'data-w-players': '4' }],
    ]);
    expect(optionChanges(t, non, 'solo')[0]!.variants.map((v) => v.when)).toEqual([[{ 'data-w-solo': '0' }], [{ 'data-w-solo': '1' }]]);
    // A group of many multi values: a mark for each value (any of them may be in the reader's setup), and "none".
    const [unit] = optionChanges(await tree('<When mods="tire">\n\nTire.\n\n</When>', pv), pv, 'mods');
    const otherwise = unit!.variants[0]!.when;
    expect(otherwise).toContainEqual({ 'data-w-mods--none': '1' });
    expect(otherwise).toContainEqual({ 'data-w-mods-glom': '1' });
    expect(otherwise).not.toContainEqual({ 'data-w-mods-tire': '1' });
    expect(unit!.variants[1]!.when).toEqual([{ 'data-w-mods-tire': '1' }]);
  });

  it('leaves the "your game" marks of a keyed table out of the compared text', async () => {
    const t = await tree('<Rows players={[2, 3]}>\n\n| Players | Tokens |\n|---|---|\n| 2 | 2 |\n| 3 | 3 |\n\n</Rows>');
    expect(optionChanges(t, non, 'players')).toEqual([]);
    expect(fragmentOf(resolveStatic(t.children!, currentTokens(non, { players: '3' })))).not.toContain('Your game');
  });
});

describe('unclearConditions', () => {
  it('names the conditions of the When blocks around each note', async () => {
    const t = await tree(
      '<Unclear id="always">\n\nA.\n\n</Unclear>\n\n<When solo>\n\n<When seasons={5}>\n\n<Unclear id="solo-five">\n\nB.\n\n</Unclear>\n\n</When>\n\n</When>',
    );
    expect(Object.fromEntries(unclearConditions(t))).toEqual({ always: {}, 'solo-five': { 'data-w-solo': '1', 'data-w-seasons': '5' } });
  });
});

import { fragmentHtml } from '../../src/lib/mdast-html';
const fragmentOf = (nodes: MdNode[]) => fragmentHtml(nodes);
