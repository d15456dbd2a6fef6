/**
 * Ranking (src/lib/search/rank.ts) on small made-up indexes whose numbers can be worked out by hand: which
 * vocabulary words a query word stands for and at what factor (exact, prefix, word family, derivational ending,
 * typo, misspelling alias, synonym), each word's weight, and each result's score (words × field weight × idf,
 * coverage, phrase bonus, play-option choice, number pairs), order, answer and fields. Written against the survivors
 * of `npm run test:mutation`.
 */
import { describe, expect, it } from 'vitest';
import { Searcher, inSetup } from '../../src/lib/search/rank';
import { bestSentence, entrySentences } from '../../src/lib/search/answer';
import { ids, makeIndex, type Doc } from './made-up-index';
import { SEARCH } from '../../src/lib/search/config';
import type { SearchResult } from '../../src/lib/search/types';

/** A query word's candidates as [word, factor rounded to 4 places]. */
const candidates = (s: Searcher, word: string, typing = false) =>
  s.candidates(word, typing).map((c) => [s.index.vocab[c.term], Math.round(c.factor * 1e4) / 1e4]);
const words = (s: Searcher, word: string, typing = false) => s.candidates(word, typing).map((c) => s.index.vocab[c.term]);
const round = (x: number) => Math.round(x * 1e4) / 1e4;
const idf = (n: number, df: number) => Math.log(1 + n / df);
const urls = (s: Searcher, q: string, options = {}) => s.search(q, options).map((r) => r.url);
const why = (s: Searcher, q: string, options = {}) =>
  s.search(q, { ...options, explain: true }).map((r) => [r.url, (r as { why?: string }).why]);

describe('inSetup', () => {
  it("reads only the setup's own options, and a value as text of a string or a number only", () => {
    expect(inSetup(Object.create({ solo: true }) as Record<string, unknown>, 'solo', '')).toBe(false);
    expect(inSetup({ solo: true }, 'solo', 'true')).toBe(false);
    expect(inSetup({ players: 3 }, 'players', '3')).toBe(true);
    expect(inSetup({ players: '3' }, 'players', '3')).toBe(true);
    expect(inSetup({ players: '3' }, 'players', '4')).toBe(false);
    expect(inSetup({ mods: ['a', 2] }, 'mods', '2')).toBe(true);
    expect(inSetup({ mods: ['a', 2] }, 'mods', 'b')).toBe(false);
    expect(inSetup({ solo: false }, 'solo', '')).toBe(false);
    expect(inSetup({ mods: ['tire'] }, 'mods', '')).toBe(false);
  });
});

