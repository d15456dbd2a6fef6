import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import {
  currentTokens, defaultSettings, describeSettings, isActive, noneKey, parseSettings, sameSettings, serializeSettings, setupChips, visibilityCss,
} from '../../src/lib/options';

const load = (id: string) => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const non = load('now-or-never');
const fw = load('forge-war');
const pv = load('pencilvillage');

describe('parseSettings', () => {
  it('reads booleans, choices and multi lists from a query string', () => {
    expect(parseSettings(non, new URLSearchParams('solo=1&seasons=5&players=3'))).toEqual({ solo: true, seasons: '5', players: '3' });
    expect(parseSettings(pv, new URLSearchParams('character=erwin-lyme&mods=tire,glom'))).toEqual({ character: 'erwin-lyme', mods: ['glom', 'tire'] });
  });
  it('ignores unknown options and invalid values', () => {
    expect(parseSettings(non, new URLSearchParams('solo=maybe&seasons=7&players=9&colour=red'))).toEqual({});
    expect(parseSettings(pv, new URLSearchParams('character=nobody&mods=tire,warp'))).toEqual({ mods: ['tire'] });
  });
  it('ignores corrupt stored objects', () => {
    expect(parseSettings(non, { solo: 'yes', seasons: { x: 1 } })).toEqual({});
    expect(parseSettings(non, null)).toEqual({});
  });
});

describe('serializeSettings', () => {
  it('writes every requested option, defaults included, in the game order', () => {
    expect(serializeSettings(non, { seasons: '5', solo: true }, ['solo', 'seasons'])).toBe('solo=1&seasons=5');
    expect(serializeSettings(pv, { mods: ['tire', 'glom'] }, ['mods'])).toBe('mods=tire,glom');
  });
  it('round-trips through parseSettings', () => {
    const s = { solo: true, story: false, seasons: '4', players: '3', underground: true, reroll: false };
    expect(parseSettings(non, new URLSearchParams(serializeSettings(non, s)))).toEqual(s);
    expect(sameSettings(non, s, parseSettings(non, new URLSearchParams(serializeSettings(non, s))))).toBe(true);
  });
});

describe('requirements and condition tokens', () => {
  it('uses the fallback of an option whose requirement fails', () => {
    expect(currentTokens(non, { solo: true, players: '4' }).players).toBe('1');
    expect(currentTokens(non, { players: '4' }).players).toBe('4');
  });
  it('turns a boolean off while its requirement fails', () => {
    expect(isActive(fw, 'bonus-tiles', { mode: 'simple' })).toBe(false);
    expect(currentTokens(fw, { mode: 'simple', 'bonus-tiles': true })['bonus-tiles']).toBe('0');
    expect(currentTokens(fw, { mode: 'epic', 'bonus-tiles': true })['bonus-tiles']).toBe('1');
  });
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
  it('describes a setup in words', () => {
    expect(describeSettings(non, { solo: true, seasons: '5' }, ['solo', 'seasons'])).toBe('Solo play (bot) · 5 seasons');
  });
});

/** Labels of the chips whose conditions all hold for these settings: what the reader sees. */
function visibleChips(game: Parameters<typeof setupChips>[0], settings: Record<string, unknown>, only?: string[]): string[] {
  const tokens = currentTokens(game, settings as never);
  return setupChips(game, only)
    .filter((c) => Object.entries(c.when).every(([k, v]) => v.split(' ').includes(tokens[k]!)))
    .map((c) => c.label);
}

describe('setupChips', () => {
  it('shows exactly one label per option for any setup', () => {
    expect(visibleChips(non, {}, ['solo', 'players', 'underground'])).toEqual(['No solo play (bot)', '2 players', 'No underground map']);
    expect(visibleChips(non, { solo: true, players: '3' }, ['solo', 'players'])).toEqual(['Solo play (bot)', '1 player (solo)']);
  });
  it('hides options whose requirements do not hold', () => {
    expect(visibleChips(fw, { mode: 'simple', 'bonus-tiles': true }, ['mode', 'bonus-tiles'])).toHaveLength(1);
    expect(visibleChips(fw, { mode: 'epic' }, ['mode', 'bonus-tiles'])).toHaveLength(2);
  });
  it('lists every chosen multi value, or says none is chosen', () => {
    expect(visibleChips(pv, { mods: ['tire', 'glom'] }, ['mods'])).toHaveLength(2);
    expect(visibleChips(pv, {}, ['mods', 'character'])).toEqual(['No character', 'No mods']);
    expect(currentTokens(pv, {})[noneKey('mods')]).toBe('1');
    expect(currentTokens(pv, { mods: ['tire'] })[noneKey('mods')]).toBe('0');
  });
});

describe('visibilityCss with data-any', () => {
  it('shows a listed element when one of its pairs holds, and the empty note only when none does', () => {
    const css = visibilityCss(currentTokens(pv, { character: 'erwin-lyme' }), true);
    expect(css).toContain('[data-any]:not(:is(');
    expect(css).toContain('[data-any~="character=erwin-lyme"]');
    expect(css).not.toContain('[data-any~="character=none"]');
    expect(css).toContain('body:has([data-any]:is(');
  });
  it('is left out unless asked for', () => {
    expect(visibilityCss(currentTokens(pv, {}))).not.toContain('data-any');
  });
});
