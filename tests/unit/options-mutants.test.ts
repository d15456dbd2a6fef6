/**
 * The option model (src/lib/options.ts) on a small made-up game with one option of each kind and a requirement on
 * each kind: what `npm run test:mutation` found no test for (booleans read from "false", a requirement on a multi
 * option, duplicate ids, a default that is not a value, labels and CSS written exactly).
 */
import { describe, expect, it } from 'vitest';
import {
  currentTokens,
  defaultSettings,
  describeSettings,
  describeValue,
  effectiveSettings,
  formatOptionValue,
  isActive,
  parseOptionValue,
  parseSettings,
  sameSettings,
  serializeSettings,
  settingsFromForm,
  sharedOptionIds,
  visibilityCss,
  type WordedGame,
} from '../../src/lib/options';
import {
  conditionLabel,
  inactiveToken,
  optionProblems,
  optionVariants,
  pickToken,
  requirementLabel,
  requirementTokens,
  setupChips,
  valueCondition,
  whenCondition,
} from '../../src/lib/option-authoring';

const game = {
  id: 'test',
  options: [
    { id: 'solo', label: 'Solo play', type: 'boolean', offLabel: 'Multiplayer', default: false },
    {
      id: 'players',
      label: 'Players',
      type: 'choice',
      values: [
        { value: '2', label: '2 players' },
        { value: '3', label: '3 players' },
      ],
      default: '2',
      requires: { solo: false },
      fallback: { value: '1', label: '1 player' },
    },
    {
      id: 'mods',
      label: 'Mods',
      type: 'multi',
      noneLabel: 'No mods',
      values: [
        { value: 'tire', label: 'Tire' },
        { value: 'glom', label: 'Glom' },
      ],
      default: [],
    },
    // Requires a multi value and a choice value at once.
    { id: 'boost', label: 'Boost', type: 'boolean', offLabel: 'No boost', default: true, requires: { mods: 'tire', players: '3' } },
    // A choice with no fallback, requiring a boolean.
    {
      id: 'bot',
      label: 'Bot',
      type: 'choice',
      values: [
        { value: 'easy', label: 'Easy bot' },
        { value: 'hard', label: 'Hard bot' },
      ],
      default: 'easy',
      requires: { solo: true },
    },
  ],
} as unknown as WordedGame;
const opt = (id: string) => game.options.find((o) => o.id === id)!;

describe('reading values', () => {
  it('reads a boolean from every form it is written in, "false" and "0" as off', () => {
    const solo = opt('solo');
    for (const on of [true, '1', 'true']) expect(parseOptionValue(solo, on)).toBe(true);
    for (const off of [false, '0', 'false']) expect(parseOptionValue(solo, off)).toBe(false);
    for (const junk of ['yes', '', 'False', 1, 0, null, undefined, ['1']]) expect(parseOptionValue(solo, junk)).toBeUndefined();
    expect(parseSettings(game, new URLSearchParams('solo=false&players=3'))).toEqual({ solo: false, players: '3' });
    expect(parseSettings(game, { solo: 'false' })).toEqual({ solo: false });
  });
  it('reads a choice from text or a number, only as one of its values', () => {
    expect(parseOptionValue(opt('players'), 3)).toBe('3');
    expect(parseOptionValue(opt('players'), '3')).toBe('3');
    expect(parseOptionValue(opt('players'), '1')).toBeUndefined(); // the fallback is no choice
    expect(parseOptionValue(opt('players'), true)).toBeUndefined();
  });
  it('reads a multi list in the game order, trimmed, unknown values dropped', () => {
    expect(parseOptionValue(opt('mods'), ' glom ,tire,zap')).toEqual(['tire', 'glom']);
    expect(parseOptionValue(opt('mods'), ['glom', 3, 'tire'])).toEqual(['tire', 'glom']);
    expect(parseOptionValue(opt('mods'), 5)).toBeUndefined();
    expect(parseOptionValue(opt('mods'), '')).toEqual([]);
  });
  it('ignores null, arrays and primitives as settings, and inherited keys', () => {
    expect(parseSettings(game, null)).toEqual({});
    expect(parseSettings(game, ['solo'])).toEqual({});
    expect(parseSettings(game, 'solo=1')).toEqual({});
    expect(parseSettings(game, Object.create({ solo: true }))).toEqual({});
    expect(parseSettings(game, { solo: null, players: '3' })).toEqual({ players: '3' });
    expect(parseSettings(game, new URLSearchParams('players='))).toEqual({});
  });
  it('reads a form: a ticked checkbox sends a value, the first choice, every multi box', () => {
    const form: Record<string, string[]> = { solo: ['on'], players: ['3', '2'], mods: ['glom'], boost: [] };
    expect(settingsFromForm(game, (id) => form[id] ?? [])).toEqual({ solo: true, players: '3', mods: ['glom'], boost: false });
  });
});

