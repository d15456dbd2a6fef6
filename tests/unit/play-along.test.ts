import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema, type Game } from '../../src/schemas/game';
import {
  MAX_ROUNDS,
  clampRound,
  conditionAttrs,
  lengthFor,
  parseRound,
  phasesFor,
  playAlongProblems,
  planOptions,
  playPlan,
  roundLabel,
  specialsFor,
} from '../../src/lib/play-along';

const load = (id: string): Game => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const ids = readdirSync('content/games').map((f) => f.replace(/\.yaml$/, ''));
const slugsOf = (id: string) => new Set(readdirSync(`content/${id}`).map((f) => f.replace(/\.mdx$/, '')));
const [non, fw, pv, vin] = ['now-or-never', 'forge-war', 'pencilvillage', 'vindication'].map(load) as [Game, Game, Game, Game];
const titles = (lines: { title: string }[]) => lines.map((l) => l.title);
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
    expect(playPlan(vin).plan!.ends.map((e) => e.slug)).toEqual(['end-game-trigger-cards', 'trigger-tokens', 'ending-the-game']);
  });
});

describe('phases per setup', () => {
  it('Now or Never solo swaps the turn steps for the solo ones and ends the season on your pass', () => {
    expect(titles(phasesFor(non, {}))).toEqual(['Turns', 'Pass', 'Production']);
    expect(phasesFor(non, { solo: true }).map((p) => p.slug)).toEqual([
      'solo-turns',
      'solo-season-end',
      'production-phase',
      'solo-production',
    ]);
  });
  it('Forge War discards quests by player count, and none in solo', () => {
    const end = (s: Record<string, unknown>) => phasesFor(fw, s as never).find((p) => p.title === 'End of round')!.text;
    expect(end({ players: '2' })).toContain('first 3 slots');
    expect(end({ players: '4' })).toContain('first slot');
    expect(end({ players: '4', solo: true })).toContain('Discard nothing');
    expect(phasesFor(fw, { solo: true }).filter((p) => p.title === 'End of round')).toHaveLength(1);
  });
  it('Pencilvillage: actions follow the character; mods add their notes', () => {
    const actions = (s: Record<string, unknown>) =>
      phasesFor(pv, s as never)
        .filter((p) => p.title === 'Actions')
        .map((p) => p.text);
    expect(actions({})).toEqual(['Take 3 actions.']);
    expect(actions({ character: 'miyardee' })).toEqual([expect.stringContaining('Take 5 actions')]);
    expect(actions({ character: 'ayan-dawnseer' })).toEqual([expect.stringContaining('Take 4 actions')]);
    expect(titles(phasesFor(pv, { mods: ['tire'] }))).toContain('Tire');
    expect(phasesFor(pv, { mods: ['tire'] }).find((p) => p.title === 'Tire')?.unclear).toBe('free-actions-after');
    expect(titles(phasesFor(pv, {}))).not.toContain('Tire');
  });
});