describe('candidates: what a query word stands for', () => {
  const docs: Doc[] = [
    { title: 'Trail', words: { trail: 5, trial: 1 } },
    { title: 'Trial', words: { trial: 1, train: 1, trait: 1, tail: 1, rail: 1 } },
    { title: 'Jewelcrafter', words: { jewelcrafter: 8, retreat: 1, search: 1, searching: 1, searched: 1, searcher: 1 } },
    { title: 'Numbers', words: { '12': 1, '123': 1, sym2207: 1, sym22: 1 } },
  ];
  const s = new Searcher(makeIndex(docs));
  it('matches a word exactly at factor 1', () => {
    expect(candidates(s, 'trail')).toContainEqual(['trail', 1]);
    expect(s.candidates('trail', false)[0]).toEqual({ term: s.index.vocab.indexOf('trail'), factor: 1 });
  });
  it('completes a word being typed from 2 letters, at 0.7 × (0.6 + 0.4 × its share of the word)', () => {
    expect(candidates(s, 'r', true)).toEqual([]);
    expect(candidates(s, 're', true)).toEqual([['retreat', round(0.7 * (0.6 + (0.4 * 2) / 7))]]);
    expect(candidates(s, 'ret', true)).toEqual([['retreat', round(0.7 * (0.6 + (0.4 * 3) / 7))]]);
    expect(candidates(s, 'ret')).toEqual([]);
  });
  it('completes a finished word of 4+ letters too, at 0.7 of that', () => {
    expect(candidates(s, 'retr')).toEqual([['retreat', round(0.49 * (0.6 + (0.4 * 4) / 7))]]);
    expect(candidates(s, 'retr', true)).toEqual([['retreat', round(0.7 * (0.6 + (0.4 * 4) / 7))]]);
  });
  it('keeps a typed and a finished word apart in its cache', () => {
    const fresh = new Searcher(makeIndex(docs));
    expect(candidates(fresh, 'ret', true)).toHaveLength(1);
    expect(candidates(fresh, 'ret', false)).toEqual([]);
    expect(candidates(fresh, 'ret', true)).toHaveLength(1);
  });
  it('completes numbers only while typed, and never symbol words', () => {
    expect(words(s, '12', true)).toEqual(['12', '123']);
    expect(words(s, '1', true)).toEqual([]);
    expect(words(s, '12')).toEqual(['12']);
    expect(words(s, 'sym22', true)).toEqual(['sym22']);
    expect(words(s, 'sym2', true)).toEqual([]);
    expect(words(s, 'sy', true)).toEqual(['sym22', 'sym2207']);
  });
  it('matches a finished number or symbol word exactly, never its longer forms', () => {
    const n = new Searcher(makeIndex([{ title: 'N', words: { '1000': 1, '10000': 1, '100': 1, '100er': 1, sym2207: 1, sym2207er: 1 } }]));
    expect(words(n, '1000')).toEqual(['1000']);
    expect(words(n, '100')).toEqual(['100']);
    expect(words(n, 'sym2207')).toEqual(['sym2207']);
    expect(words(n, '100', true)).toEqual(['100', '1000', '10000', '100er']);
  });
  it('reads "sym" and hex digits, the whole word, as a symbol word', () => {
    const n = new Searcher(makeIndex([{ title: 'N', words: { symbol: 1, asym12: 1 } }]));
    expect(candidates(n, 'symbo', true)).toEqual([['symbol', round(0.7 * (0.6 + (0.4 * 5) / 6))]]);
    expect(words(n, 'asym1', true)).toEqual(['asym12']);
    expect(words(n, 'symb', true)).toEqual([]);
  });
  it('finds every completion wherever it stands in the vocabulary', () => {
    const many = makeIndex([
      { title: 'A', words: Object.fromEntries('abcdefghijklmnopqrstuvwxyz'.split('').map((l) => [`${l}${l}x`, 1])) },
    ]);
    const m = new Searcher(many);
    for (const l of 'abcmnoxyz') expect(words(m, `${l}${l}`, true)).toEqual([`${l}${l}x`]);
    expect(words(m, 'zzz', true)).toEqual([]);
  });
  it('keeps the 12 most common completions, most common first', () => {
    const docs12: Doc[] = Array.from({ length: 14 }, (_, i) => ({
      title: `T${i}`,
      words: Object.fromEntries(Array.from({ length: 14 }, (_, j) => [`plan${String.fromCharCode(97 + j)}`, 1]).filter((_, j) => j >= i)),
    }));
    const p = new Searcher(makeIndex(docs12));
    // "plann" is in all 14 docs, "planm" in 13, ... "plana" in 1.
    expect(words(p, 'pla', true)).toEqual('nmlkjihgfedc'.split('').map((l) => `plan${l}`));
  });
  it('finds the other forms of a word: its Porter family, once each', () => {
    expect(candidates(s, 'searching')).toEqual([
      ['searching', 1],
      ['search', 0.65],
    ]);
    const forms = { search: ids(docs, 'search', 'searched', 'searching') };
    const f = new Searcher(makeIndex(docs, { forms }));
    expect(candidates(f, 'searching')).toEqual([
      ['searching', 1],
      ['search', 0.65],
      ['searched', 0.65],
    ]);
    // A form that is also a completion keeps the better of its two factors.
    expect(candidates(f, 'searchi', true)).toContainEqual(['searching', round(0.7 * (0.6 + (0.4 * 7) / 9))]);
    expect(candidates(f, 'search', true)).toContainEqual(['searching', 0.65]);
  });
  it('finds a word family through the Porter stem alone ("hopeful" → "hope"), with or without the families', () => {
    const h: Doc[] = [{ title: 'H', words: { hope: 1, hopeful: 1 } }];
    expect(candidates(new Searcher(makeIndex(h)), 'hopeful')).toEqual([
      ['hopeful', 1],
      ['hope', 0.65],
    ]);
    expect(candidates(new Searcher(makeIndex(h, { forms: undefined })), 'hopeful')).toEqual([
      ['hopeful', 1],
      ['hope', 0.65],
    ]);
    expect(candidates(new Searcher(makeIndex(h, { wordnet: ids(h, 'hope') })), 'hopeful')).toEqual([['hopeful', 1]]);
  });
  it('never offers a word only WordNet brought, except exactly', () => {
    const w = new Searcher(makeIndex(docs, { wordnet: ids(docs, 'search', 'retreat', 'trail') }));
    expect(words(w, 'searching')).toEqual(['searching']);
    expect(words(w, 'ret', true)).toEqual([]);
    expect(words(w, 'search')[0]).toBe('search');
    expect(words(w, 'sear', true)).not.toContain('search');
    expect(words(w, 'trai')).not.toContain('trail');
    expect(words(w, 'tral')).toEqual(['trial']);
  });
  it('matches an unknown word fuzzily: words 1 edit away (2 from 6 letters), nearest and most common first', () => {
    // "tral" (4 letters, 1 edit): "trail" and "trial" (1 letter longer), not "trait" (2 edits).
    expect(candidates(s, 'tral')).toEqual([
      ['trial', round(0.75 * (1 - 1 / 5) ** 2)],
      ['trail', round(0.75 * (1 - 1 / 5) ** 2)],
    ]);
    expect(words(s, 'trai')).toEqual(['trail', 'train', 'trait']);
    // No fuzzy match under 4 letters, nor for a word with a digit.
    expect(words(s, 'tra')).toEqual([]);
    expect(words(s, 'tr4il')).toEqual([]);
  });
  it('takes the near words Fuse.js proposes: none it rates too far (a swap and a change in 6 letters)', () => {
    expect(words(new Searcher(makeIndex([{ title: 'S', words: { strike: 1 } }])), 'srtikx')).toEqual([]);
  });
  it('finds a word with 2 letters swapped, which Fuse.js rates too far in a short word ("raod" for "road")', () => {
    const r = new Searcher(
      makeIndex([
        { title: 'Road', words: { road: 1, read: 1, raid: 1 } },
        { title: 'Z', words: { z: 1 } },
      ]),
    );
    expect(words(r, 'raod')).toContain('road');
    expect(candidates(r, 'raod').find(([w]) => w === 'road')?.[1]).toBeCloseTo(SEARCH.fuzzyFactor * (1 - 1 / 5) ** SEARCH.fuzzyDecay);
    // A swap already a word of the vocabulary is that word, not a typo of another.
    expect(words(r, 'road')).toEqual(['road']);
  });
  it('looks an unknown word up fuzzily even when a root of it is a word ("potental": "potent" and "potential")', () => {
    const r = new Searcher(
      makeIndex([
        { title: 'Potential', words: { potential: 8 } },
        { title: 'Potent', words: { potent: 1 } },
      ]),
    );
    expect(candidates(r, 'potental')).toEqual([
      ['potent', SEARCH.stemFactor],
      ['potential', SEARCH.misspellingFactor],
    ]);
    expect(urls(r, 'potental ')[0]).toBe(r.search('potential ')[0]!.url);
    // A word with a prefix completion is not looked up fuzzily: "pote" stands for "potent" and "potential" already.
    expect(words(r, 'potentia')).not.toContain('potent');
  });
  it('looks for near words among words of about its length only', () => {
    // 40 longer words end in "kxyz" (Fuse.js rates them best), 2 letters longer than 1 edit allows.
    const long = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}kxyz`, 1]),
    );
    const k = new Searcher(makeIndex([{ title: 'A', words: { ...long, kxya: 1 } }]));
    expect(words(k, 'kxyz')).toEqual(['kxya']);
  });
  it('weighs the first 40 words Fuse.js proposes', () => {
    // 49 words one letter from "kxyz", all rated alike: the 40 first in the vocabulary are weighed, not the
    // more common ones after them.
    const near: Record<string, number> = {};
    for (const l of 'abcdefghijlmnopqrstuvwxyz') near[`${l}xyz`] = 1;
    for (const l of 'abcdefghijklmnopqrstuvwyz') near[`k${l}yz`] = 1;
    const common = { wxyz: 1, xxyz: 1, yxyz: 1, zxyz: 1 };
    const p = new Searcher(makeIndex([{ title: 'A', words: near }, ...[0, 1, 2, 3].map((i) => ({ title: `B${i}`, words: common }))]));
    expect(words(p, 'kxyz')).toEqual(['axyz', 'bxyz', 'cxyz', 'dxyz']);
  });
  it('matches an unknown word with completions or forms through those only', () => {
    expect(words(new Searcher(makeIndex([{ title: 'T', words: { trainer: 1, brain: 1 } }])), 'train')).toEqual(['trainer']);
  });
  it('keeps the 4 nearest fuzzy matches', () => {
    const near = new Searcher(
      makeIndex([
        { title: 'A', words: { bake: 1, cake: 1, lake: 1, make: 1, rake: 1, take: 1, dike: 1 } },
        { title: 'B', words: { bake: 1, cake: 1, dike: 1 } },
        { title: 'C', words: { bake: 1, dike: 1 } },
        { title: 'D', words: { dike: 1 } },
      ]),
    );
    // All 1 edit from "dake": the most common first (bake in 3 entries, cake in 2); "dike" (4 entries) is one too.
    const found = words(near, 'dake');
    expect(found).toHaveLength(4);
    expect(found.slice(0, 3)).toEqual(['dike', 'bake', 'cake']);
  });
  it('takes a long unknown word one edit from a single word as that word mistyped (factor 0.9)', () => {
    expect(candidates(s, 'jewlcrafter')).toEqual([['jewelcrafter', 0.9]]);
    // Two words one edit away: a guess among them.
    expect(candidates(s, 'traim')).toEqual([
      ['trail', round(0.75 * (1 - 1 / 6) ** 2)],
      ['train', round(0.75 * (1 - 1 / 6) ** 2)],
      ['trait', round(0.75 * (1 - 1 / 6) ** 2)],
    ]);
    const six = new Searcher(makeIndex([{ title: 'X', words: { strike: 1, stroke: 1, sword: 1 } }]));
    expect(candidates(six, 'strikx')).toEqual([
      ['strike', 0.9],
      ['stroke', round(0.75 * (1 - 2 / 7) ** 2)],
    ]);
    expect(candidates(six, 'strokk')).toEqual([
      ['stroke', 0.9],
      ['strike', round(0.75 * (1 - 2 / 7) ** 2)],
    ]);
    const two = new Searcher(makeIndex([{ title: 'X', words: { bakers: 1, makers: 1 } }]));
    expect(candidates(two, 'cakers')).toEqual([
      ['bakers', round(0.75 * (1 - 1 / 7) ** 2)],
      ['makers', round(0.75 * (1 - 1 / 7) ** 2)],
    ]);
    // Five letters: never that sure.
    const five = new Searcher(makeIndex([{ title: 'X', words: { sword: 1 } }]));
    expect(candidates(five, 'swrod')).toEqual([['sword', round(0.75 * (1 - 1 / 6) ** 2)]]);
  });
  const typoDocs = (commonDf: number): Doc[] => [
    { title: 'Champion', words: { champoin: 1, champion: 1 } },
    ...Array.from({ length: commonDf - 1 }, (_, i) => ({ title: `C${i}`, words: { champion: 1 } })),
  ];
  it('reads a rare misspelling alias as the common word one edit away (3+ times as common)', () => {
    const docs3 = typoDocs(3);
    const t = new Searcher(makeIndex(docs3, { typos: ids(docs3, 'champoin') }));
    expect(candidates(t, 'champoin')).toEqual([
      ['champoin', 0.9],
      ['champion', 1],
    ]);
    const docs2 = typoDocs(2);
    const two = new Searcher(makeIndex(docs2, { typos: ids(docs2, 'champoin') }));
    expect(candidates(two, 'champoin')).toEqual([
      ['champoin', 1],
      ['champion', round(0.75 * (1 - 1 / 9) ** 2)],
    ]);
    // Two edits away ("chapmoin"), or not 3 times as common (a misspelling in 2 entries, the word in 3): a guess.
    const far: Doc[] = [{ title: 'Champion', words: { chapmoin: 1, champion: 1 } }, ...typoDocs(3).slice(1)];
    expect(candidates(new Searcher(makeIndex(far, { typos: ids(far, 'chapmoin') })), 'chapmoin')).toEqual([
      ['chapmoin', 1],
      ['champion', round(0.75 * (1 - 2 / 9) ** 2)],
    ]);
    const twice: Doc[] = [...typoDocs(3), { title: 'Again', words: { champoin: 1 } }];
    expect(candidates(new Searcher(makeIndex(twice, { typos: ids(twice, 'champoin') })), 'champoin')).toEqual([
      ['champoin', 1],
      ['champion', round(0.75 * (1 - 1 / 9) ** 2)],
    ]);
    // Not an alias players misspell (no typo): the rare word stands, the near one is a guess.
    const plain = new Searcher(makeIndex(docs3));
    expect(candidates(plain, 'champoin')).toEqual([
      ['champoin', 1],
      ['champion', round(0.75 * (1 - 1 / 9) ** 2)],
    ]);
  });
  it('gives a lookup that only names the entry no answer sentence, so its card shows the summary', () => {
    const docs: Doc[] = [
      {
        title: 'Warp Stone',
        words: { warp: 4, stone: 4, mana: 1 },
        summary: '1 mana adds up to 4 spaces.',
        body: 'Clarification: Warp Stone has no season limit.',
      },
    ];
    const s = new Searcher(makeIndex(docs));
    expect(s.search('warp stone')[0]!.answer).toBeUndefined();
    // A question about it still gets its answer sentence.
    expect(s.search('warp stone season limit')[0]!.answer).toBe('Clarification: Warp Stone has no season limit.');
  });
  it("answers with the rule, not a line labelled with another entry's title, and not so its own title's label", () => {
    const docs: Doc[] = [
      { title: 'Malikai', words: { malikai: 4 } },
      {
        title: 'Loot',
        words: { loot: 4, roll: 2, die: 1, table: 1 },
        summary: 'About it.',
        body: 'Malikai: you may roll the loot die again.\nRoll a die to loot a treasure.\nLoot: roll the die and read the table.',
      },
    ];
    const s = new Searcher(makeIndex(docs));
    expect(s.search('loot roll die')[0]!.answer).toBe('Roll a die to loot a treasure.');
    // Its own title as a label is its rule: with "table" asked, that line answers.
    expect(s.search('roll die table')[0]!.answer).toBe('Loot: roll the die and read the table.');
    expect(s.search('malikai loot roll die')[0]!.answer).toBe('Malikai: you may roll the loot die again.');
  });
  it('matches the other spelling of a word as fully as the word ("color" and "colour", both ways)', () => {
    const docs: Doc[] = [
      { title: 'Tiles', words: { colour: 1, tile: 1 }, phrases: ['tiles'] },
      { title: 'Armor', words: { armor: 1 }, phrases: ['armor'] },
      { title: 'Z', words: { z: 1 } },
    ];
    const s = new Searcher(makeIndex(docs));
    const colour = s.search('colour tile ')[0]!;
    const color = s.search('color tile ')[0]!;
    expect(color.url).toBe('/g/d0/');
    expect(color.score).toBeCloseTo(colour.score);
    expect(color.matched).toContain('colour');
    expect(s.search('armour')[0]!.url).toBe('/g/d1/');
    expect(s.wordStats('armour ')[0]!.bestFactor).toBe(1);
  });
  it('reads two query words the game writes as one word as that word ("take over" → "takeover")', () => {
    const docs: Doc[] = [
      { title: 'Region takeover', words: { region: 1, takeover: 1 }, phrases: ['region takeover'] },
      { title: 'Take', words: { take: 1, over: 1, region: 1, control: 1 } },
      { title: 'Z', words: { z: 1 } },
    ];
    const s = new Searcher(makeIndex(docs));
    expect(urls(s, 'take over a region ')[0]).toBe('/g/d0/');
    const [take, over] = s.wordStats('take over ');
    const takeover = s.index.vocab.indexOf('takeover');
    expect(take!.found).toContainEqual({ term: takeover, factor: 1 });
    expect(over!.found).toContainEqual({ term: takeover, factor: 1 });
    // Not a word of the index: nothing joined.
    expect(s.wordStats('over region ')[0]!.found.map((c) => s.index.vocab[c.term])).toEqual(['over']);
  });
  it('puts the entry the whole query names word for word first, before a higher score (a game search)', () => {
    // "lumber" is the Wood entry's alias; the Mill holds the word more often and scores higher.
    const docs: Doc[] = [
      { title: 'Mill', words: { lumber: 200, mill: 4 }, phrases: ['mill', 'lumber mill'] },
      { title: 'Wood', words: { lumber: 1, wood: 4 }, phrases: ['wood', 'lumber'] },
    ];
    const s = new Searcher(makeIndex(docs));
    const r: SearchResult[] = s.search('lumber');
    expect(r.map((x) => x.title)).toEqual(['Wood', 'Mill']);
    expect(r[1]!.score).toBeGreaterThan(r[0]!.score);
    // Without the alias, by score.
    const plain = new Searcher(makeIndex([docs[0]!, { ...docs[1]!, phrases: ['wood'] }]));
    expect(plain.search('lumber').map((x) => x.title)).toEqual(['Mill', 'Wood']);
  });
  it('reads a misspelling alias as the word one edit away that its own entry holds, before a more common one', () => {
    // "savy" on the Savvy card is "savvy", though "say" (also one edit away) stands in more entries.
    const docs: Doc[] = [
      ...Array.from({ length: 3 }, (_, i) => ({ title: `S${i}`, words: { savvy: 1, say: 1 } })),
      { title: 'Savvy', words: { savy: 1, savvy: 1 } },
      ...Array.from({ length: 4 }, (_, i) => ({ title: `Y${i}`, words: { say: 1 } })),
    ];
    const found = new Map(candidates(new Searcher(makeIndex(docs, { typos: ids(docs, 'savy') })), 'savy').map(([w, f]) => [w, f] as const));
    expect(found.get('savvy')).toBe(1);
    expect(found.get('savy')).toBe(0.9);
    expect(found.get('say')).toBeLessThan(1);
  });
  it('looks past a rare exact word of 5+ letters, or a short misspelling alias, for near words', () => {
    const rare = (df: number, typo: boolean, word = 'swerd') => {
      const d: Doc[] = [
        { title: 'Sword', words: { sword: 1 } },
        ...Array.from({ length: df }, (_, i) => ({ title: `S${i}`, words: { [word]: 1 } })),
      ];
      return words(new Searcher(makeIndex(d, { typos: typo ? ids(d, word) : [] })), word);
    };
    expect(rare(2, false)).toEqual(['swerd', 'sword']);
    expect(rare(3, false)).toEqual(['swerd']);
    expect(rare(2, false, 'swrd')).toEqual(['swrd']);
    expect(rare(2, true, 'swrd')).toEqual(['swrd', 'sword']);
  });
  it('keeps a word being completed from fuzzy matching (it has candidates)', () => {
    expect(words(s, 'trai', true)).toEqual(['trail', 'train', 'trait']);
    expect(candidates(s, 'trai', true)[0]![1]).toBe(round(0.7 * (0.6 + (0.4 * 4) / 5)));
  });
  it('caches each word, up to 2,000 of them', () => {
    const c = new Searcher(makeIndex(docs));
    const first = c.candidates('w0', false);
    expect(c.candidates('w0', false)).toBe(first);
    for (let i = 1; i <= 2000; i++) c.candidates(`w${i}`, false);
    expect(c.candidates('w0', false)).toBe(first);
    c.candidates('w2001', false);
    expect(c.candidates('w0', false)).not.toBe(first);
    expect(c.candidates('w0', false)).toEqual(first);
  });
});

describe('derivational endings', () => {
  const endings = ['ment', 'ion', 'tion', 'ation', 'ing', 'er', 'ed', 'al', 'ive', 'able', 'ure', 'ance', 'ence'];
  const docs: Doc[] = [
    { title: 'Rid', words: Object.fromEntries([['rid', 1], ...endings.map((e) => [`rid${e}`, 1])]) },
    {
      title: 'Produce',
      words: { produce: 1, production: 1, move: 1, movement: 1, place: 1, placement: 1, ox: 1, oxer: 1, at: 1, ating: 1 },
    },
  ];
  const s = new Searcher(makeIndex(docs));
  it('finds the word with each ending (3-letter words too), at the factor of a word form', () => {
    expect(candidates(s, 'rid')).toEqual([['rid', 1], ...endings.map((e) => [`rid${e}`, 0.65])]);
  });
  it('finds the root of a word with each ending', () => {
    for (const e of endings) expect(candidates(s, `rid${e}`)).toContainEqual(['rid', 0.65]);
  });
  it('drops and restores a final "e"', () => {
    expect(words(s, 'produce')).toContain('production');
    expect(words(s, 'production')).toContain('produce');
    expect(words(s, 'move')).toContain('movement');
    expect(words(s, 'movement')).toContain('move');
    expect(candidates(s, 'place')).toContainEqual(['placement', 0.65]);
  });
  it('never for a root or a word under 3 letters', () => {
    expect(words(s, 'oxer')).toEqual(['oxer']);
    expect(words(s, 'ox')).toEqual(['ox']);
  });
  it('nor to a word only WordNet brought', () => {
    const w = new Searcher(makeIndex(docs, { wordnet: ids(docs, 'ridment', 'rid') }));
    expect(words(w, 'rid')).not.toContain('ridment');
    expect(words(w, 'ridion')).not.toContain('rid');
  });
});

describe('wordStats: what each query word weighs', () => {
  const docs: Doc[] = [
    { title: 'Coin', words: { coin: 8, health: 1 } },
    { title: 'Gold', words: { gold: 8, work: 1, lair: 1, experience: 1 } },
    { title: 'Gold 2', words: { gold: 8, level: 1, levelup: 1 } },
    { title: 'Other', words: { lair: 1, other: 1 } },
  ];
  const n = docs.length;
  const s = new Searcher(makeIndex(docs, { synonyms: { xp: ['level'], coin: ['gold'] } }));
  const stat = (q: string, i = 0) => s.wordStats(q)[i]!;
  it('weighs a word by the idf of its best match', () => {
    expect(stat('coin')).toMatchObject({ word: 'coin', weight: idf(n, 1), bestFactor: 1, light: 1 });
    expect(stat('gold').weight).toBeCloseTo(idf(n, 2));
  });
  it('matches everyday and game synonyms at 0.75, both kinds for one word, stemmed', () => {
    expect(words(s, 'xp')).toEqual([]);
    const xp = stat('xp');
    // A synonym is a finished word: "levelup" completes "level" at the finished-word factor.
    expect(xp.found.map((c) => [s.index.vocab[c.term], round(c.factor)])).toEqual([
      ['experience', 0.75],
      ['level', 0.75],
      ['levelup', round(0.75 * 0.49 * (0.6 + (0.4 * 5) / 7))],
    ]);
    expect(stat('money').found.map((c) => s.index.vocab[c.term])).toEqual(['coin', 'gold']);
    expect(stat('lives').found.map((c) => [s.index.vocab[c.term], c.factor])).toEqual([['health', 0.75]]);
    // The game's own synonyms of a word the index holds: the word first, its synonyms after.
    expect(stat('coin').found.map((c) => [s.index.vocab[c.term], c.factor])).toEqual([
      ['coin', 1],
      ['gold', 0.75],
    ]);
  });
  it('takes the rarer of equally good matches for the weight, and the better factor first', () => {
    // money → coin (1 doc) and gold (2 docs), both at 0.75.
    expect(stat('money')).toMatchObject({ bestFactor: 0.75 });
    expect(stat('money').weight).toBeCloseTo(idf(n, 1));
    const rev = new Searcher(makeIndex(docs, { synonyms: { loot: ['gold', 'coin'] } }));
    expect(rev.wordStats('loot')[0]!.found.map((c) => rev.index.vocab[c.term])).toEqual(['gold', 'coin']);
    expect(rev.wordStats('loot')[0]!.weight).toBeCloseTo(idf(n, 1));
    expect(rev.wordStats('how many loot')[0]!.weight).toBeCloseTo(1.5 * idf(n, 1));
    // A better factor wins over a rarer word: "coin" exact (1 doc) beats nothing; "gold" exact over a synonym.
    expect(stat('gold')).toMatchObject({ bestFactor: 1 });
    expect(stat('gold').weight).toBeCloseTo(idf(n, 2));
  });
  it('weighs the word a question asks about 1.5 times, a light word 0.4 times, the scene 0.7 times', () => {
    expect(stat('how many coins', 0)).toMatchObject({ light: 1.5 });
    expect(stat('how many coins', 0).weight).toBeCloseTo(1.5 * idf(n, 1));
    expect(stat('gold work', 1)).toMatchObject({ light: 0.4 });
    expect(stat('gold work', 1).weight).toBeCloseTo(0.4 * idf(n, 1));
    expect(stat('gold in the lair', 1).light).toBeCloseTo(0.7);
    expect(stat('gold in the lair', 1).weight).toBeCloseTo(0.7 * idf(n, 2));
    expect(stat('gold in the lair', 0).light).toBe(1);
  });
  it('completes only the last word while typed', () => {
    expect(s.wordStats('go co').map((w) => w.found.length)).toEqual([0, 1]);
    expect(s.wordStats('go co ').map((w) => w.found.length)).toEqual([0, 0]);
  });
  it('uses the all-games idf scale when asked', () => {
    const all = new Searcher(makeIndex(docs, { totalDocs: 40, totalDf: [2, 4, 8, 1, 2, 2, 2, 1] }));
    const coin = all.index.vocab.indexOf('coin');
    expect(all.wordStats('coin', true)[0]!.weight).toBeCloseTo(idf(40, all.index.totalDf![coin]!));
    expect(all.wordStats('coin')[0]!.weight).toBeCloseTo(idf(n, 1));
    const noTotal = new Searcher(makeIndex(docs, { totalDf: [2, 4, 8, 1, 2, 2, 2, 1] }));
    expect(noTotal.wordStats('coin', true)[0]!.weight).toBeCloseTo(idf(n, noTotal.index.totalDf![coin]!));
  });
});

describe('search: scores', () => {
  const docs: Doc[] = [
    { title: 'Red Dragon', words: { red: 12, dragon: 12 } },
    { title: 'Dragon Lair', words: { dragon: 12, lair: 12 } },
    { title: 'Gold', words: { gold: 12, dragon: 1, red: 1 }, phrases: ['gold', 'treasure'] },
    { title: 'Rules', words: { red: 1 } },
  ];
  const s = new Searcher(makeIndex(docs));
  const i3 = idf(4, 3);
  it('adds each word\'s weight × idf, and a bonus when the query is an entry\'s name ("named")', () => {
    const [first, ...rest] = s.search('red dragon', { explain: true });
    expect(first).toMatchObject({ url: '/g/d0/', named: true, matched: ['red', 'dragon'] });
    expect(first!.score).toBeCloseTo(24 * i3 + SEARCH.phraseExact);
    expect(rest.map((r) => r.named)).toEqual([undefined, undefined, undefined]);
    expect(why(s, 'red dragon')).toEqual([
      ['/g/d0/', `base 20.3 cov 1.00 phrase ${SEARCH.phraseExact.toFixed(1)}`],
      ['/g/d1/', 'base 10.2 cov 0.50 phrase 0.0'],
      ['/g/d2/', 'base 1.7 cov 1.00 phrase 0.0'],
      ['/g/d3/', 'base 0.8 cov 0.50 phrase 0.0'],
    ]);
    // Coverage squared: half the words, a quarter of the score.
    expect(s.search('red dragon')[1]!.score).toBeCloseTo((12 * i3) / 4);
    expect(s.search('red dragon')[2]!.score).toBeCloseTo(2 * i3);
  });
  it('gives a result its fields', () => {
    expect(s.search('gold', { limit: 1 })).toEqual([
      {
        url: '/g/d2/',
        title: 'Gold',
        game: 'g',
        gameTitle: 'G',
        summary: 'Gold.',
        score: 12 * idf(4, 1) + SEARCH.phraseExact,
        matched: ['gold'],
        named: true,
      },
    ]);
    expect(s.search('gold', { limit: 1, explain: true })[0]).toHaveProperty('why');
    expect(s.search('gold', { limit: 1 })[0]).not.toHaveProperty('why');
  });
  it('orders equal scores by entry', () => {
    expect(urls(s, 'dragon')).toEqual(['/g/d0/', '/g/d1/', '/g/d2/']);
    const same = new Searcher(makeIndex([0, 1, 2, 3].map((i) => ({ title: `T${i}`, words: { x: 1 }, phrases: [`t${i}`] }))));
    expect(urls(same, 'x')).toEqual(['/g/d0/', '/g/d1/', '/g/d2/', '/g/d3/']);
    // Found in another order (the first query word's entries first): still by entry.
    const later = new Searcher(
      makeIndex([
        { title: 'A', words: { y: 1 }, phrases: ['a'] },
        { title: 'B', words: { y: 1 }, phrases: ['b'] },
        { title: 'C', words: { x: 1 }, phrases: ['c'] },
        { title: 'D', words: { x: 1 }, phrases: ['d'] },
        { title: 'E', words: { x: 1 }, phrases: ['e'] },
        { title: 'F', words: { y: 1 }, phrases: ['f'] },
      ]),
    );
    expect(urls(later, 'x y')).toEqual(['/g/d0/', '/g/d1/', '/g/d2/', '/g/d3/', '/g/d4/', '/g/d5/']);
  });
  it('adds a phrase of the query that is an entry name, by its share of the query', () => {
    // "dragon lair" shares 2 words with "red dragon lair": phraseOverlap × their share of the query's weight.
    const w = [i3, i3, idf(4, 1)];
    const total = w[0]! + w[1]! + w[2]!;
    // Both are named by a part of the query: coverage gets back 0.3 of what it misses.
    const cov = (share: number) => (share + (1 - share) * 0.3).toFixed(2);
    const [first, second] = s.search('red dragon lair', { explain: true }) as (ReturnType<Searcher['search']>[number] & { why: string })[];
    expect(first!.url).toBe('/g/d1/');
    expect(first!.why).toBe(
      `base 29.5 cov ${cov((w[1]! + w[2]!) / total)} phrase ${((SEARCH.phraseOverlap * (w[1]! + w[2]!)) / total).toFixed(1)}`,
    );
    const share = (w[1]! + w[2]!) / total;
    expect(first!.score).toBeCloseTo(12 * (i3 + idf(4, 1)) * (share + (1 - share) * 0.3) ** 2 + SEARCH.phraseOverlap * share);
    expect(second!.why).toBe(
      `base 20.3 cov ${cov((w[0]! + w[1]!) / total)} phrase ${((SEARCH.phraseOverlap * (w[0]! + w[1]!)) / total).toFixed(1)}`,
    );
    // A one-word name ("gold") counts too.
    expect(why(s, 'gold red')[0]).toEqual(['/g/d2/', `base 20.2 cov 1.00 phrase ${((30 * idf(4, 1)) / (idf(4, 1) + i3)).toFixed(1)}`]);
    expect(why(s, 'red gold')[0]).toEqual(['/g/d2/', `base 20.2 cov 1.00 phrase ${((30 * idf(4, 1)) / (idf(4, 1) + i3)).toFixed(1)}`]);
  });
  it('adds a smaller bonus when the query stands inside a longer name', () => {
    const long = new Searcher(
      makeIndex([
        { title: 'The Big Red Dragon', words: { big: 1, red: 1, dragon: 1 }, phrases: ['big red dragon', 'dragon big red'] },
        { title: 'Other', words: { red: 1, dragon: 1, other: 1 }, phrases: ['other'] },
      ]),
    );
    expect(why(long, 'red dragon')[0]).toEqual([
      '/g/d0/',
      `base ${(2 * idf(2, 2)).toFixed(1)} cov 1.00 phrase ${((SEARCH.phraseOverlap * 2) / 3).toFixed(1)}`,
    ]);
    expect(why(long, 'big red')[0]![1]).toBe(
      `base ${(idf(2, 1) + idf(2, 2)).toFixed(1)} cov 1.00 phrase ${((SEARCH.phraseOverlap * 2) / 3).toFixed(1)}`,
    );
    // Through a completion ("dragon", typed, → "dragons"): that word's weight × its factor.
    const f = 0.7 * (0.6 + (0.4 * 6) / 7);
    const near = new Searcher(
      makeIndex([
        { title: 'Big Red Dragons', words: { red: 1, dragons: 1 } },
        { title: 'Z', words: { z: 1 } },
      ]),
    );
    expect(why(near, 'red dragon')[0]![1]).toMatch(new RegExp(` phrase ${((SEARCH.phraseOverlap * ((1 + f) / 2) * 2) / 3).toFixed(1)}$`));
    // One word in a longer name: no bonus. In another order: the same overlap.
    expect(why(long, 'big')[0]![1]).toBe(`base ${idf(2, 1).toFixed(1)} cov 1.00 phrase 0.0`);
    expect(why(long, 'dragon red')[0]![1]).toBe(
      `base ${(2 * idf(2, 2)).toFixed(1)} cov 1.00 phrase ${((SEARCH.phraseOverlap * 2) / 3).toFixed(1)}`,
    );
  });
  it('scales a name matched through a near word by its factor, and says "named" for an exact match only', () => {
    const t = new Searcher(
      makeIndex([
        { title: 'Dragons', words: { dragons: 1, lair: 1 }, phrases: ['dragons'] },
        { title: 'Lair', words: { lair: 1 } },
      ]),
    );
    const r = t.search('dragon', { explain: true })[0] as ReturnType<Searcher['search']>[number] & { why: string };
    expect(r.named).toBeUndefined();
    // "dragon", still typed, completes to "dragons" at 0.7 × (0.6 + 0.4 × 6/7).
    const f = 0.7 * (0.6 + (0.4 * 6) / 7);
    expect(r.why).toBe(`base ${(f * idf(2, 1)).toFixed(1)} cov 1.00 phrase ${(SEARCH.phraseExact * f).toFixed(1)}`);
  });
  it('gives back part of the missing coverage to an entry the query names', () => {
    // "gold lair": Gold is named by "gold" (it lacks "lair"): coverage = share + (1 − share) × 0.3.
    const g = new Searcher(
      makeIndex([
        { title: 'Gold', words: { gold: 12 }, phrases: ['gold'] },
        { title: 'Lair', words: { lair: 1 }, phrases: ['lair'] },
        { title: 'Gold lair', words: { gold: 1, lair: 1 }, phrases: ['x'] },
        { title: 'Y', words: { y: 1 }, phrases: ['y'] },
      ]),
    );
    const share = 1 / 2;
    const cov = share + (1 - share) * 0.3;
    expect(why(g, 'gold lair')[0]).toEqual([
      '/g/d0/',
      `base ${(12 * idf(4, 2)).toFixed(1)} cov ${cov.toFixed(2)} phrase ${(30 * share).toFixed(1)}`,
    ]);
    expect(g.search('gold lair')[0]!.score).toBeCloseTo(12 * idf(4, 2) * cov ** 2 + 30 * share);
  });
  it('counts coverage by what each matched word stands for in the doc (a near match covers less)', () => {
    const c = new Searcher(
      makeIndex([
        { title: 'A', words: { alpha: 1, beta: 1 }, phrases: ['a'] },
        { title: 'B', words: { alphas: 1, beta: 1 }, phrases: ['b'] },
        { title: 'C', words: { alpha: 1 }, phrases: ['c'] },
        { title: 'D', words: { alpha: 1 }, phrases: ['d'] },
        { title: 'E', words: { gamma: 1 }, phrases: ['e'] },
      ]),
    );
    const [alpha, alphas, beta] = [idf(5, 3), idf(5, 1), idf(5, 2)];
    const [a, b] = why(c, 'alpha beta ');
    expect(a).toEqual(['/g/d0/', `base ${(alpha + beta).toFixed(1)} cov 1.00 phrase 0.0`]);
    // "alpha" stands for "alphas" at the completion factor 0.49 × (0.6 + 0.4 × 5/6): its weight × that.
    const f = 0.49 * (0.6 + (0.4 * 5) / 6);
    expect(b).toEqual([
      '/g/d1/',
      `base ${(f * alphas + beta).toFixed(1)} cov ${((alpha * f + beta) / (alpha + beta)).toFixed(2)} phrase 0.0`,
    ]);
  });
  it("takes each word's best match in a doc, not the sum of its matches", () => {
    const m = new Searcher(
      makeIndex([
        { title: 'A', words: { alpha: 2, alphas: 3, other: 1 }, phrases: ['a'] },
        { title: 'B', words: { other: 1 } },
      ]),
    );
    // alpha (1 × 2) vs alphas (completion × 3): the larger.
    const f = 0.49 * (0.6 + (0.4 * 5) / 6);
    expect(m.search('alpha ')[0]!.score).toBeCloseTo(Math.max(2, 3 * f) * idf(2, 1));
    expect(m.search('alpha ')[0]!.matched).toEqual(['alpha', 'alphas']);
    expect(why(m, 'alpha ')[0]![1]).toContain(' cov 1.00 ');
  });
  it('reads a name through the best of the ways a query word stands for it', () => {
    // "alpha" is rare (1 entry, 5 letters): "alphas" is both its completion and 1 edit from it.
    const m = new Searcher(
      makeIndex([
        { title: 'A', words: { alpha: 1 }, phrases: ['a'] },
        { title: 'Alphas', words: { alphas: 1 } },
      ]),
    );
    const completion = 0.49 * (0.6 + (0.4 * 5) / 6);
    const fuzzy = 0.75 * (1 - 1 / 6) ** 2;
    expect(fuzzy).toBeGreaterThan(completion);
    expect(why(m, 'alpha ')[0]).toEqual([
      '/g/d1/',
      `base ${(fuzzy * idf(2, 1)).toFixed(1)} cov ${(fuzzy + (1 - fuzzy) * 0.3 * fuzzy).toFixed(2)} phrase ${(SEARCH.phraseExact * fuzzy).toFixed(1)}`,
    ]);
  });
  it('weighs coverage on the weights shared by every game searched together', () => {
    const shared = [
      { weight: 1, bestFactor: 1 },
      { weight: 3, bestFactor: 1 },
    ];
    expect(why(s, 'red lair', { shared })).toEqual([
      ['/g/d1/', `base ${(12 * idf(4, 1)).toFixed(1)} cov 0.75 phrase 0.0`],
      ['/g/d0/', `base ${(12 * i3).toFixed(1)} cov 0.25 phrase 0.0`],
      ['/g/d2/', `base ${i3.toFixed(1)} cov 0.25 phrase 0.0`],
      ['/g/d3/', `base ${i3.toFixed(1)} cov 0.25 phrase 0.0`],
    ]);
    // A word no game has weighs nothing: coverage over the rest.
    expect(
      why(s, 'lair red', {
        shared: [
          { weight: 0, bestFactor: 0 },
          { weight: 2, bestFactor: 1 },
        ],
      })[0],
    ).toEqual(['/g/d0/', `base ${(12 * i3).toFixed(1)} cov 1.00 phrase 0.0`]);
    // Shared best factor 0.5: a doc matching at factor 1 covers twice the word's weight (capped at 1).
    expect(why(s, 'red', { shared: [{ weight: 2, bestFactor: 0.5 }] })[0]![1]).toBe(`base ${(12 * i3).toFixed(1)} cov 1.00 phrase 0.0`);
    expect(
      why(s, 'red lair', {
        shared: [
          { weight: 2, bestFactor: 4 },
          { weight: 2, bestFactor: 1 },
        ],
      })[1]![1],
    ).toBe(`base ${(12 * i3).toFixed(1)} cov 0.13 phrase 0.0`);
  });
  it('scores nothing, without failing, when no query word weighs anything', () => {
    expect(why(s, 'red', { shared: [{ weight: 0, bestFactor: 0 }] })).toEqual([
      ['/g/d0/', 'base 10.2 cov 0.00 phrase 0.0'],
      ['/g/d2/', 'base 0.8 cov 0.00 phrase 0.0'],
      ['/g/d3/', 'base 0.8 cov 0.00 phrase 0.0'],
    ]);
    expect(s.search('red', { shared: [{ weight: 0, bestFactor: 0 }] }).map((r) => r.score)).toEqual([0, 0, 0]);
  });
  it('returns 20 results unless told, and nothing for an empty query', () => {
    const many = new Searcher(makeIndex(Array.from({ length: 25 }, (_, i) => ({ title: `T${i}`, words: { x: 1 } }))));
    expect(many.search('x')).toHaveLength(20);
    expect(many.search('x', { limit: 3 })).toHaveLength(3);
    expect(many.search('')).toEqual([]);
    expect(many.search('?!')).toEqual([]);
  });
  it('keeps a search within one game of a shared index', () => {
    const two = new Searcher(
      makeIndex(
        [
          { title: 'A', words: { x: 1 }, game: 0 },
          { title: 'B', words: { x: 1 }, game: 1 },
          { title: 'C', words: { x: 2 }, game: 0 },
        ],
        {
          games: [
            ['a', 'Game A'],
            ['b', 'Game B'],
          ],
        },
      ),
    );
    expect(urls(two, 'x', { game: 'a' })).toEqual(['/a/d2/', '/a/d0/']);
    expect(urls(two, 'x', { game: 'b' })).toEqual(['/b/d1/']);
    expect(two.search('x', { game: 'b' })[0]).toMatchObject({ game: 'b', gameTitle: 'Game B' });
    expect(urls(two, 'x')).toEqual(['/a/d2/', '/a/d0/', '/b/d1/']);
  });
});

describe('search: entries for one choice of a play option', () => {
  const docs: Doc[] = [
    { title: 'Season end', words: { season: 4, end: 4 }, phrases: ['general'] },
    { title: 'Solo season end', words: { season: 4, end: 4, solo: 4 }, phrases: ['solo'] },
    { title: 'Objective', words: { season: 4, end: 4, goal: 4 }, phrases: ['goal'] },
    { title: 'Other', words: { other: 1 } },
  ];
  const s = new Searcher(
    makeIndex(docs, {
      choices: [
        { option: 'solo', docs: [1], values: [] },
        { option: 'objective', docs: [2], values: ['goal-1'] },
      ],
    }),
  );
  const base = (4 + 4) * idf(4, 3);
  it('come after the general rule (× 0.7) unless the query names the option or the entry; first (× 1.4) when it names an option on or off', () => {
    expect(why(s, 'season end').map(([, w]) => w)).toEqual([
      `base ${base.toFixed(1)} cov 1.00 phrase 0.0`,
      `base ${base.toFixed(1)} cov 1.00 phrase 0.0 choice 0.7`,
      `base ${base.toFixed(1)} cov 1.00 phrase 0.0 choice 0.7`,
    ]);
    expect(s.search('season end')[1]!.score).toBeCloseTo(base * 0.7);
    expect(why(s, 'season end solo')[0]![0]).toBe('/g/d1/');
    expect(why(s, 'season end solo')[0]![1]).toContain('choice 1.4');
    expect(why(s, 'season end goal')[0]).toEqual(['/g/d2/', expect.not.stringContaining('choice')]);
    expect(why(s, 'objective season end').find(([u]) => u === '/g/d2/')![1]).not.toContain('choice');
    expect(why(s, 'season end goal 1').find(([u]) => u === '/g/d1/')![1]).toContain('choice 0.7');
  });
  it('are named by any word of their option', () => {
    const box = new Searcher(
      makeIndex(
        [
          { title: 'Rule', words: { season: 4 }, phrases: ['rule'] },
          { title: 'Box rule', words: { season: 4 }, phrases: ['box rule'] },
          { title: 'Z', words: { z: 1 } },
        ],
        { choices: [{ option: 'big-box', docs: [1], values: [''] }] },
      ),
    );
    expect(why(box, 'season')[1]![1]).toContain('choice 0.7');
    expect(why(box, 'season big')[0]).toEqual(['/g/d1/', expect.stringContaining('choice 1.4')]);
  });
  it('are named by a player\'s word for their option (the game\'s synonyms: "goal" for objective)', () => {
    const goal = new Searcher(
      makeIndex(
        [
          { title: 'Rule', words: { raid: 4 }, phrases: ['rule'] },
          { title: 'Never raided', words: { raid: 4, objective: 1 }, phrases: ['never raided'] },
          { title: 'Z', words: { z: 1 } },
        ],
        { choices: [{ option: 'objective', docs: [1], values: ['never-raided'] }], synonyms: { goal: ['objective'] } },
      ),
    );
    expect(why(goal, 'raid')[1]![1]).toContain('choice 0.7');
    expect(why(goal, 'raid goal').find(([u]) => u === '/g/d1/')![1]).not.toContain('choice');
    // "which goals ..." asks for the option's values: its entries are the answers (× 1.4), in those words only.
    expect(why(goal, 'which goals raid')[0]).toEqual(['/g/d1/', expect.stringContaining('choice 1.4')]);
    expect(why(goal, 'what objective raid')[0]).toEqual(['/g/d1/', expect.stringContaining('choice 1.4')]);
    expect(why(goal, 'raid which goals').find(([u]) => u === '/g/d1/')![1]).not.toContain('choice');
    expect(why(goal, 'goals which raid').find(([u]) => u === '/g/d1/')![1]).not.toContain('choice');
    expect(why(goal, 'which raid goal').find(([u]) => u === '/g/d1/')![1]).not.toContain('choice');
  });
  it("come first (× 1.4) in the reader's setup: an option on, or the value chosen", () => {
    expect(urls(s, 'season end', { setup: { solo: true } })[0]).toBe('/g/d1/');
    expect(why(s, 'season end', { setup: { solo: true } })[0]![1]).toBe(`base ${base.toFixed(1)} cov 1.00 phrase 0.0 choice 1.4`);
    expect(s.search('season end', { setup: { solo: true } })[0]!.score).toBeCloseTo(base * 1.4);
    expect(why(s, 'season end', { setup: { objective: 'goal-1' } })[0]).toEqual([
      '/g/d2/',
      `base ${base.toFixed(1)} cov 1.00 phrase 0.0 choice 1.4`,
    ]);
    expect(why(s, 'season end', { setup: { objective: 'goal-2', solo: false } })[1]![1]).toContain('choice 0.7');
  });
});

describe('search: numbers beside their nouns', () => {
  const docs: Doc[] = [
    { title: 'Coins', words: { coin: 5, '5': 1 }, body: 'Each player starts with coins. You may hold 5 other things.' },
    { title: 'Casino', words: { coin: 4, '5': 1 }, body: 'Lose 2 hearts to get 5 coins.' },
    { title: 'Population (p)', words: { population: 12, '7': 1, p: 1 }, phrases: ['population', 'p'] },
    { title: 'Cap', words: { population: 4, '7': 1 }, body: 'Your cap is 7p.' },
    { title: 'Far', words: { population: 4, '7': 1 }, body: 'Seven: 7 is a number, far from the population.' },
  ];
  const s = new Searcher(makeIndex(docs));
  it('lifts an entry whose text holds the number within 2 words of its noun (× 1.3)', () => {
    const [first, second] = s.search('5 coins', { explain: true }) as (ReturnType<Searcher['search']>[number] & { why: string })[];
    expect(first!.url).toBe('/g/d1/');
    expect(first!.why).toMatch(/ pairs 1\.00$/);
    expect(second!.url).toBe('/g/d0/');
    expect(second!.why).not.toContain('pairs');
    const plain = 4 * idf(5, 2) + idf(5, 2);
    expect(first!.score).toBeCloseTo(plain * 1.3);
    expect(s.search('5 coins')[0]!.url).toBe('/g/d1/');
  });
  it('by the share of the pairs it holds', () => {
    const two = new Searcher(
      makeIndex([
        { title: 'Half', words: { coin: 1, heart: 1, '5': 1, '2': 1 }, body: 'Get 5 coins.' },
        { title: 'Z', words: { z: 1 } },
      ]),
    );
    const r = two.search('5 coins 2 hearts', { explain: true })[0] as ReturnType<Searcher['search']>[number] & { why: string };
    expect(r.why).toMatch(/ pairs 0\.50$/);
    expect(r.score).toBeCloseTo(4 * idf(2, 1) * 1.15);
  });
  it('reads a game\'s one-letter short form of a noun ("7p")', () => {
    const r = why(s, '7 population');
    expect(r.find(([u]) => u === '/g/d3/')![1]).toMatch(/ pairs 1\.00$/);
    expect(r.find(([u]) => u === '/g/d4/')![1]).not.toContain('pairs');
  });
  it('looks at the first 30 results only', () => {
    const pool: Doc[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ title: `T${i}`, words: { coin: 10, '5': 1 }, body: 'Nothing here.' })),
      { title: 'Late', words: { coin: 9, '5': 1 }, body: 'Get 5 coins.' },
    ];
    const p = new Searcher(makeIndex(pool));
    expect(urls(p, '5 coins', { limit: 31 }).at(-1)).toBe('/g/d30/');
    const pool29 = new Searcher(makeIndex([...pool.slice(1)]));
    expect(urls(pool29, '5 coins', { limit: 30 })[0]).toBe('/g/d29/');
  });
});

describe('answers', () => {
  const docs: Doc[] = [
    { title: 'Coins', words: { coin: 12, start: 2, '17': 1 }, body: 'Coins pay for things. You start with 17 coins.' },
    { title: 'Gold', words: { gold: 12, coin: 1, start: 1 }, body: 'Gold is not coins at the start.' },
    { title: 'Other', words: { other: 1 } },
    { title: 'Apart', words: { coin: 1, start: 1 }, body: 'Coins here. Start there.' },
  ];
  const s = new Searcher(makeIndex(docs));
  it('shows no answer when no sentence holds two of the words', () => {
    const apart = s.search('coins start').find((r) => r.url === '/g/d3/')!;
    expect(apart).toBeDefined();
    expect(apart).not.toHaveProperty('answer');
  });
  it('shows the sentence holding most of a query of 2+ words, or one asking a number', () => {
    expect(s.search('coins start')[0]).toMatchObject({ url: '/g/d0/', answer: 'You start with 17 coins.' });
    expect(s.search('coins')[0]!.answer).toBeUndefined();
    expect(s.search('how many coins')[0]).toMatchObject({ url: '/g/d0/', answer: 'You start with 17 coins.' });
    expect(s.search('coins start', { answers: false })[0]!.answer).toBeUndefined();
    expect(s.search('coins start', { answers: true })[0]!.answer).toBe('You start with 17 coins.');
  });
  it('for the first 8 results only', () => {
    const many = new Searcher(
      makeIndex(
        Array.from({ length: 10 }, (_, i) => ({ title: `T${i}`, words: { apple: 10 - i, pear: 1 }, body: 'The apple and the pear.' })),
      ),
    );
    expect(many.search('apple pear').map((r) => r.answer !== undefined)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  it('gives the answer of a result ranked without one (after a merge), for any query, keeping no state', () => {
    const r = s.search('coins start', { answers: false })[0]!;
    expect(r.answer).toBeUndefined();
    expect(s.answerFor(r, 'coins start')).toBe('You start with 17 coins.');
    expect(s.answerFor(r, 'coins')).toBeUndefined();
    expect(s.answerFor({ url: '/g/none/' }, 'coins start')).toBeUndefined();
    const fresh = new Searcher(makeIndex(docs));
    expect(fresh.answerFor(r, 'coins start')).toBe('You start with 17 coins.');
  });
  it("finds a doc's best sentence, by default not asking a number", () => {
    const b = new Searcher(
      makeIndex([
        { title: 'X', words: { red: 1, blue: 1, green: 1 }, summary: 'Red blue green here.', body: 'Only red blue 5.\nAnd 5 green.' },
      ]),
    );
    const terms = [new Map([['red', 1]]), new Map([['green', 1]]), new Map([['blue', 1]])];
    const [, , , summary, body] = b.index.docs[0]!;
    const list = entrySentences(summary, body);
    expect(bestSentence(list, terms, [1, 1, 1], 3)).toEqual({ share: 1, text: 'Red blue green here.' });
    // Asking a number: a sentence with a digit counts twice as much as one without.
    expect(bestSentence(list, [terms[0]!, terms[2]!], [1, 1], 2).text).toBe('Red blue green here.');
    expect(bestSentence(list, [terms[0]!, terms[2]!], [1, 1], 2, true).text).toBe('Only red blue 5.');
    // ...and the number beside the word asked about (here "green") twice again; by default no word is.
    expect(bestSentence(list, terms, [1, 2, 1], 4, true).text).toBe('Red blue green here.');
    expect(bestSentence(list, terms, [1, 2, 1], 4, true, 1).text).toBe('And 5 green.');
  });
  it('gives the body of a result for its snippet', () => {
    expect(s.bodyOf('/g/d1/')).toBe('Gold is not coins at the start.');
    expect(s.bodyOf('/g/none/')).toBe('');
  });
});