describe('writing values', () => {
  it('writes 1/0, the choice, a comma list (commas unescaped), in game order, defaults included', () => {
    expect(formatOptionValue(opt('solo'), true)).toBe('1');
    expect(formatOptionValue(opt('solo'), false)).toBe('0');
    expect(serializeSettings(game, { mods: ['tire', 'glom'] })).toBe('solo=0&players=2&mods=tire,glom&boost=1&bot=easy');
    expect(serializeSettings(game, { solo: true }, ['bot', 'solo'])).toBe('solo=1&bot=easy');
  });
  it('compares setups after defaults', () => {
    expect(sameSettings(game, {}, { solo: false, mods: [] })).toBe(true);
    expect(sameSettings(game, {}, { mods: ['tire'] })).toBe(false);
  });
});

describe('requirements', () => {
  it('needs every requirement, a multi value and a choice value together', () => {
    expect(isActive(game, 'boost', {})).toBe(false);
    expect(isActive(game, 'boost', { mods: ['tire'] })).toBe(false);
    expect(isActive(game, 'boost', { players: '3' })).toBe(false);
    expect(isActive(game, 'boost', { mods: ['glom', 'tire'], players: '3' })).toBe(true);
    // Solo makes players fall back to 1, so boost's requirement fails through the chain.
    expect(isActive(game, 'boost', { mods: ['tire'], players: '3', solo: true })).toBe(false);
    expect(isActive(game, 'solo', {})).toBe(true);
    expect(isActive(game, 'nothing', {})).toBe(true);
  });
  it('gives inactive options their inactive value: off, the fallback, or none for a choice without one', () => {
    expect(effectiveSettings(game, { solo: true })).toEqual({ solo: true, players: '1', mods: [], boost: false, bot: 'easy' });
    expect(effectiveSettings(game, {})).toEqual({ solo: false, players: '2', mods: [], boost: false, bot: undefined });
    expect(effectiveSettings(game, { mods: ['tire'], players: '3' }).boost).toBe(true);
  });
  it('turns effective values into condition tokens, every multi value and "none" keyed apart', () => {
    expect(currentTokens(game, {})).toEqual({
      solo: '0',
      players: '2',
      'mods-tire': '0',
      'mods-glom': '0',
      'mods--none': '1',
      boost: '0',
      bot: 'off',
    });
    expect(currentTokens(game, { solo: true, mods: ['glom'] })).toEqual({
      solo: '1',
      players: '1',
      'mods-tire': '0',
      'mods-glom': '1',
      'mods--none': '0',
      boost: '0',
      bot: 'easy',
    });
  });
  it('states a requirement as tokens and as words, by kind', () => {
    expect(requirementTokens(game, opt('boost'))).toEqual({ 'mods-tire': ['1'], players: ['3'] });
    expect(requirementTokens(game, opt('players'))).toEqual({ solo: ['0'] });
    expect(requirementTokens(game, opt('solo'))).toEqual({});
    expect(requirementLabel(game, opt('boost'))).toBe('Mods: Tire, 3 players');
    expect(requirementLabel(game, opt('bot'))).toBe('Solo play');
    expect(requirementLabel(game, opt('players'))).toBe('Multiplayer');
    expect(requirementLabel(game, { ...opt('boost'), requires: { gone: true, players: ['2', '3'] } } as never)).toBe(
      'gone, 2 players or 3 players',
    );
  });
  it('compares each value of an option with its requirements met', () => {
    const variants = optionVariants(game, 'boost');
    expect(variants.map((v) => [v.label, v.isDefault])).toEqual([
      ['Boost', true],
      ['No boost', false],
    ]);
    expect(variants[0]!.settings).toEqual({ solo: false, players: '3', mods: ['tire'], boost: true, bot: 'easy' });
    expect(optionVariants(game, 'bot')[0]!.settings.solo).toBe(true);
    expect(optionVariants(game, 'mods').map((v) => [v.label, v.isDefault])).toEqual([
      ['No mods', true],
      ['Mods: Tire', false],
      ['Mods: Glom', false],
    ]);
    expect(optionVariants(game, 'players').map((v) => v.label)).toEqual(['2 players', '3 players']);
    expect(optionVariants(game, 'nothing')).toEqual([]);
  });
});

