import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema, type Game } from '../../src/schemas/game';
import {
  currentTokens,
  defaultSettings,
  describeSettings,
  effectiveSettings,
  isActive,
  noneKey,
  parseOptionValue,
  parseSettings,
  sameSettings,
  serializeSettings,
  settingsFromForm,
  visibilityCss,
  setupQuery,
  sharedOptionIds,
  shownSettings,
  type WordedGame,
  type Settings,
} from '../../src/lib/options';
import {
  conditionLabel,
  defaultSetupWhen,
  optionProblems,
  pickToken,
  requirementLabel,
  setupChips,
  whenCondition,
  inactiveToken,
  requirementTokens,
  valueCondition,
} from '../../src/lib/option-authoring';

/** A game file, parsed. */
const load = (path: string) => gameSchema.parse(parse(readFileSync(path, 'utf8')));
/** Every real game: the properties that must hold for any game are checked on each. */
const games = readdirSync('content/games').map((f) => load(`content/games/${f}`));
// The logic is tested on fixture games, frozen copies of the four games' options (tests/fixtures/games): a new option
// or value in a real game file changes none of the expected values below.
const non = load('tests/fixtures/games/now-or-never.yaml');
const fw = load('tests/fixtures/games/forge-war.yaml');
const pv = load('tests/fixtures/games/pencilvillage.yaml');
const vin = load('tests/fixtures/games/vindication.yaml');

/** A small deterministic random generator (the same cases every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** A random valid setting of every option of a game. */
function randomSettings(game: Game, rnd: () => number): Settings {
  const out: Settings = {};
  for (const o of game.options) {
    if (rnd() < 0.25) continue; // leave some at their default
    if (o.type === 'boolean') out[o.id] = rnd() < 0.5;
    else if (o.type === 'choice') out[o.id] = o.values[Math.floor(rnd() * o.values.length)]!.value;
    else out[o.id] = o.values.filter(() => rnd() < 0.2).map((v) => v.value);
  }
  return out;
}

/** Arbitrary JSON-ish junk, including prototype keys and objects with a `toString` that is not a function. */
function junk(rnd: () => number, depth = 0): unknown {
  const pick = Math.floor(rnd() * 12);
  const scalars = [null, true, false, 0, -1, 1.5, '', '1', '0', 'true', 'yes', '<b>x</b>', 'tire,glom', '__proto__', NaN];
  if (depth > 2 || pick < 5) return scalars[Math.floor(rnd() * scalars.length)];
  if (pick < 8) return Array.from({ length: Math.floor(rnd() * 4) }, () => junk(rnd, depth + 1));
  const obj = JSON.parse('{"__proto__": {"solo": true}, "constructor": 1}') as Record<string, unknown>;
  Object.assign(obj, { toString: 1, valueOf: { toString: 1 } });
  for (let i = 0; i < 3; i++)
    obj[['solo', 'mods', 'players', 'character', 'seasons', 'mode', 'x'][Math.floor(rnd() * 7)]!] = junk(rnd, depth + 1);
  return obj;
}

/** Whether a setting is valid for a game: known ids, values of the right kind and set. */
function isValidSetting(game: Game, s: Settings): boolean {
  return Object.entries(s).every(([id, v]) => {
    const o = game.options.find((x) => x.id === id);
    if (!o) return false;
    if (o.type === 'boolean') return typeof v === 'boolean';
    if (o.type === 'choice') return typeof v === 'string' && o.values.some((x) => x.value === v);
    return Array.isArray(v) && v.every((x) => o.values.some((y) => y.value === x));
  });
}