describe('special rounds per setup', () => {
  it("Now or Never: the final production comes in the setup's last season", () => {
    expect(roundsWith(non, {}, 'Final production', 6)).toEqual([6]);
    expect(roundsWith(non, { seasons: '5' }, 'Final production', 6)).toEqual([5]);
    expect(roundsWith(non, { seasons: '4' }, 'Final production', 6)).toEqual([4]);
    expect(roundsWith(non, { solo: true, seasons: '5' }, 'Your target', 6)).toEqual([5]);
    expect(roundsWith(non, {}, 'Your target', 6)).toEqual([]);
  });
  it('Forge War: stage changes in the epic game only, bonus tiles only with the option, the end in the last round', () => {
    expect(roundsWith(fw, { mode: 'epic' }, 'Stage change', 18)).toEqual([6, 12]);
    expect(roundsWith(fw, { mode: 'simple' }, 'Stage change', 18)).toEqual([]);
    expect(specialsFor(fw, { mode: 'epic', solo: true }, 6).map((s) => s.slug)).toContain('solo-end-of-stage');
    expect(roundsWith(fw, { mode: 'epic', 'bonus-tiles': true }, 'Bonus tile', 18)).toEqual([6, 9, 12, 15]);
    expect(roundsWith(fw, { mode: 'epic', 'bonus-tiles': true }, 'Bonus tile?', 18)).toEqual([3, 18]);
    // Bonus tiles need the epic game: switched on in a simple game they are not in play.
    expect(roundsWith(fw, { mode: 'simple', 'bonus-tiles': true }, 'Bonus tile', 18)).toEqual([]);
    expect(roundsWith(fw, { mode: 'simple' }, 'End of the game', 18)).toEqual([7]);
    expect(roundsWith(fw, { mode: 'epic' }, 'End of the game', 18)).toEqual([18]);
    expect(roundsWith(fw, { mode: 'simple' }, 'Green quests leave the offer', 18)).toEqual([6]);
    expect(roundsWith(fw, { mode: 'simple', solo: true }, 'Green quests leave the offer', 18)).toEqual([]);
  });
  it('Pencilvillage: no Attacks in rounds 1-3, Nebuchadnezzar pays at 27, objective deadlines at their round', () => {
    expect(roundsWith(pv, {}, 'No Attacks yet')).toEqual([1, 2, 3]);
    expect(roundsWith(pv, { character: 'nebuchadnezzar' }, 'Nebuchadnezzar pays 12g')).toEqual([27]);
    expect(roundsWith(pv, {}, 'Nebuchadnezzar pays 12g')).toEqual([]);
    expect(roundsWith(pv, { objective: 'objective-store-12-wood' }, 'Objective deadline')).toEqual([15]);
    expect(roundsWith(pv, { objective: 'objective-27-population' }, 'Objective deadline')).toEqual([21]);
    expect(specialsFor(pv, { objective: 'objective-town-centre-3-by-round-8' }, 8)[0]?.unclear).toBe('start-or-end-of-round-8');
    expect(roundsWith(pv, {}, 'Last Round')).toEqual([30]);
  });
  it('Vindication: the first round names the first player; later rounds have nothing special', () => {
    expect(titles(specialsFor(vin, {}, 1))).toEqual(['First player']);
    expect(specialsFor(vin, {}, 2)).toEqual([]);
  });
});

describe('the options the page depends on', () => {
  it('are those its lines name, in the game order', () => {
    /** These options, in the order of the game file. */
    const inGameOrder = (game: Game, ids: string[]) => game.options.map((o) => o.id).filter((id) => ids.includes(id));
    expect(planOptions(non, playPlan(non).plan!)).toEqual(inGameOrder(non, ['solo', 'story', 'seasons']));
    expect(planOptions(fw, playPlan(fw).plan!)).toEqual(inGameOrder(fw, ['mode', 'players', 'solo', 'bonus-tiles']));
    expect(planOptions(vin, playPlan(vin).plan!)).toEqual(inGameOrder(vin, ['guilds-monuments', 'myths-wonders']));
  });
});

describe('checks of a game file', () => {
  const known = () => true;
  // The checks are tested on a fixture game (Now or Never's options, frozen), not on the real game file.
  const fixture = gameSchema.parse(parse(readFileSync('tests/fixtures/games/now-or-never.yaml', 'utf8')));
  const withPlay = (playAlong: Record<string, unknown>) => gameSchema.parse({ ...fixture, playAlong });
  const phases = [{ title: 'Turns', text: 'Take turns.', entry: 'your-turn' }];
  it('refuses a setup with no length or with two', () => {
    const g = withPlay({
      unit: ['season', 'seasons'],
      length: [
        { rounds: 6, when: { seasons: 6 } },
        { rounds: 5, when: { seasons: [5, 6] } },
      ],
      phases,
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
      special: [{ title: 'X', text: 'Y.', entry: 'nope', rounds: [7], when: { seasons: 3 } }],
    });
    const problems = playAlongProblems(g, (s) => s !== 'nope');
    expect(problems.map((p) => p.path.join('.'))).toEqual(
      expect.arrayContaining(['phases.0.when', 'special.0.when', 'special.0.entry', 'special.0.rounds']),
    );
  });
  it('refuses `last` in a game with no fixed length', () => {
    const g = withPlay({
      unit: ['round', 'rounds'],
      ends: [{ text: 'A trigger.', entry: 'end-of-game' }],
      phases,
      special: [{ title: 'X', text: 'Y.', entry: 'pass', rounds: ['last'] }],
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
