/**
 * The all-games merge (src/lib/search/merge.ts) over two small made-up games: a game-scoped search asks one game
 * with that game's setup; an unscoped one weighs each query word by its best match in any game, puts the entries the
 * query names first, then orders by score and title, keeps the limit and gives answers to the first results only.
 * Written against the survivors of `npm run test:mutation`.
 */
import { describe, expect, it } from 'vitest';
import { inPlayFirst, inPlayOrder, SearchSet } from '../../src/lib/search/merge';
import { SEARCH } from '../../src/lib/search/config';
import { Searcher } from '../../src/lib/search/rank';
import { makeIndex, type Doc } from './made-up-index';

const game = (id: string, docs: Doc[], extra = {}) => new Searcher(makeIndex(docs, { games: [[id, id.toUpperCase()]], ...extra }));
const idf = (n: number, df: number) => Math.log(1 + n / df);
const why = (r: { why?: string }) => r.why;

describe('a game-scoped search', () => {
  const a = game(
    'a',
    [
      { title: 'Season end', words: { season: 4, end: 4 }, phrases: ['general'] },
      { title: 'Solo season end', words: { season: 4, end: 4, solo: 4 }, phrases: ['solo'] },
    ],
    { choices: [{ option: 'solo', docs: [1], values: [''] }] },
  );
  const b = game('b', [{ title: 'Season', words: { season: 1 } }]);
  const set = new SearchSet(
    new Map([
      ['a', a],
      ['b', b],
    ]),
  );
  it("asks that game only, with that game's own setup", () => {
    expect(set.search('season end', { game: 'a' }).map((r) => r.url)).toEqual(['/a/d0/', '/a/d1/']);
    expect(set.search('season end', { game: 'a', setups: { a: { solo: true } } }).map((r) => r.url)).toEqual(['/a/d1/', '/a/d0/']);
    expect(set.search('season end', { game: 'a', setups: { b: { solo: true } } })[0]!.url).toBe('/a/d0/');
    const inherited = Object.create({ a: { solo: true } }) as Record<string, Record<string, unknown>>;
    expect(set.search('season end', { game: 'a', setups: inherited })[0]!.url).toBe('/a/d0/');
    expect(set.search('season', { game: 'b' }).map((r) => r.url)).toEqual(['/b/d0/']);
  });
  it('finds nothing in a game it does not have', () => {
    expect(set.search('season', { game: 'c' })).toEqual([]);
  });
  it("uses each game's own setup in an all-games search too", () => {
    const gameA = (setups: Record<string, Record<string, unknown>>) =>
      set
        .search('season end', { setups })
        .filter((r) => r.game === 'a')
        .map((r) => r.url);
    expect(gameA({ a: { solo: true } })).toEqual(['/a/d1/', '/a/d0/']);
    expect(gameA({ b: { solo: true } })).toEqual(['/a/d0/', '/a/d1/']);
    expect(gameA(Object.create({ a: { solo: true } }) as Record<string, Record<string, unknown>>)).toEqual(['/a/d0/', '/a/d1/']);
  });
});

describe('limits', () => {
  const many = (id: string) =>
    game(
      id,
      Array.from({ length: 15 }, (_, i) => ({ title: `T${i}`, words: { x: 1 } })),
    );
  const set = new SearchSet(
    new Map([
      ['a', many('a')],
      ['b', many('b')],
    ]),
  );
  it('returns 20 results unless told, in one game and over all', () => {
    expect(set.search('x')).toHaveLength(20);
    expect(set.search('x', { limit: 25 })).toHaveLength(25);
    expect(set.search('x', { limit: 3 })).toHaveLength(3);
    const big = new SearchSet(
      new Map([
        [
          'a',
          game(
            'a',
            Array.from({ length: 25 }, (_, i) => ({ title: `T${i}`, words: { x: 1 } })),
          ),
        ],
      ]),
    );
    expect(big.search('x', { game: 'a' })).toHaveLength(20);
    expect(big.search('x', { game: 'a', limit: 22 })).toHaveLength(22);
  });
});