describe('parseSettings', () => {
  it('reads booleans, choices and multi lists from a query string', () => {
    expect(parseSettings(non, new URLSearchParams('solo=1&seasons=5&players=3'))).toEqual({ solo: true, seasons: '5', players: '3' });
    expect(parseSettings(pv, new URLSearchParams('character=erwin-lyme&mods=tire,glom'))).toEqual({
      character: 'erwin-lyme',
      mods: ['glom', 'tire'],
    });
  });
  it('ignores unknown options and invalid values', () => {
    expect(parseSettings(non, new URLSearchParams('solo=maybe&seasons=7&players=9&colour=red'))).toEqual({});
    expect(parseSettings(pv, new URLSearchParams('character=nobody&mods=tire,warp'))).toEqual({ mods: ['tire'] });
  });
  it('ignores corrupt stored values of every shape, never throwing', () => {
    expect(parseSettings(non, { solo: 'yes', seasons: { x: 1 } })).toEqual({});
    expect(parseSettings(non, null)).toEqual({});
    expect(parseSettings(non, [1, 2])).toEqual({});
    expect(parseSettings(non, 'solo=1')).toEqual({});
    expect(parseSettings(pv, JSON.parse('{"mods":[{"toString":1}, "tire"]}'))).toEqual({ mods: ['tire'] });
    expect(parseSettings(non, JSON.parse('{"__proto__":{"solo":true}}'))).toEqual({});
    expect(parseSettings(non, Object.create({ solo: true }))).toEqual({});
  });
  it('turns any junk into a valid setting (5,000 random cases over every game)', () => {
    const rnd = random(12);
    for (let i = 0; i < 5000; i++) {
      const game = games[i % games.length]!;
      const out = parseSettings(game, junk(rnd));
      expect(isValidSetting(game, out)).toBe(true);
      for (const o of game.options) expect(() => parseOptionValue(o, junk(rnd))).not.toThrow();
    }
  });
});

describe('a shared setup (setupQuery, shownSettings)', () => {
  const all = (game: Game, s: Settings) => ({ ...defaultSettings(game), ...s });
  it('a link’s option beats the reader’s saved value for the same option', () => {
    expect(shownSettings(non, { seasons: '5' }, { seasons: '4' }).seasons).toBe('4');
    expect(shownSettings(pv, { character: 'imrael', mods: ['glom'] }, { character: 'erwin-lyme' }).character).toBe('erwin-lyme');
  });
  it('options the link omits are the defaults, never the reader’s own', () => {
    const saved = { seasons: '5', story: true, players: '3' };
    expect(shownSettings(non, saved, { solo: false, players: '4', underground: false })).toEqual(all(non, { players: '4' }));
    expect(shownSettings(pv, { mods: ['glom', 'tire'] }, { character: 'erwin-lyme' }).mods).toEqual([]);
    // No option in the link: the reader's own.
    expect(shownSettings(non, saved, {})).toEqual(saved);
  });
  it('writes only the options that differ from the defaults, in the game order, short and readable', () => {
    expect(setupQuery(non, { seasons: '5', players: '4', story: true, solo: false })).toBe('players=4&story=1&seasons=5');
    expect(setupQuery(pv, { mods: ['tire', 'glom'], character: 'erwin-lyme' })).toBe('character=erwin-lyme&mods=glom,tire');
    // All defaults: still one option, so the link opens the defaults rather than the reader's own.
    expect(setupQuery(non, {})).toBe('solo=0');
    const fromUrl = parseSettings(non, new URLSearchParams(setupQuery(non, {})));
    expect(shownSettings(non, { seasons: '5' }, fromUrl)).toEqual(defaultSettings(non));
    expect(setupQuery({ id: 'x', options: [] }, {})).toBe('');
  });
  it('a shared setup is complete: whatever the reader saved, the link opens exactly the sharer’s setup (every game)', () => {
    const rnd = random(11);
    for (let i = 0; i < 2000; i++) {
      const game = games[i % games.length]!;
      const sharer = all(game, randomSettings(game, rnd));
      const reader = randomSettings(game, rnd);
      const query = setupQuery(game, sharer);
      expect(query.length).toBeLessThanOrEqual(serializeSettings(game, sharer).length);
      const fromUrl = parseSettings(game, new URLSearchParams(query));
      expect(Object.keys(fromUrl).length).toBeGreaterThan(0);
      expect(shownSettings(game, reader, fromUrl)).toEqual(sharer);
      // Carried on to the next page, the query is the same.
      expect(setupQuery(game, shownSettings(game, reader, fromUrl))).toBe(query);
    }
  });
  it('keeps old links working: options at their default value, partial option sets', () => {
    const old = parseSettings(non, new URLSearchParams('solo=0&players=4&underground=0'));
    expect(shownSettings(non, { seasons: '5' }, old)).toEqual(all(non, { players: '4' }));
    expect(setupQuery(non, shownSettings(non, {}, old))).toBe('players=4');
  });
  it('takes the valid options of a junk link, the first valid one of a repeated option, and defaults for the rest', () => {
    const q = 'seasons=9&seasons=5&seasons=4&solo=yes&players=&x=1&__proto__=1&constructor=2&story=1&story=0&mods=tire';
    expect(() => parseSettings(non, new URLSearchParams(q))).not.toThrow();
    expect(parseSettings(non, new URLSearchParams(q))).toEqual({ seasons: '5', story: true });
    expect(shownSettings(non, { solo: true }, parseSettings(non, new URLSearchParams(q)))).toEqual(all(non, { seasons: '5', story: true }));
    const pvQuery = new URLSearchParams('mods=nope,tire,,tire&character=<b>&character=imrael');
    expect(parseSettings(pv, pvQuery)).toEqual({ mods: ['tire'], character: 'imrael' });
  });
  it('names in the note the options the link names, the non-defaults and those that differ from the reader’s own', () => {
    const shown = all(non, { players: '4', seasons: '5' });
    const named = { solo: false, players: '4', seasons: '5' };
    expect(sharedOptionIds(non, shown, { story: true }, named)).toEqual(['solo', 'players', 'story', 'seasons']);
    expect(sharedOptionIds(non, shown, {}, { players: '4', seasons: '5' })).toEqual(['players', 'seasons']);
  });
});