describe('problems of option definitions', () => {
  const withOptions = (options: unknown[]) => optionProblems({ id: 'x', options } as unknown as WordedGame);
  it('finds none in a sound game', () => {
    expect(optionProblems(game)).toEqual([]);
  });
  it('refuses a duplicate option id, at the second one', () => {
    expect(withOptions([opt('solo'), opt('mods'), { ...opt('solo'), label: 'Again' }])).toEqual([
      { path: [2, 'id'], message: 'duplicate option id "solo"' },
    ]);
  });
  it('refuses a default that is not one of the values, for a choice and for a multi option', () => {
    expect(withOptions([{ ...opt('players'), default: '5', requires: undefined }])).toEqual([
      { path: [0, 'default'], message: 'default "5" is not one of the values (2, 3)' },
    ]);
    expect(withOptions([{ ...opt('mods'), default: ['tire', 'zap'] }])).toEqual([
      { path: [0, 'default'], message: 'default "zap" is not one of the values (tire, glom)' },
    ]);
  });
  it('refuses a requirement on a multi option that names two values, an unknown value or a boolean', () => {
    const needs = (wanted: unknown) => withOptions([opt('mods'), { ...opt('solo'), id: 'b', requires: { mods: wanted } }]);
    expect(needs('tire')).toEqual([]);
    expect(needs(['tire', 'glom'])).toEqual([
      { path: [1, 'requires', 'mods'], message: 'a requirement on the multi option "mods" names one value' },
    ]);
    expect(needs('zap')).toEqual([{ path: [1, 'requires', 'mods'], message: 'option "mods" has no value "zap" (values: tire, glom)' }]);
    expect(needs(true)).toEqual([{ path: [1, 'requires', 'mods'], message: 'option "mods" has no value true (values: tire, glom)' }]);
  });
  it('refuses a requirement on a choice value it lacks, and on/off requirements that are not booleans', () => {
    const needs = (id: string, wanted: unknown) =>
      withOptions([opt('solo'), opt('players'), { ...opt('mods'), requires: { [id]: wanted } }])[0];
    expect(needs('players', ['3', '4'])).toEqual({
      path: [2, 'requires', 'players'],
      message: 'option "players" has no value "4" (values: 2, 3)',
    });
    expect(needs('players', true)?.message).toBe('option "players" has no value true (values: 2, 3)');
    expect(needs('players', 3)).toBeUndefined();
    expect(needs('solo', 'yes')).toEqual({ path: [2, 'requires', 'solo'], message: 'option "solo" is on/off: require true or false' });
    expect(needs('solo', [true, false])).toBeUndefined();
  });
  it('refuses a requirement on the option itself as on an unknown one', () => {
    expect(withOptions([{ ...opt('solo'), requires: { solo: true } }])).toEqual([
      { path: [0, 'requires', 'solo'], message: 'requires names unknown option "solo" (options: solo)' },
      { path: [0, 'requires'], message: 'the requirements of "solo" form a cycle' },
    ]);
  });
});