describe('all games: one weight per query word', () => {
  // Game a: "dragon" in 1 of 4 entries, "lair" in 1; game b: "dragon" in 3 of 4, no "lair".
  const a = game('a', [
    { title: 'Dragon', words: { dragon: 4 }, phrases: ['dragon'] },
    { title: 'Lair', words: { lair: 4 }, phrases: ['lair'] },
    { title: 'P', words: { p: 1 } },
    { title: 'Q', words: { q: 1 } },
  ]);
  const b = game('b', [
    { title: 'Wyrm', words: { dragon: 4 }, phrases: ['wyrm'] },
    { title: 'Drake', words: { dragon: 2 }, phrases: ['drake'] },
    { title: 'Serpent', words: { dragon: 1 }, phrases: ['serpent'] },
    { title: 'R', words: { r: 1 } },
  ]);
  it('takes the weight of a word from the game where it weighs most, and counts a word a game lacks against it', () => {
    const set = new SearchSet(
      new Map([
        ['b', b],
        ['a', a],
      ]),
    );
    const results = set.search('dragon lair', { explain: true, limit: 10 }) as { url: string; why?: string }[];
    const wDragon = idf(4, 1);
    const wLair = idf(4, 1);
    const wyrm = results.find((r) => r.url === '/b/d0/')!;
    // Wyrm holds "dragon" only: its coverage is dragon's share of both words' weights (game a's, the larger).
    expect(why(wyrm)).toBe(`base ${(4 * idf(4, 3)).toFixed(1)} cov ${(wDragon / (wDragon + wLair)).toFixed(2)} phrase 0.0`);
    const other = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );
    const again = other.search('dragon lair', { explain: true, limit: 10 }) as { url: string; why?: string }[];
    expect(why(again.find((r) => r.url === '/b/d0/')!)).toBe(why(wyrm));
  });
  it('prefers a better match over a heavier word', () => {
    // "dragonfly" in game c: "dragon" matches it as a completion only; game a has "dragon" itself.
    const c = game('c', [
      { title: 'Dragonfly', words: { dragonfly: 1 }, phrases: ['dragonfly'] },
      { title: 'S', words: { s: 1 } },
      { title: 'T', words: { t: 1 } },
      { title: 'U', words: { u: 1 } },
      { title: 'V', words: { v: 1 } },
      { title: 'W', words: { w: 1 } },
    ]);
    for (const order of [
      [
        ['a', a],
        ['c', c],
      ],
      [
        ['c', c],
        ['a', a],
      ],
    ] as [string, Searcher][][]) {
      const set = new SearchSet(new Map(order));
      const results = set.search('dragon ', { explain: true }) as { url: string; why?: string }[];
      // Dragonfly covers "dragon" as far as its completion factor does, against game a's exact match (and the query
      // names it through that completion: back 0.3 × f of the rest, and a bonus of phraseExact × f).
      const f = 0.49 * (0.6 + (0.4 * 6) / 9);
      expect(why(results.find((r) => r.url === '/c/d0/')!)).toBe(
        `base ${(f * idf(6, 1)).toFixed(1)} cov ${(f + (1 - f) * 0.3 * f).toFixed(2)} phrase ${(SEARCH.phraseExact * f).toFixed(1)}`,
      );
    }
  });
});

describe('all games: one idf scale', () => {
  it("scores every game's entries on the idf over all games' entries, a game-scoped search on its own", () => {
    // Game a: "dragon" in 1 of its 2 entries; over all games' 40 entries, in 10.
    const a = game(
      'a',
      [
        { title: 'Dragon', words: { dragon: 3 } },
        { title: 'Z', words: { z: 1 } },
      ],
      { totalDocs: 40, totalDf: [10, 1] },
    );
    const set = new SearchSet(new Map([['a', a]]));
    const base = (r: object) => Number(/base ([\d.]+)/.exec((r as { why?: string }).why ?? '')![1]);
    expect(base(set.search('dragon', { explain: true })[0]!)).toBe(Number((3 * idf(40, 10)).toFixed(1)));
    expect(base(set.search('dragon', { explain: true, game: 'a' })[0]!)).toBe(Number((3 * idf(2, 1)).toFixed(1)));
  });
});

describe('all games: order', () => {
  it('puts the entries the query names first, then by score, equal scores by title', () => {
    const a = game('a', [
      { title: 'Zeta', words: { coin: 1 }, phrases: ['zeta'] },
      { title: 'Coins', words: { coin: 1 }, phrases: ['coin'] },
      { title: 'Mentions', words: { coin: 200 }, phrases: ['mentions'] },
    ]);
    const b = game('b', [
      { title: 'Alpha', words: { coin: 1 }, phrases: ['alpha'] },
      { title: 'Gold', words: { coin: 1 }, phrases: ['gold', 'coin'] },
      { title: 'Lists', words: { coin: 200 }, phrases: ['lists'] },
    ]);
    const results = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    ).search('coin ');
    expect(results.map((r) => r.title)).toEqual(['Coins', 'Gold', 'Lists', 'Mentions', 'Alpha', 'Zeta']);
    expect(results.map((r) => !!r.named)).toEqual([true, true, false, false, false, false]);
    expect(results[2]!.score).toBeGreaterThan(results[0]!.score);
  });
});