describe('serializeSettings', () => {
  it('writes every requested option, defaults included, in the game order', () => {
    expect(serializeSettings(non, { seasons: '5', solo: true }, ['solo', 'seasons'])).toBe('solo=1&seasons=5');
    expect(serializeSettings(pv, { mods: ['tire', 'glom'] }, ['mods'])).toBe('mods=tire,glom');
  });
  it('round-trips: parse(serialise(x)) = x for random valid settings of every game', () => {
    const rnd = random(7);
    for (let i = 0; i < 2000; i++) {
      const game = games[i % games.length]!;
      const s = { ...defaultSettings(game), ...randomSettings(game, rnd) };
      const back = parseSettings(game, new URLSearchParams(serializeSettings(game, s)));
      expect(back).toEqual(s);
      expect(sameSettings(game, s, back)).toBe(true);
      // Stored as JSON (localStorage) and read back: the same.
      expect(parseSettings(game, JSON.parse(JSON.stringify(s)))).toEqual(s);
    }
  });
  it('reads a form the way it reads a URL', () => {
    const form: Record<string, string[]> = { solo: ['1'], seasons: ['4'], players: ['3'] };
    expect(settingsFromForm(non, (id) => form[id] ?? [])).toEqual({
      solo: true,
      seasons: '4',
      players: '3',
      story: false,
      underground: false,
      reroll: false,
    });
    expect(settingsFromForm(pv, (id) => (id === 'mods' ? ['tire', 'nope'] : []))).toEqual({ mods: ['tire'] });
  });
});

