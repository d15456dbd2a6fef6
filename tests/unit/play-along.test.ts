import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema, type Game } from '../../src/schemas/game';
import { toString } from 'mdast-util-to-string';
import {
  MAX_ROUNDS,
  clampRound,
  conditionAttrs,
  endFor,
  lengthFor,
  parseRound,
  phasesFor,
  playAlongProblems,
  planOptions,
  playPlan,
  roundLabel,
  specialsFor,
  type PlayLine,
} from '../../src/lib/play-along';
import { parseEntryBody } from '../../src/integrations/entry-tree';
import { transformRuleTree } from '../../src/lib/rule-tree';
import { resolveStatic } from '../../src/lib/option-changes';
import { currentTokens, type Settings } from '../../src/lib/options';
import { entryPart } from '../../src/lib/entry-parts';
import { guideViewProblems, playViewProblems } from '../../src/lib/view-check';
import type { MdNode } from '../../src/lib/fragments';

const load = (id: string): Game => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const ids = readdirSync('content/games').map((f) => f.replace(/\.yaml$/, ''));
const slugsOf = (id: string) => new Set(readdirSync(`content/${id}`).map((f) => f.replace(/\.mdx$/, '')));
const [non, fw, pv, vin] = ['now-or-never', 'forge-war', 'pencilvillage', 'vindication'].map(load) as [Game, Game, Game, Game];
const titles = (lines: { title: string }[]) => lines.map((l) => l.title);
/** An entry's transformed tree, as the build reads it. */
const treeOf =
  (game: Game) =>
  (slug: string): MdNode | undefined => {
    let body: string;
    try {
      body = readFileSync(`content/${game.id}/${slug}.mdx`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    } catch {
      return undefined;
    }
    const tree = parseEntryBody(body) as MdNode;
    transformRuleTree(tree as never, { game, slugs: slugsOf(game.id), slug });
    return tree;
  };
/** The words a line shows for a setup: its entry part, as the reader with that setup sees it. */
const words = (game: Game, settings: Record<string, unknown>, line: PlayLine | undefined): string => {
  const part = entryPart(treeOf(game)(line!.slug)!, line!.anchor)!;
  return toString({ type: 'root', children: resolveStatic(part.nodes, currentTokens(game, settings as Settings)) } as never).replace(
    /\s+/g,
    ' ',
  );
};
/** The words of the phase with this title, for a setup. */
const phaseWords = (game: Game, settings: Record<string, unknown>, title: string, round?: number) =>
  words(
    game,
    settings,
    phasesFor(game, settings as never).find((p) => p.title === title && !(round && p.except?.includes(round))),
  );
/** The round numbers (1 to the setup's last) whose special lines include this title. */
const roundsWith = (game: Game, settings: Record<string, unknown>, title: string, last = 30) =>
  Array.from({ length: last }, (_, i) => i + 1).filter((r) => titles(specialsFor(game, settings as never, r)).includes(title));

describe('play-along content', () => {
  // `playAlong` is optional (docs/authoring.md): a game without it has no play-along page, and nothing to check.
  it.each(ids)('%s: its play-along description, if it has one, has no problems', (id) => {
    const game = load(id);
    const slugs = slugsOf(id);
    expect(playAlongProblems(game, (s) => slugs.has(s))).toEqual([]);
    expect(playPlan(game).plan === undefined).toBe(game.playAlong === undefined);
  });
  it.each(ids)('%s: every line shows its entry part, with words, in every setup it is used in', (id) => {
    const game = load(id);
    expect(playViewProblems(game, treeOf(game))).toEqual([]);
    expect(guideViewProblems(game, treeOf(game))).toEqual([]);
  });
  it('holds no rule text: the schema refuses a `text` on a phase', () => {
    const raw = parse(readFileSync('content/games/now-or-never.yaml', 'utf8'));
    raw.playAlong.phases[0].text = 'Take turns.';
    const result = gameSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([expect.stringContaining('no rule text in a game file')]);
  });
});

describe('rounds per setup', () => {
  it('Now or Never lasts 6, 5 or 4 seasons by the seasons option', () => {
    expect(lengthFor(non, {})?.rounds).toBe(6);
    expect(lengthFor(non, { seasons: '5' })?.rounds).toBe(5);
    expect(lengthFor(non, { seasons: '4', solo: true })?.rounds).toBe(4);
  });
  it('Forge War lasts 7 rounds simple, 18 epic in stages of 6', () => {
    expect(lengthFor(fw, { mode: 'simple' })).toMatchObject({ rounds: 7 });
    expect(lengthFor(fw, { mode: 'simple' })?.stage).toBeUndefined();
    expect(lengthFor(fw, { mode: 'epic', 'bonus-tiles': true })).toMatchObject({ rounds: 18, stage: 6 });
  });
  it('Pencilvillage lasts 30 rounds whatever the setup; Vindication has no fixed length but triggers to watch', () => {
    expect(lengthFor(pv, { character: 'nebuchadnezzar', mods: ['tire'] })?.rounds).toBe(30);
    expect(lengthFor(vin, { players: '5' })).toBeUndefined();
    expect(playPlan(vin).plan!.ends.map((e) => e.slug)).toEqual(['end-game-triggers']);
    expect(words(vin, { players: '2' }, playPlan(vin).plan!.ends[0])).toContain('need 3 in total');
  });
});

describe('phases per setup: the entry words for the setup', () => {
  it('Now or Never: production says hearts do not refill, and gives way to the final production in the last season', () => {
    expect(phaseWords(non, {}, 'Production')).toContain('hearts are not refilled');
    expect(phaseWords(non, { solo: true }, 'Production')).toContain('Shuffle all 9 solo cards');
    const production = (s: Record<string, unknown>) => phasesFor(non, s as never).filter((p) => p.title === 'Production');
    expect(production({}).map((p) => p.except)).toEqual([[6]]);
    expect(production({ seasons: '4', solo: true }).map((p) => p.except)).toEqual([[4]]);
    expect(phaseWords(non, { solo: true }, 'Pass')).toContain('Your pass ends the season at once');
  });
  it('Forge War: the quest offer by player count, solo, round 1 and the second mine move', () => {
    expect(phaseWords(fw, { players: '2' }, 'End of round')).toContain('the first 3 slots');
    expect(phaseWords(fw, { players: '4' }, 'End of round')).toContain('the first slot');
    expect(phaseWords(fw, { players: '4', solo: true }, 'End of round')).toContain('Discard nothing');
    expect(phasesFor(fw, { solo: true }).filter((p) => p.title === 'End of round')).toHaveLength(1);
    // The refill says itself that round 1 skips it, as the first round's own line does.
    expect(phaseWords(fw, {}, 'Start of round')).toContain('Skip this step in round 1');
    expect(words(fw, {}, specialsFor(fw, {}, 1)[0])).toContain('Skip the quest refill');
    expect(phaseWords(fw, { solo: true }, 'Mine phase')).toContain('you may take the second move');
  });
  it('Pencilvillage: the Event roll and the actions follow the character; mods add their rules', () => {
    expect(phaseWords(pv, { character: 'miyardee' }, 'Event')).toContain('roll 2d6 and subtract 3 (Miyardee)');
    expect(phaseWords(pv, { character: 'emmet-weavetinker' }, 'Event')).toContain('roll 2d6 and add 1 (Emmet Weavetinker)');
    expect(phaseWords(pv, { character: 'erwin-lyme' }, 'Event')).toContain('roll 2d6, then');
    expect(phaseWords(pv, {}, 'Actions')).toContain('3 actions');
    expect(phaseWords(pv, { character: 'miyardee' }, 'Actions')).toContain('5 actions');
    expect(phaseWords(pv, { character: 'ayan-dawnseer' }, 'Actions')).toContain('4 actions');
    expect(phaseWords(pv, { mods: ['tire'] }, 'Actions')).toContain('once you take a Build action');
    expect(phaseWords(pv, {}, 'Actions')).not.toContain('Tire');
  });
});

describe('special rounds per setup', () => {
  it('Forge War: stage changes in full, the new hiring prices, bonus tiles only with the option', () => {
    expect(roundsWith(fw, { mode: 'epic' }, 'Stage change', 18)).toEqual([6, 12]);
    expect(roundsWith(fw, { mode: 'simple' }, 'Stage change', 18)).toEqual([]);
    const change = words(
      fw,
      { mode: 'epic' },
      specialsFor(fw, { mode: 'epic' }, 6).find((s) => s.title === 'Stage change'),
    );
    for (const fact of ['face down in the weapon deck are turned up', 'the mithril sword design', 'each deck holds only 5 cards'])
      expect(change).toContain(fact);
    expect(specialsFor(fw, { mode: 'epic', solo: true }, 6).map((s) => s.slug)).toContain('solo-end-of-stage');
    expect(words(fw, { mode: 'epic' }, specialsFor(fw, { mode: 'epic' }, 7)[0])).toContain('costs 5 gold');
    expect(words(fw, { mode: 'epic' }, specialsFor(fw, { mode: 'epic' }, 13)[0])).toContain('costs 6 gold');
    expect(specialsFor(fw, { mode: 'simple' }, 7).map((s) => s.title)).toEqual(['End-game bonuses']);
    expect(roundsWith(fw, { mode: 'epic', 'bonus-tiles': true }, 'Bonus tile', 18)).toEqual([3, 6, 9, 12, 15, 18]);
    // Bonus tiles need the epic game: switched on in a simple game they are not in play.
    expect(roundsWith(fw, { mode: 'simple', 'bonus-tiles': true }, 'Bonus tile', 18)).toEqual([]);
    expect(roundsWith(fw, { mode: 'simple' }, 'End-game bonuses', 18)).toEqual([7]);
    expect(roundsWith(fw, { mode: 'epic' }, 'End-game bonuses', 18)).toEqual([18]);
    expect(roundsWith(fw, { mode: 'simple' }, 'Green quests leave the offer', 18)).toEqual([6]);
    expect(roundsWith(fw, { mode: 'simple', solo: true }, 'Green quests leave the offer', 18)).toEqual([]);
  });
  it('Pencilvillage: Attacks begin at 4, Nebuchadnezzar pays at 27, objective deadlines at their round', () => {
    expect(roundsWith(pv, {}, 'Attacks begin')).toEqual([4]);
    expect(roundsWith(pv, { character: 'nebuchadnezzar' }, 'Nebuchadnezzar pays 12g')).toEqual([27]);
    expect(roundsWith(pv, {}, 'Nebuchadnezzar pays 12g')).toEqual([]);
    expect(roundsWith(pv, { objective: 'objective-store-12-wood' }, 'Objective deadline')).toEqual([15]);
    expect(roundsWith(pv, { objective: 'objective-27-population' }, 'Objective deadline')).toEqual([21]);
    expect(roundsWith(pv, {}, 'Last Round')).toEqual([30]);
  });
  it('Now or Never: the last season says to replace production; Vindication names the first player', () => {
    expect(roundsWith(non, { seasons: '5' }, 'Last season', 6)).toEqual([5]);
    expect(titles(specialsFor(vin, {}, 1))).toEqual(['First player']);
    expect(specialsFor(vin, {}, 2)).toEqual([]);
  });
});

describe('the end of the game per setup', () => {
  const endWords = (game: Game, s: Record<string, unknown>) =>
    endFor(game, s as never)
      .map((l) => words(game, s, l))
      .join(' | ');
  it('Now or Never: final production and scoring; story adds reputation and the campaign sheet; solo its target', () => {
    expect(titles(endFor(non, {}))).toEqual(['Final production', 'Scoring', 'The winner', 'Tiebreakers']);
    expect(titles(endFor(non, { story: true }))).toContain('Campaign sheet');
    expect(endWords(non, { story: true })).toContain('The most reputation earns 3 more points');
    expect(endWords(non, {})).not.toContain('reputation earns');
    expect(endWords(non, { solo: true })).toContain('at least 100 victory points');
    expect(titles(endFor(non, { solo: true }))).not.toContain('Tiebreakers');
  });
  it('Forge War: forced failures, final scoring with gold, and ties (solo: no opponent)', () => {
    const multi = endWords(fw, {});
    expect(multi).toContain('Every quest still active fails at once');
    expect(multi).toContain('1 prestige for every full 4 gold');
    expect(multi).toContain('first among them in the current player order wins');
    expect(endWords(fw, { solo: true, mode: 'epic' })).toContain('500 is a great score');
  });
  it('Pencilvillage: the end conditions with Precarious, the objective and the chosen scoring rule', () => {
    expect(endWords(pv, { mods: ['precarious'] })).toContain('Precarious puts 2 ticks there');
    expect(endWords(pv, {})).not.toContain('Precarious');
    expect(titles(endFor(pv, { objective: 'objective-store-12-wood' }))).toEqual(['Win or lose', 'Your objective', 'Gems']);
    expect(endWords(pv, { objective: 'objective-store-12-wood' })).toContain('the start of Round 15');
    expect(titles(endFor(pv, { scoring: 'low-randomness' }))).toEqual(['Win or lose', 'Low-randomness scoring']);
  });
  it('Vindication: finish the round, 1 final round, then mastery, monsters, secret quests, regions and tiebreakers', () => {
    const all = endWords(vin, {});
    const order = [
      'Finish the round',
      'Play the final round',
      'Mastery tiles',
      'Monster bonuses',
      'Secret quests',
      'Regions',
      'Most conviction',
    ];
    const at = order.map((w) => all.indexOf(w));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe('the options the page depends on', () => {
  it('are those its lines name, in the game order', () => {
    /** These options, in the order of the game file. */
    const inGameOrder = (game: Game, ids: string[]) => game.options.map((o) => o.id).filter((id) => ids.includes(id));
    expect(planOptions(non, playPlan(non).plan!)).toEqual(inGameOrder(non, ['solo', 'story', 'seasons']));
    expect(planOptions(fw, playPlan(fw).plan!)).toEqual(inGameOrder(fw, ['mode', 'solo', 'bonus-tiles']));
    expect(planOptions(vin, playPlan(vin).plan!)).toEqual(inGameOrder(vin, ['myths-wonders']));
  });
});

describe('checks of a game file', () => {
  const known = () => true;
  // The checks are tested on a fixture game (Now or Never's options, frozen), not on the real game file.
  const fixture = gameSchema.parse(parse(readFileSync('tests/fixtures/games/now-or-never.yaml', 'utf8')));
  const withPlay = (playAlong: Record<string, unknown>) => gameSchema.parse({ ...fixture, playAlong });
  const phases = [{ title: 'Turns', entry: 'your-turn' }];
  const end = [{ title: 'Score', entry: 'end-of-game' }];
  it('refuses a setup with no length or with two', () => {
    const g = withPlay({
      unit: ['season', 'seasons'],
      length: [
        { rounds: 6, when: { seasons: 6 } },
        { rounds: 5, when: { seasons: [5, 6] } },
      ],
      phases,
      end,
    });
    const messages = playAlongProblems(g, known).map((p) => p.message);
    expect(messages.some((m) => m.startsWith('2 lengths'))).toBe(true);
    expect(messages.some((m) => m.startsWith('no length') && m.includes('"4"'))).toBe(true);
  });
  it('refuses unknown options and values in conditions, unknown entries and rounds past the end', () => {
    const g = withPlay({
      unit: ['season', 'seasons'],
      length: [{ rounds: 6 }],
      phases: [{ ...phases[0], when: { sollo: true } }],
      special: [{ title: 'X', entry: 'nope', rounds: [7], when: { seasons: 3 } }],
      end,
    });
    const problems = playAlongProblems(g, (s) => s !== 'nope');
    expect(problems.map((p) => p.path.join('.'))).toEqual(
      expect.arrayContaining(['phases.0.when', 'special.0.when', 'special.0.entry', 'special.0.rounds']),
    );
  });
  it('refuses `last` in a game with no fixed length', () => {
    const g = withPlay({
      unit: ['round', 'rounds'],
      ends: [{ title: 'A trigger', entry: 'end-of-game' }],
      phases,
      special: [{ title: 'X', entry: 'pass', rounds: ['last'] }],
      end,
    });
    expect(playAlongProblems(g, known).map((p) => p.message)).toEqual([expect.stringContaining('`last` needs a `length`')]);
  });
  it('reads `not` as a When does: every other value', () => {
    expect(conditionAttrs(fixture, { not: { seasons: 6 } })).toEqual({ 'data-w-seasons': '5 4' });
    expect(conditionAttrs(fixture, { solo: true, seasons: [5, 4] })).toEqual({ 'data-w-solo': '1', 'data-w-seasons': '5 4' });
  });
});

describe('the current round', () => {
  it('reads only a whole round from 1 to the maximum from storage', () => {
    expect(parseRound(5)).toBe(5);
    for (const bad of [0, -1, 2.5, MAX_ROUNDS + 1, '5', null, undefined, NaN, Infinity, [3], { round: 3 }, true])
      expect(parseRound(bad)).toBeUndefined();
  });
  it("keeps the round within the setup's length", () => {
    expect(clampRound(0, 6)).toBe(1);
    expect(clampRound(7, 6)).toBe(6);
    expect(clampRound(6, 4)).toBe(4); // stored in a 6-season game, read in a 4-season one
    expect(clampRound(40)).toBe(40);
    expect(clampRound(500)).toBe(MAX_ROUNDS);
    expect(clampRound(NaN, 6)).toBe(1);
  });
  it('labels rounds, seasons and stages', () => {
    expect(roundLabel(3, 'season', { rounds: 6 })).toBe('Season 3 of 6');
    expect(roundLabel(9, 'round', { rounds: 18, stage: 6 }, 'stage')).toBe('Round 9 of 18 · Stage 2, round 3');
    expect(roundLabel(6, 'round', { rounds: 18, stage: 6 })).toBe('Round 6 of 18 · Stage 1, round 6');
    expect(roundLabel(4, 'round')).toBe('Round 4');
  });
});