describe('all games: answers and bodies', () => {
  const docs = (id: string): Doc[] =>
    Array.from({ length: 6 }, (_, i) => ({
      title: `${id}${i}`,
      words: { apple: 6 - i, pear: 1 },
      body: `The apple and the pear of ${id}.`,
    }));
  const set = new SearchSet(
    new Map([
      ['a', game('a', docs('a'))],
      ['b', game('b', docs('b'))],
    ]),
  );
  it('gives an answer to the first 8 merged results only', () => {
    const results = set.search('apple pear');
    expect(results).toHaveLength(12);
    expect(results.map((r) => r.answer !== undefined)).toEqual([...Array<boolean>(8).fill(true), ...Array<boolean>(4).fill(false)]);
    expect(results[0]!.answer).toMatch(/^The apple and the pear of [ab]\.$/);
    expect(results[0]!.answer).toBe(`The apple and the pear of ${results[0]!.game}.`);
  });
  it("finds a result's body in its game", () => {
    expect(set.bodyOf('/b/b2/')).toBe('');
    expect(set.bodyOf('/b/d2/')).toBe('The apple and the pear of b.');
    expect(set.bodyOf('/c/d2/')).toBe('');
    expect(set.bodyOf('')).toBe('');
  });
});

describe('the game in play (an all-games search from the home box or /search/ with no game)', () => {
  const r = (game: string, score: number, named = false) => ({
    url: `/${game}/${score}/`,
    title: `${game}${score}`,
    game,
    gameTitle: game,
    summary: '',
    score,
    matched: [] as string[],
    ...(named ? { named } : {}),
  });
  const order = (list: ReturnType<typeof r>[], current?: string) => inPlayFirst(list, current).map((x) => x.url);
  it('weighs its entries SEARCH.currentGameFactor times, so that they come first where the words fit several games', () => {
    const list = [r('a', 10), r('b', 5), r('b', 3.4)];
    expect(order(list)).toEqual(['/a/10/', '/b/5/', '/b/3.4/']);
    expect(order(list, 'b')).toEqual(['/b/5/', '/b/3.4/', '/a/10/']);
    // 5 × 1.9 = 9.5 < 10: a much better entry of another game stays ahead.
    expect(order([r('a', 10), r('b', 1.9)], 'b')).toEqual(['/a/10/', '/b/1.9/']);
    expect(SEARCH.currentGameFactor).toBe(5);
  });
  it("puts another game's named entry first only when the game in play names none and weighs no more", () => {
    expect(order([r('a', 46, true), r('b', 9)], 'b')).toEqual(['/a/46/', '/b/9/']);
    // 5 × 9 = 45 > 44: the game in play's entry fits the words better than the other game's name for them.
    expect(order([r('a', 44, true), r('b', 9)], 'b')).toEqual(['/b/9/', '/a/44/']);
    // As much as the game in play's best is enough (and the order is not the titles').
    expect(order([r('b', 45, true), r('a', 9)], 'a')).toEqual(['/b/45/', '/a/9/']);
    expect(order([r('a', 9, true), r('b', 1, true)], 'b')).toEqual(['/b/1/', '/a/9/']);
    expect(order([r('a', 9, true), r('b', 1, true)])).toEqual(['/a/9/', '/b/1/']);
  });
  it('orders equal scores by title, and leaves its input alone', () => {
    const list = [r('b', 2), r('a', 2)];
    expect(order(list)).toEqual(['/a/2/', '/b/2/']);
    expect(list.map((x) => x.game)).toEqual(['b', 'a']);
  });
  it('is what SearchSet.search does with `current`', () => {
    const a = game('a', [{ title: 'Coins', words: { coin: 4 } }]);
    const b = game('b', [{ title: 'Gold', words: { coin: 2, gold: 4 } }]);
    const set = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );
    expect(set.search('coin').map((x) => x.game)).toEqual(['a', 'b']);
    expect(set.search('coin', { current: 'b' }).map((x) => x.game)).toEqual(['b', 'a']);
    expect(set.search('coin', { current: 'b', game: 'a' }).map((x) => x.game)).toEqual(['a']);
  });
  it("orders the game in play's entries as that game's own search does, where they stand in the merged list", () => {
    const list = [r('b', 9), r('a', 8), r('b', 7), r('a', 1)];
    const own = [r('b', 7), r('b', 9)];
    expect(inPlayOrder(list, own).map((x) => x.url)).toEqual(['/b/7/', '/a/8/', '/b/9/', '/a/1/']);
    // Fewer entries of its own than slots: the merged entry stays.
    expect(inPlayOrder(list, [r('b', 7)]).map((x) => x.url)).toEqual(['/b/7/', '/a/8/', '/b/7/', '/a/1/']);
    expect(inPlayOrder(list, []).map((x) => x.url)).toEqual(list.map((x) => x.url));
  });
  it('gives, with a game in play, that game the order of its own search', () => {
    // Over all games "gold" is common (df 40 of 100 docs) and "purse" rare (df 4): on that scale b's Pouch (mostly
    // purse) outscores its Hoard (mostly gold). In b alone gold is the rarer word, and b's own search puts the Hoard first.
    const a = game('a', [{ title: 'Wallet', words: { thing: 2 } }]);
    const docs: Doc[] = [
      { title: 'Hoard', words: { gold: 4, purse: 1 } },
      { title: 'Pouch', words: { purse: 4, gold: 1 } },
      { title: 'Bag', words: { purse: 1 } },
      { title: 'Sack', words: { purse: 1 } },
    ];
    const b = new Searcher(makeIndex(docs, { games: [['b', 'B']], totalDocs: 100, totalDf: [40, 4] }));
    const set = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );
    const of = (list: { game: string; title: string }[]) => list.filter((x) => x.game === 'b').map((x) => x.title);
    expect(of(b.search('gold purse')).slice(0, 2)).toEqual(['Hoard', 'Pouch']);
    expect(of(set.search('gold purse')).slice(0, 2)).toEqual(['Pouch', 'Hoard']);
    expect(of(set.search('gold purse', { current: 'b' }))).toEqual(of(b.search('gold purse')));
  });
});