describe('requirements', () => {
  it('uses the fallback of an option whose requirement fails', () => {
    expect(currentTokens(non, { solo: true, players: '4' }).players).toBe('1');
    expect(currentTokens(non, { players: '4' }).players).toBe('4');
  });
  it('turns a boolean off while its requirement fails', () => {
    expect(isActive(fw, 'bonus-tiles', { mode: 'simple' })).toBe(false);
    expect(currentTokens(fw, { mode: 'simple', 'bonus-tiles': true })['bonus-tiles']).toBe('0');
    expect(currentTokens(fw, { mode: 'epic', 'bonus-tiles': true })['bonus-tiles']).toBe('1');
  });
  it('resolves a chain of requirements', () => {
    const chain: WordedGame = {
      id: 'x',
      options: [
        { id: 'a', label: 'A', offLabel: 'No A', type: 'boolean' as const, default: false },
        { id: 'b', label: 'B', offLabel: 'No B', type: 'boolean' as const, default: true, requires: { a: true } },
        { id: 'c', label: 'C', offLabel: 'No C', type: 'boolean' as const, default: true, requires: { b: true } },
      ],
    };
    expect(effectiveSettings(chain, {})).toEqual({ a: false, b: false, c: false });
    expect(effectiveSettings(chain, { a: true })).toEqual({ a: true, b: true, c: true });
  });
  it('labels what a requirement asks', () => {
    expect(
      requirementLabel(
        fw,
        fw.options.find((o) => o.id === 'bonus-tiles')!,
      ),
    ).toBe('Epic game (3 stages)');
    expect(
      requirementLabel(
        fw,
        fw.options.find((o) => o.id === 'players')!,
      ),
    ).toBe('Multiplayer');
  });
  it('refuses a requirement on an unknown option or value, naming the path', () => {
    const bad = (requires: Record<string, unknown>) =>
      optionProblems({ id: 'fw', options: fw.options.map((o) => (o.id === 'bonus-tiles' ? { ...o, requires } : o)) as Game['options'] });
    expect(bad({ mode: 'epik' })).toEqual([{ path: [3, 'requires', 'mode'], message: expect.stringContaining('has no value "epik"') }]);
    expect(bad({ moode: 'epic' })).toEqual([
      { path: [3, 'requires', 'moode'], message: expect.stringContaining('unknown option "moode"') },
    ]);
    expect(bad({ solo: 'yes' })).toEqual([{ path: [3, 'requires', 'solo'], message: expect.stringContaining('is on/off') }]);
    expect(bad({ mode: 'epic' })).toEqual([]);
  });
  it('refuses a cycle of requirements', () => {
    const cyc: WordedGame = {
      id: 'x',
      options: [
        { id: 'a', label: 'A', offLabel: 'No A', type: 'boolean' as const, default: false, requires: { b: true } },
        { id: 'b', label: 'B', offLabel: 'No B', type: 'boolean' as const, default: false, requires: { a: true } },
      ],
    };
    expect(optionProblems(cyc).map((p) => p.message)).toEqual([
      'the requirements of "a" form a cycle',
      'the requirements of "b" form a cycle',
    ]);
    expect(() => effectiveSettings(cyc, {})).not.toThrow();
  });
  it('every real game file is free of problems', () => {
    for (const g of games) expect(optionProblems(g)).toEqual([]);
  });
});

describe('condition tokens and CSS', () => {
  it('gives every multi value its own key', () => {
    const t = currentTokens(pv, { mods: ['tire'] });
    expect(t['mods-tire']).toBe('1');
    expect(t['mods-glom']).toBe('0');
  });
  it('writes one CSS rule per key that hides non-matching text', () => {
    const css = visibilityCss(currentTokens(non, defaultSettings(non)));
    expect(css).toContain('[data-w-solo]:not([data-w-solo~="0"])');
    expect(css).toContain('[data-w-seasons]:not([data-w-seasons~="6"])');
    expect(css.endsWith('{display:none!important}')).toBe(true);
  });
  it('hides the chips of options a shared link does not set', () => {
    const css = visibilityCss(currentTokens(non, {}), { shared: ['seasons'] });
    expect(css).toContain(':root[data-shared] [data-chip]:not([data-chip="seasons"]){display:none!important}');
    expect(visibilityCss(currentTokens(non, {}))).not.toContain('data-chip');
  });
  it('describes a setup in words, with the names as printed', () => {
    expect(describeSettings(non, { solo: true, seasons: '5' }, ['solo', 'seasons'])).toBe('Solo play (bot) · 5 seasons');
    expect(describeSettings(vin, {}, ['guilds-monuments', 'well-of-wishes'])).toBe('Without Guilds & Monuments · Without Well of Wishes');
    expect(describeSettings(pv, { mods: ['tire', 'glom'] }, ['mods'])).toBe('Mods: Glom, Tire');
  });
});

