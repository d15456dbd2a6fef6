// @vitest-environment happy-dom
/**
 * `<When any ...>`: text shown while at least one of several conditions holds. One model from the prop to the screen:
 * the clause (`option-authoring.ts`), its `key=token` pairs on the element (`ANY_ATTR`), the options CSS that shows it
 * (`visibilityCss`), the build's reading of it (`fragments.ts`: setup guide, "what changes", unclear notes) and the
 * game-file check that keeps `any` free for it. The rule transform's own cases are in rule-tree.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { ANY_ATTR, conditionAttr, currentTokens, defaultSettings, visibilityCss, type Settings } from '../../src/lib/options';
import { conditionLabel, conditionsCanHold, optionProblems } from '../../src/lib/option-authoring';
import { anyCondition, anyPairs, isAny, type AnyCondition } from '../../src/lib/conditions';
import { holds, mergeWhen, whenClauses } from '../../src/lib/fragments';

const load = (id: string) => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const non = load('now-or-never');
const pv = load('pencilvillage');

/** Solo or story mode: the example of the docs. */
const soloOrStory: AnyCondition = {
  any: [
    { key: 'solo', tokens: ['1'] },
    { key: 'story', tokens: ['1'] },
  ],
};

describe('an any condition as key=token pairs', () => {
  it('lists every token of every alternative, in the order written, and reads back the same', () => {
    const c: AnyCondition = {
      any: [
        { key: 'players', tokens: ['3', '4'] },
        { key: 'mods-tire', tokens: ['1'] },
      ],
    };
    expect(ANY_ATTR).toBe('data-w-any');
    expect(anyPairs(c)).toEqual(['players=3', 'players=4', 'mods-tire=1']);
    expect(anyCondition(anyPairs(c).join(' '))).toEqual(c);
    // A value may hold "=": only the first one splits.
    expect(anyCondition('mode=a=b solo=1')).toEqual({
      any: [
        { key: 'mode', tokens: ['a=b'] },
        { key: 'solo', tokens: ['1'] },
      ],
    });
    expect(isAny(c)).toBe(true);
    expect(isAny({ key: 'solo', tokens: ['1'] })).toBe(false);
  });
});