describe('labels, conditions and CSS', () => {
  it('describes the active options of a setup, in game order, limited to `only`', () => {
    expect(describeSettings(game, {})).toBe('Multiplayer · 2 players · No mods');
    expect(describeSettings(game, { solo: true, mods: ['glom', 'tire'] })).toBe('Solo play · Mods: Tire, Glom · Easy bot');
    expect(describeSettings(game, { solo: true }, ['bot'])).toBe('Easy bot');
  });
  it('lists every chip with its condition, the requirement added except on a fallback', () => {
    const chips = setupChips(game, ['players', 'mods']);
    expect(chips.map((c) => [c.label, c.when, c.isDefault])).toEqual([
      ['2 players', { solo: '0', players: '2' }, true],
      ['3 players', { solo: '0', players: '3' }, false],
      ['1 player', { players: '1' }, false],
      ['Tire', { 'mods-tire': '1' }, false],
      ['Glom', { 'mods-glom': '1' }, false],
      ['No mods', { 'mods--none': '1' }, true],
    ]);
  });
  it('reads <When> props by kind and names what is wrong', () => {
    expect(whenCondition(game, 'solo', true)).toMatchObject({ key: 'solo', tokens: ['1'] });
    expect(whenCondition(game, 'solo', 'x')).toBe('option "solo" is on/off: write <When solo> or <When solo={false}>');
    expect(whenCondition(game, 'players', [1, '3'])).toMatchObject({ key: 'players', tokens: ['1', '3'] });
    expect(whenCondition(game, 'players', '4')).toBe('option "players" has no value "4" (values: 2, 3, 1)');
    expect(whenCondition(game, 'mods', 'tire')).toMatchObject({ key: 'mods-tire', tokens: ['1'] });
    expect(whenCondition(game, 'mods', ['tire'] as never)).toBe('option "mods" takes one value per <When>, e.g. mods="tire"');
    expect(whenCondition(game, 'mods', 'zap')).toBe('option "mods" has no value "zap" (values: tire, glom)');
    expect(whenCondition(game, 'nope', true)).toBe('names unknown option "nope" (the game\'s options: solo, players, mods, boost, bot)');
  });
  it('labels variant blocks by kind', () => {
    expect(
      conditionLabel(game, [
        { key: 'solo', tokens: ['0'] },
        { key: 'players', tokens: ['2', '1'] },
      ]),
    ).toBe('Multiplayer · 2 players or 1 player');
    expect(conditionLabel(game, [{ key: 'mods-glom', tokens: ['1'] }])).toBe('Mods: Glom');
    expect(conditionLabel(game, [{ key: 'mods-glom', tokens: ['0'] }])).toBe('Without Glom');
    expect(
      conditionLabel(game, [
        { key: 'solo', tokens: ['1'] },
        { key: 'zz', tokens: ['1'] },
      ]),
    ).toBe('Solo play · zz');
  });
  it('names the inactive token, the condition of a value and the <Pick> token by kind', () => {
    expect([inactiveToken(opt('solo')), inactiveToken(opt('players')), inactiveToken(opt('bot')), inactiveToken(opt('mods'))]).toEqual([
      '0',
      '1',
      'off',
      undefined,
    ]);
    expect(valueCondition(opt('solo'), 'true')).toEqual({ key: 'solo', tokens: ['1'] });
    expect(valueCondition(opt('solo'), '1')).toEqual({ key: 'solo', tokens: ['1'] });
    expect(valueCondition(opt('solo'), 'false')).toEqual({ key: 'solo', tokens: ['0'] });
    expect(valueCondition(opt('mods'), 'glom')).toEqual({ key: 'mods-glom', tokens: ['1'] });
    expect(pickToken(opt('solo'), 'false')).toEqual({ picks: true, token: '0' });
    expect(pickToken(opt('players'), '1')).toEqual({ picks: true, token: '1' });
    expect(pickToken(opt('players'), '9')).toEqual({ picks: true, token: undefined });
    expect(pickToken(opt('mods'), 'tire')).toEqual({ picks: false });
  });
  it('writes the hiding CSS exactly', () => {
    expect(visibilityCss({ solo: '1' })).toBe(
      '[data-w-solo]:not([data-w-solo~="1"]),[data-w-any]:not([data-w-any~="solo=1"]){display:none!important}',
    );
    expect(visibilityCss({ solo: '1', players: '2' }, { any: true, shared: ['solo'] })).toBe(
      '[data-w-solo]:not([data-w-solo~="1"]),[data-w-players]:not([data-w-players~="2"]),' +
        '[data-w-any]:not([data-w-any~="solo=1"],[data-w-any~="players=2"]){display:none!important}' +
        '[data-any]:not(:is([data-any~="solo=1"],[data-any~="players=2"])){display:none!important}' +
        'body:has([data-any]:is([data-any~="solo=1"],[data-any~="players=2"])) [data-any-empty]{display:none!important}' +
        ':root[data-shared] [data-chip]:not([data-chip="solo"]){display:none!important}',
    );
  });
  it('sets every option to its default', () => {
    expect(defaultSettings(game)).toEqual({ solo: false, players: '2', mods: [], boost: true, bot: 'easy' });
  });
});