describe('conditions of <When> and <Pick>', () => {
  it('reads props by option kind', () => {
    expect(whenCondition(non, 'solo', true)).toMatchObject({ key: 'solo', tokens: ['1'] });
    expect(whenCondition(non, 'seasons', [5, 4])).toMatchObject({ key: 'seasons', tokens: ['5', '4'] });
    expect(whenCondition(non, 'players', 1)).toMatchObject({ key: 'players', tokens: ['1'] }); // the fallback value
    expect(whenCondition(pv, 'mods', 'tire')).toMatchObject({ key: 'mods-tire', tokens: ['1'] });
    expect(whenCondition(non, 'solo', 'yes')).toMatch(/is on\/off/);
    expect(whenCondition(pv, 'mods', ['tire', 'glom'])).toMatch(/one value per <When>/);
    expect(whenCondition(non, 'solos', true)).toMatch(/unknown option "solos"/);
  });
  it('labels variant blocks as the game prints its names', () => {
    expect(conditionLabel(non, [{ key: 'seasons', tokens: ['5', '4'] }])).toBe('5 seasons or 4 seasons');
    expect(conditionLabel(vin, [{ key: 'treachery', tokens: ['0'] }])).toBe('Without Treachery');
    expect(conditionLabel(pv, [{ key: 'mods-tire', tokens: ['1'] }])).toBe('Mods: Tire');
  });
  it('names the condition of a chosen value and the token of an inactive option, by kind', () => {
    const [character, mods] = [pv.options.find((o) => o.id === 'character')!, pv.options.find((o) => o.id === 'mods')!];
    expect(valueCondition(character, 'imrael')).toEqual({ key: 'character', tokens: ['imrael'] });
    expect(valueCondition(mods, 'tire')).toEqual({ key: 'mods-tire', tokens: ['1'] });
    expect(inactiveToken(non.options.find((o) => o.id === 'players')!)).toBe('1');
    expect(inactiveToken(fw.options.find((o) => o.id === 'bonus-tiles')!)).toBe('0');
    expect(inactiveToken(mods)).toBeUndefined();
    expect(
      requirementTokens(
        fw,
        fw.options.find((o) => o.id === 'bonus-tiles')!,
      ),
    ).toEqual({ mode: ['epic'] });
  });
  it('picks from booleans and choices, not from multi options', () => {
    const solo = non.options.find((o) => o.id === 'solo')!;
    expect(pickToken(solo, 'true')).toEqual({ picks: true, token: '1' });
    expect(
      pickToken(
        pv.options.find((o) => o.id === 'mods')!,
        'tire',
      ),
    ).toEqual({ picks: false });
  });
});

/** Labels of the chips whose conditions all hold for these settings: what the reader sees. */
function visibleChips(game: Game, settings: Settings, only?: string[]): string[] {
  const tokens = currentTokens(game, settings);
  return setupChips(game, only)
    .filter((c) => Object.entries(c.when).every(([k, v]) => v.split(' ').includes(tokens[k]!)))
    .map((c) => c.label);
}

