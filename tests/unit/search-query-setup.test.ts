/**
 * The setup a lookup names (src/lib/search/query-setup.ts): "with 4 players", "in solo", "tire mod" set those
 * options for the answer sentence, over the reader's saved setup; ranking is not touched.
 */
import { describe, expect, it } from 'vitest';
import { labelWords, namedSetup, setupWords, type SetupWord } from '../../src/lib/search/query-setup';
import { SEARCH } from '../../src/lib/search/config';
import { Searcher } from '../../src/lib/search/rank';
import { indexWords } from '../../src/lib/search/text';
import { makeIndex, type Doc } from './made-up-index';
import type { GameOption } from '../../src/schemas/game';

const options = [
  { id: 'solo', label: 'Solo play (bot)', type: 'boolean', offLabel: 'Multiplayer', default: false },
  { id: 'first-game', label: 'First game', type: 'boolean', offLabel: 'Not a first game', default: true },
  {
    id: 'players',
    label: 'Players',
    type: 'choice',
    values: [
      { value: '2', label: '2 players' },
      { value: '4', label: '4 players' },
    ],
    default: '2',
  },
  {
    id: 'character',
    label: 'Character',
    type: 'choice',
    values: [
      { value: 'none', label: 'No character' },
      { value: 'hayat', label: 'Hayat Ekram, Royal Strategist (Easy)' },
    ],
    default: 'none',
  },
  {
    id: 'mods',
    label: 'Mods',
    type: 'multi',
    values: [
      { value: 'order', label: 'Order' },
      { value: 'glom', label: 'Glom' },
    ],
    default: [],
    noneLabel: 'No mods',
  },
] as unknown as GameOption[];

/** Per query word, the index words it stands for (here: itself). */
const query = (q: string) => indexWords(q).map((w) => new Map([[w, 1]]));

describe('labelWords', () => {
  it('keeps the words before a comma, without a parenthesised aside or the words that only name the kind of option', () => {
    expect(labelWords('Solo play (bot)')).toEqual(['solo']);
    expect(labelWords('Hayat Ekram, Royal Strategist (Easy)')).toEqual(['hayat', 'ekram']);
    expect(labelWords('Jewelcrafter region')).toEqual(['jewelcrafter']);
    expect(labelWords('4 players')).toEqual(['4', 'player']);
    expect(SEARCH.setupLabelFiller).toContain('region');
  });
});

describe('setupWords', () => {
  const common = (w: string) => w === 'order';
  const list = setupWords(options, common);
  it('lists each value a lookup can name that the default setup does not have', () => {
    expect(list).toEqual([
      ['solo', 'b', true, 'solo'],
      ['players', 'c', '4', '4', 'player'],
      ['character', 'c', 'hayat', 'hayat', 'ekram'],
      ['mods', 'm', 'order', 'order', 'mod'],
      ['mods', 'm', 'glom', 'glom'],
    ] satisfies SetupWord[]);
  });
  it('asks the option words too of a value made of everyday words (the Order mod)', () => {
    expect(setupWords(options).find(([, , v]) => v === 'order')).toEqual(['mods', 'm', 'order', 'order']);
  });
});

describe('namedSetup', () => {
  const list = setupWords(options, (w) => w === 'order');
  it('sets the values the lookup names over the saved setup', () => {
    expect(namedSetup(query('how many loot cards with 4 players'), list, { solo: false })).toEqual({ solo: false, players: '4' });
    expect(namedSetup(query('setup in solo'), list, undefined)).toEqual({ solo: true });
    expect(namedSetup(query('glom and order mod'), list, { mods: ['tire'] })).toEqual({ mods: ['tire', 'order', 'glom'] });
    expect(namedSetup(query('hayat ekram start'), list, {})).toEqual({ character: 'hayat' });
  });
  it('names nothing without every word of a value, and returns the saved setup itself', () => {
    const saved = { players: '2' };
    expect(namedSetup(query('what order do we play in'), list, saved)).toBe(saved);
    expect(namedSetup(query('hayat start'), list, saved)).toBe(saved);
    expect(namedSetup(query('4 coins'), list, saved)).toBe(saved);
    expect(namedSetup(query('solo'), undefined, saved)).toBe(saved);
  });
});

describe('a Searcher answers with the setup a lookup names', () => {
  it('shows the line of the named setup, and the default line without it', () => {
    const docs: Doc[] = [
      {
        title: 'Loot',
        words: { loot: 4, card: 2, player: 2, 4: 1, 2: 1 },
        summary: 'About loot.',
        body: '\uF000With 4 players turn up 6 loot cards.\n\uF001With 2 players turn up 4 loot cards.',
      },
    ];
    const s = new Searcher(
      makeIndex(docs, {
        options: [{ id: 'players', type: 'choice', values: [{ value: '2' }, { value: '4' }], default: '2' }] as never,
        spans: [{ 'data-w-players': '4' }, { 'data-w-players': '2' }],
        setupWords: setupWords(options),
      }),
    );
    expect(s.search('loot cards players')[0]!.answer).toBe('With 2 players turn up 4 loot cards.');
    expect(s.search('loot cards with 4 players')[0]!.answer).toBe('With 4 players turn up 6 loot cards.');
    expect(s.search('loot cards', { setup: { players: '4' } })[0]!.answer).toBe('With 4 players turn up 6 loot cards.');
  });
});