/** A second made-up game: requirements that accept any of several values, and a multi option with a default. */
const lists = {
  id: 'lists',
  options: [
    {
      id: 'seats',
      label: 'Seats',
      type: 'choice',
      values: [
        { value: '2', label: '2 seats' },
        { value: '3', label: '3 seats' },
        { value: '4', label: '4 seats' },
      ],
      default: '2',
    },
    // The first game's mods, with a default and a requirement that lists two values.
    { ...opt('mods'), default: ['tire'], requires: { seats: ['2', '3'] } },
    { id: 'warp', label: 'Warp', type: 'boolean', offLabel: 'No warp', default: false, requires: { mods: ['tire', 'glom'] } },
  ],
} as unknown as WordedGame;

describe('requirements that list several values, and multi defaults', () => {
  it('holds a requirement when the value is any one of those listed, for a choice and for a multi option', () => {
    expect(isActive(lists, 'mods', { seats: '3' })).toBe(true);
    expect(isActive(lists, 'mods', { seats: '4' })).toBe(false);
    expect(isActive(lists, 'warp', { mods: ['glom'] })).toBe(true);
    expect(isActive(lists, 'warp', { mods: [] })).toBe(false);
  });

  it('starts a multi option at its own default, as a copy', () => {
    const defaults = defaultSettings(lists);
    expect(defaults).toEqual({ seats: '2', mods: ['tire'], warp: false });
    (defaults.mods as string[]).push('glom');
    expect(defaultSettings(lists).mods).toEqual(['tire']);
  });

  it('gives an inactive multi option nothing chosen, whatever was picked', () => {
    expect(effectiveSettings(lists, { seats: '4', mods: ['tire', 'glom'] })).toEqual({ seats: '4', mods: [], warp: false });
  });
});

describe('labels and notes at their edges', () => {
  it('names a choice value it does not know by the value itself, with or without a fallback', () => {
    expect(describeValue(opt('players'), '1')).toBe('1 player');
    expect(describeValue(opt('players'), '7')).toBe('7');
    expect(describeValue(opt('bot'), 'nightmare')).toBe('nightmare');
  });

  it('names in a shared note an option the shown setup changes from the default, even one the link does not name', () => {
    expect(sharedOptionIds(lists, { seats: '3' }, { seats: '3' }, {})).toEqual(['seats']);
    expect(sharedOptionIds(lists, {}, {}, {})).toEqual([]);
  });

  it('writes no CSS for a game without options', () => {
    expect(visibilityCss({})).toBe('');
    expect(visibilityCss({}, { any: true })).toBe('');
  });
});