describe('setupChips', () => {
  it('shows exactly one label per active option for any setup, names capitalised as printed', () => {
    expect(visibleChips(non, {}, ['solo', 'players', 'underground'])).toEqual(['Multiplayer', '2 players', 'Standard map']);
    expect(visibleChips(non, { solo: true, players: '3' }, ['solo', 'players'])).toEqual(['Solo play (bot)', '1 player (solo)']);
    expect(visibleChips(vin, {}, ['guilds-monuments', 'well-of-wishes'])).toEqual(['Without Guilds & Monuments', 'Without Well of Wishes']);
  });
  it('hides options whose requirements do not hold', () => {
    expect(visibleChips(fw, { mode: 'simple', 'bonus-tiles': true }, ['mode', 'bonus-tiles'])).toEqual(['Simple game (7 rounds)']);
    expect(visibleChips(fw, { mode: 'epic' }, ['mode', 'bonus-tiles'])).toEqual(['Epic game (3 stages)', 'No bonus tiles']);
  });
  it('lists every chosen multi value, or says none is chosen', () => {
    expect(visibleChips(pv, { mods: ['tire', 'glom'] }, ['mods'])).toEqual(['Glom', 'Tire']);
    expect(visibleChips(pv, {}, ['mods', 'character'])).toEqual(['No character', 'No mods']);
    expect(currentTokens(pv, {})[noneKey('mods')]).toBe('1');
  });
  it('marks the chips that state a default, so the others can come first', () => {
    const chips = setupChips(non, ['seasons']);
    expect(chips.filter((c) => c.isDefault).map((c) => c.label)).toEqual(['6 seasons (full game)']);
  });
  it('for every random setting, each active option shows exactly one chip', () => {
    const rnd = random(3);
    for (let i = 0; i < 500; i++) {
      const game = games[i % games.length]!;
      const s = randomSettings(game, rnd);
      const shown = visibleChips(game, s);
      for (const o of game.options) {
        const mine = setupChips(game, [o.id]).filter((c) => shown.includes(c.label) && visibleChips(game, s, [o.id]).includes(c.label));
        if (o.type !== 'multi' && isActive(game, o.id, s)) expect(mine).toHaveLength(1);
      }
    }
  });
});

describe('defaultSetupWhen ("Default setup" in a folded "Shown for")', () => {
  it('holds exactly when no label that differs from the defaults shows, for any setup and any options', () => {
    const rnd = random(5);
    for (let i = 0; i < 600; i++) {
      const game = games[i % games.length]!;
      const s = randomSettings(game, rnd);
      const only = game.options.map((o) => o.id).filter(() => rnd() < 0.5);
      if (!only.length) continue;
      const tokens = currentTokens(game, s);
      const usual = Object.entries(defaultSetupWhen(game, only)).every(([k, v]) => v.split(' ').includes(tokens[k]!));
      const differing = setupChips(game, only).filter(
        (c) => !c.isDefault && Object.entries(c.when).every(([k, v]) => v.split(' ').includes(tokens[k]!)),
      );
      expect(usual, `${game.id} ${JSON.stringify(s)} ${only.join(',')}`).toBe(differing.length === 0);
    }
  });
  it('names every condition key of the options asked, at its default token', () => {
    expect(defaultSetupWhen(fw, ['mode', 'bonus-tiles'])).toEqual({ mode: 'simple', 'bonus-tiles': '0' });
    expect(defaultSetupWhen(non, ['seasons'])).toEqual({ seasons: '6' });
  });
});

describe('visibilityCss with data-any', () => {
  it('shows a listed element when one of its pairs holds, and the empty note only when none does', () => {
    const css = visibilityCss(currentTokens(pv, { character: 'erwin-lyme' }), { any: true });
    expect(css).toContain('[data-any]:not(:is(');
    expect(css).toContain('[data-any~="character=erwin-lyme"]');
    expect(css).not.toContain('[data-any~="character=none"]');
    expect(css).toContain('body:has([data-any]:is(');
  });
  it('is left out unless asked for', () => {
    expect(visibilityCss(currentTokens(pv, {}))).not.toContain('data-any');
  });
});