describe("the game in play's answers weigh the query's words as its own search does", () => {
  it('picks the sentence its own search would, not the one the all-games weights prefer', () => {
    // "gold" is rare in a (1 doc of 10), so over all games it weighs more than "purse"; in b, purse is the rare word.
    const a = game('a', [
      { title: 'Hoard', words: { gold: 2 } },
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ title: `Thing ${n}`, words: { thing: 2 } })),
    ]);
    const b = game('b', [
      {
        title: 'Pouch',
        words: { gold: 2, purse: 2, coin: 2 },
        summary: 'About pouches.',
        body: 'A gold coin is shiny.\nA purse holds a coin.',
      },
      { title: 'Bag', words: { gold: 1 } },
      { title: 'Sack', words: { gold: 1 } },
      { title: 'Box', words: { gold: 1 } },
    ]);
    const set = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );
    const pouch = (current?: string) => set.search('gold purse coin', current ? { current } : {}).find((x) => x.title === 'Pouch')!;
    expect(b.search('gold purse coin')[0]!.answer).toBe('A purse holds a coin.');
    expect(pouch().answer).toBe('A gold coin is shiny.');
    expect(pouch('b').answer).toBe('A purse holds a coin.');
    expect(pouch('a').answer).toBe('A gold coin is shiny.');
  });
});

describe("answers in an all-games search come from the text of each game's own setup", () => {
  it('leaves out the lines the setup hides, and shows them in the setup that has them', () => {
    const a = game(
      'a',
      // The second line's marker (setup-text.ts) names spans[0]: solo on.
      [
        {
          title: 'Dragons',
          words: { red: 2, dragon: 2 },
          summary: 'About them.',
          body: 'A dragon rests.\n\uf000A red dragon attacks in solo.',
        },
      ],
      { spans: [{ 'data-w-solo': '1' }], options: [{ id: 'solo', type: 'boolean', default: false }] },
    );
    const b = game('b', [{ title: 'Other', words: { red: 1 } }]);
    const set = new SearchSet(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );
    const dragons = (setups?: Record<string, Record<string, unknown>>) => set.search('red dragon', { setups }).find((r) => r.game === 'a')!;
    expect(dragons().answer).toBeUndefined();
    expect(dragons({ a: { solo: true } }).answer).toBe('A red dragon attacks in solo.');
    expect(dragons({ b: { solo: true } }).answer).toBeUndefined();
    expect(set.bodyOf('/a/d0/', { a: { solo: true } })).toBe('A dragon rests.\nA red dragon attacks in solo.');
    expect(set.bodyOf('/a/d0/')).toBe('A dragon rests.');
  });
});