describe('the options CSS shows an any element while one of its pairs holds', () => {
  /** The elements the options CSS hides for a setup, by id. */
  function hidden(settings: Settings): string[] {
    document.body.innerHTML = [
      `<p id="solo-or-story" ${ANY_ATTR}="solo=1 story=1">a</p>`,
      `<p id="three-or-four" ${ANY_ATTR}="players=3 players=4 seasons=4">b</p>`,
      `<p id="solo-only" ${conditionAttr('solo')}="1">c</p>`,
      '<p id="always">d</p>',
    ].join('');
    const css = visibilityCss(currentTokens(non, settings));
    expect(css.endsWith('{display:none!important}')).toBe(true);
    const selector = css.slice(0, css.indexOf('{'));
    return [...document.querySelectorAll(selector)].map((e) => e.id);
  }
  it('hides them in the default setup', () => {
    expect(hidden({})).toEqual(['solo-or-story', 'three-or-four', 'solo-only']);
  });
  it('shows one when any one alternative holds, another alternative or several at once', () => {
    expect(hidden({ story: true })).toEqual(['three-or-four', 'solo-only']);
    expect(hidden({ solo: true })).toEqual(['three-or-four']);
    expect(hidden({ solo: true, story: true })).toEqual(['three-or-four']);
    expect(hidden({ players: '4' })).toEqual(['solo-or-story', 'solo-only']);
    expect(hidden({ seasons: '4' })).toEqual(['solo-or-story', 'solo-only']);
    // In solo, players takes its fallback (1): 3 or 4 players no longer hold.
    expect(hidden({ players: '4', solo: true })).toEqual(['three-or-four']);
  });
  it('is one selector beside the keys’ own, with no rule for a game without options', () => {
    const css = visibilityCss({ solo: '0', 'mods-tire': '1' });
    expect(css).toContain(`[${ANY_ATTR}]:not([${ANY_ATTR}~="solo=0"],[${ANY_ATTR}~="mods-tire=1"])`);
    expect(css.match(/\{/g)).toHaveLength(1);
    expect(visibilityCss({})).not.toContain(ANY_ATTR);
  });
});

describe('the build reads an any condition as the CSS does (fragments.ts)', () => {
  const tokens = (s: Settings) => currentTokens(non, { ...defaultSettings(non), ...s });
  const when = { [ANY_ATTR]: 'solo=1 story=1', [conditionAttr('seasons')]: '6 5' };
  it('holds when one pair holds, and every other condition too', () => {
    expect(holds(when, tokens({}))).toBe(false);
    expect(holds(when, tokens({ story: true }))).toBe(true);
    expect(holds(when, tokens({ solo: true }))).toBe(true);
    expect(holds(when, tokens({ solo: true, seasons: '4' }))).toBe(false);
    expect(holds({ [ANY_ATTR]: 'players=3 players=4' }, tokens({ players: '3' }))).toBe(true);
    expect(holds({ [ANY_ATTR]: 'players=3 players=4' }, tokens({ players: '2' }))).toBe(false);
  });
  it('merges an any block with the blocks around it, but never two any blocks', () => {
    const outer = { [conditionAttr('seasons')]: '6 5' };
    expect(mergeWhen(outer, { [ANY_ATTR]: 'solo=1 story=1' })).toEqual(when);
    expect(() => mergeWhen(when, { [ANY_ATTR]: 'reroll=1 underground=1' })).toThrow(/two <When any/);
  });
  it('gives the clauses back, for labels ("Solo play (bot) or Story mode (campaign) · ...")', () => {
    const clauses = whenClauses(when);
    expect(clauses).toEqual([soloOrStory, { key: 'seasons', tokens: ['6', '5'] }]);
    expect(conditionLabel(non, clauses)).toBe('Solo play (bot) or Story mode (campaign) · 6 seasons (full game) or 5 seasons');
  });
});

describe('conditions with any clauses', () => {
  it('can hold when one alternative can hold beside the other clauses', () => {
    expect(conditionsCanHold(non, [soloOrStory])).toBe(true);
    expect(conditionsCanHold(non, [soloOrStory, { key: 'solo', tokens: ['0'] }])).toBe(true);
    expect(conditionsCanHold(non, [soloOrStory, { key: 'solo', tokens: ['0'] }, { key: 'story', tokens: ['0'] }])).toBe(false);
    // 3 players needs solo off: with solo on, only 1 player can hold.
    const players3OrSolo: AnyCondition = {
      any: [
        { key: 'players', tokens: ['3'] },
        { key: 'story', tokens: ['1'] },
      ],
    };
    expect(conditionsCanHold(non, [players3OrSolo, { key: 'solo', tokens: ['1'] }])).toBe(true);
    expect(conditionsCanHold(non, [players3OrSolo, { key: 'solo', tokens: ['1'] }, { key: 'story', tokens: ['0'] }])).toBe(false);
    // Multi values named only inside an any clause are tried too.
    const tireOrGlom: AnyCondition = {
      any: [
        { key: 'mods-tire', tokens: ['1'] },
        { key: 'mods-glom', tokens: ['1'] },
      ],
    };
    expect(conditionsCanHold(pv, [tireOrGlom, { key: 'mods-tire', tokens: ['0'] }])).toBe(true);
    expect(conditionsCanHold(pv, [tireOrGlom, { key: 'mods-tire', tokens: ['0'] }, { key: 'mods-glom', tokens: ['0'] }])).toBe(false);
  });
  it('label their alternatives as a list ending in "or"', () => {
    const three: AnyCondition = { any: [...soloOrStory.any, { key: 'underground', tokens: ['1'] }] };
    expect(conditionLabel(non, [three])).toBe('Solo play (bot), Story mode (campaign) or Underground map');
    expect(conditionLabel(non, [{ key: 'solo', tokens: ['0'] }, soloOrStory])).toBe(
      'Multiplayer · Solo play (bot) or Story mode (campaign)',
    );
  });
});

describe('the words of <When> are no option ids', () => {
  it('refuses an option named any or not, naming the option', () => {
    const game = {
      id: 'x',
      options: [
        { id: 'any', label: 'Any', offLabel: 'None', type: 'boolean' as const, default: false },
        { id: 'not', label: 'Not', offLabel: 'None', type: 'boolean' as const, default: false },
        { id: 'anything', label: 'Anything', offLabel: 'Nothing', type: 'boolean' as const, default: false },
      ],
    };
    expect(optionProblems(game)).toEqual([
      { path: [0, 'id'], message: expect.stringContaining('"any" is a word of <When>') },
      { path: [1, 'id'], message: expect.stringContaining('"not" is a word of <When>') },
    ]);
  });
});
