/**
 * The ranking's stages one by one, each a pure function (src/lib/search/): score (score.ts), setup weighting
 * (weigh.ts), the answer (answer.ts answerText), the shape of a result (shape.ts), and the text a reader's setup shows
 * (setup-text.ts), with the index's side of it (mdx-text.ts whens, build-index.ts marked lines and choices; inline
 * variants: search-setup-spans.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { SEARCH } from '../../src/lib/search/config';
import { entryScore, numberPairLift, phraseBonus, phraseOverlap, queryTerms, scoreDocs, type Scored } from '../../src/lib/search/score';
import { choiceFactor, exceptionsAfter, generalFirst, inSetup } from '../../src/lib/search/weigh';
import { explain, shapeResult, type Ranked } from '../../src/lib/search/shape';
import { answerText, bestSentence, entrySentences } from '../../src/lib/search/answer';
import { setupTokens, shownLines } from '../../src/lib/search/setup-text';
import { mdxToText } from '../../src/lib/search/mdx-text';
import { buildSearchIndexes, searchDoc } from '../../src/lib/search/build-index';
import { splitIndex, joinIndex, rankIndex } from '../../src/lib/search/index-files';
import { Searcher } from '../../src/lib/search/rank';
import type { RuntimeOption } from '../../src/lib/options';
import type { Game } from '../../src/schemas/game';
import type { WordStat } from '../../src/lib/search/types';

const stat = (word: string, found: [number, number][], weight: number, bestFactor = 1, light = 1): WordStat => ({
  word,
  found: found.map(([term, factor]) => ({ term, factor })),
  light,
  weight,
  bestFactor,
});

describe('stage 1, score', () => {
  const vocab = ['coin', 'coins', 'gold'];
  it("reads each query word's vocabulary words with their best factor, and its weight (or the shared one)", () => {
    const stats = [
      stat(
        'coins',
        [
          [1, 1],
          [0, 0.65],
          [0, 0.5],
        ],
        2,
      ),
      stat('gold', [[2, 1]], 3),
    ];
    const own = queryTerms(stats, vocab);
    expect(own.wordTerms).toEqual([
      new Map([
        ['coins', 1],
        ['coin', 0.65],
      ]),
      new Map([['gold', 1]]),
    ]);
    expect(own.wordWeight).toEqual([2, 3]);
    expect(own.totalWeight).toBe(5);
    const shared = queryTerms(stats, vocab, [
      { weight: 4, bestFactor: 1 },
      { weight: 1, bestFactor: 1 },
    ]);
    expect(shared.wordWeight).toEqual([4, 1]);
    expect(shared.totalWeight).toBe(5);
    // Weights summing to 0 count as 1 (no division by 0).
    expect(queryTerms([stat('x', [], 0)], vocab).totalWeight).toBe(1);
  });

  it('scores each doc by its best match per word, its weighted coverage and its phrases, in one game or all', () => {
    const index = {
      docs: [
        ['/a/d0/', 'Coins', 0],
        ['/a/d1/', 'Gold', 0],
        ['/b/d2/', 'Coins and gold', 1],
      ] as const,
      vocab,
      postings: [
        [0, 2, 2, 1],
        [0, 8],
        [1, 4, 2, 1],
      ],
      phrases: [['coins'], ['gold'], ['coins and gold']],
    };
    const stats = [
      stat(
        'coins',
        [
          [1, 1],
          [0, 0.5],
        ],
        2,
      ),
      stat('gold', [[2, 1]], 1),
    ];
    const terms = queryTerms(stats, vocab);
    const idf = [1, 2, 3];
    const byDoc = (list: Scored[]) => Object.fromEntries(list.map((s) => [s.d, s]));
    const all = byDoc(scoreDocs(index, stats, terms, idf));
    // d0: coins (1 × 2 × 8 = 16) beats coin (0.5 × 1 × 2 = 1); covers "coins" (2 of 3).
    expect(all[0]!.base).toBe(16);
    expect(all[0]!.coverage).toBeCloseTo(2 / 3 + (1 / 3) * SEARCH.namedLift);
    expect(all[0]!.named).toBe(1);
    expect(all[0]!.matched.sort()).toEqual(['coin', 'coins']);
    // d2: coin (0.5 × 1 × 1) + gold (3 × 1); covers both words (the coin match counts its factor's share of "coins").
    expect(all[2]!.base).toBeCloseTo(0.5 + 3);
    expect(all[2]!.coverage).toBeCloseTo((2 * 0.5 + 1) / 3);
    expect(all[2]!.named).toBe(0);
    expect(Object.keys(byDoc(scoreDocs(index, stats, terms, idf, 1)))).toEqual(['2']);
    // A word no game holds fully (shared best factor 0) covers nothing.
    const shared = [
      { weight: 2, bestFactor: 0 },
      { weight: 1, bestFactor: 1 },
    ];
    expect(byDoc(scoreDocs(index, stats, queryTerms(stats, vocab, shared), idf, -1, shared))[0]!.coverage).toBeCloseTo(SEARCH.namedLift);
  });

  it('adds the phrase bonus: the whole query, a one-word phrase within it, phrase and query sharing words', () => {
    const t = (words: string[][], weights = words.map(() => 1), factor = 1) => ({
      wordTerms: words.map((w) => new Map(w.map((x) => [x, factor] as const))),
      wordWeight: weights,
      totalWeight: weights.reduce((a, b) => a + b, 0),
    });
    expect(phraseBonus(['red dragon'], t([['red'], ['dragon']]))).toEqual({ bonus: SEARCH.phraseExact, named: 1, exact: true });
    expect(phraseBonus(['dragon'], t([['red'], ['dragon']], [1, 3]))).toEqual({
      bonus: (SEARCH.phraseInQuery * 3) / 4,
      named: 1,
      exact: false,
    });
    // The query within a longer phrase: all of the query's weight, 2 of the phrase's 3 words; not named.
    const contained = phraseBonus(['big red dragon'], t([['red'], ['dragon']]));
    expect(contained.bonus).toBeCloseTo((SEARCH.phraseOverlap * 2) / 3);
    expect([contained.named, contained.exact]).toEqual([0, false]);
    // In another order, among other words: the share of the query's weight × the share of the phrase's words.
    const apart = phraseBonus(['dragon red lair'], t([['red'], ['big'], ['dragon'], ['cave']], [1, 1, 2, 4]));
    expect(apart.bonus).toBeCloseTo(SEARCH.phraseOverlap * (3 / 8) * (2 / 3));
    expect([apart.named, apart.exact]).toEqual([0, false]);
    // A near match counts at its factor; a one-word name is never an overlap.
    expect(phraseBonus(['dragon red'], t([['red'], ['dragon']], [1, 1], 0.5)).bonus).toBeCloseTo(SEARCH.phraseOverlap * 0.5);
    expect(phraseBonus(['blue'], t([['red']]))).toEqual({ bonus: 0, named: 0, exact: false });
  });

  it('reads how closely a phrase and a query share their words (phraseOverlap)', () => {
    const terms = (words: string[][]) => words.map((w) => new Map(w.map((x, i) => [x, i === 0 ? 1 : 0.6] as const)));
    // "flip my character over" against "flip character tile": flip and character, 2 of 3 phrase words.
    expect(phraseOverlap(['flip', 'character', 'over'], terms([['flip'], ['character'], ['tile']]), [2, 1, 1], 4)).toBeCloseTo(
      (3 / 4) * (2 / 3),
    );
    // Fewer than 2 words meet: 0.
    expect(phraseOverlap(['flip', 'over'], terms([['flip'], ['tile']]), [1, 1], 2)).toBe(0);
    // Each phrase word answers one query word at most: "red red" against "red dragon" meets once.
    expect(phraseOverlap(['red', 'dragon'], terms([['red'], ['red']]), [1, 1], 2)).toBe(0);
    // A query word takes its best phrase word (factor 1 over 0.6), and weighs by that factor.
    expect(phraseOverlap(['wyrm', 'red'], terms([['red'], ['dragon', 'wyrm']]), [1, 1], 2)).toBeCloseTo((1 + 0.6) / 2);
  });

  it('puts the parts together: base × coverage^power + bonus; a number pair lifts by its share', () => {
    expect(entryScore({ base: 10, coverage: 0.5, bonus: 3 })).toBeCloseTo(10 * 0.5 ** SEARCH.coveragePower + 3);
    expect(numberPairLift(0)).toBe(1);
    expect(numberPairLift(0.5)).toBeCloseTo(1 + SEARCH.numberPairBoost / 2);
  });
});

describe('stage 2, setup weighting', () => {
  const solo = { option: 'solo', words: ['solo', 'bot'], value: '' };
  const objective = { option: 'objective', words: ['objective'], value: 'store-12' };
  it('reads a setup: an option on, a choice at a value, a multi holding it; own keys only', () => {
    expect(inSetup({ solo: true }, 'solo', '')).toBe(true);
    expect(inSetup({ solo: 'yes' }, 'solo', '')).toBe(false);
    expect(inSetup({ objective: 'store-12' }, 'objective', 'store-12')).toBe(true);
    expect(inSetup({ players: 4 }, 'players', '4')).toBe(true);
    expect(inSetup({ mods: ['tire', 'glom'] }, 'mods', 'glom')).toBe(true);
    expect(inSetup({ mods: ['tire'] }, 'mods', 'glom')).toBe(false);
    expect(inSetup(Object.create({ solo: true }) as Record<string, unknown>, 'solo', '')).toBe(false);
    expect(inSetup(undefined, 'solo', '')).toBe(false);
  });
  it("weighs an option-only entry down unless the query names it or its option, up in the reader's setup", () => {
    expect(choiceFactor(undefined, { solo: true }, 0, [])).toBe(1);
    expect(choiceFactor(solo, undefined, 0, ['season', 'end'])).toBe(SEARCH.unnamedChoiceFactor);
    expect(choiceFactor(solo, undefined, 0.5, ['season'])).toBe(1);
    // Naming an option that is on or off ("solo ... quest deck") plays it: its rules rank as in that setup.
    expect(choiceFactor(solo, undefined, 0, ['bot', 'end'])).toBe(SEARCH.setupChoiceFactor);
    // Naming an option of many values ("how many mods") names none of them: its entries are not set aside, no more.
    expect(choiceFactor(objective, undefined, 0, ['objective', 'store'])).toBe(1);
    expect(choiceFactor(objective, undefined, 1, ['store'])).toBe(1);
    expect(choiceFactor(solo, { solo: true }, 0, ['season'])).toBe(SEARCH.setupChoiceFactor);
    expect(choiceFactor(objective, { objective: 'other' }, 0, ['store'])).toBe(SEARCH.unnamedChoiceFactor);
    // A query asking which values of an option ("which objectives ...": `asked` holds its first word) has them as answers.
    expect(choiceFactor(objective, undefined, 0, ['objective', 'store'], ['objective'])).toBe(SEARCH.setupChoiceFactor);
    expect(choiceFactor(objective, undefined, 0, ['objective', 'store'], ['store'])).toBe(1);
    const character = { option: 'character', words: ['character', 'leader'], value: 'esther' };
    expect(choiceFactor(character, undefined, 0, ['leader'], ['leader'])).toBe(SEARCH.setupChoiceFactor);
    // ...not the rules of an on/off option, which naming it already plays.
    expect(choiceFactor(solo, undefined, 0, ['season'], ['bot'])).toBe(SEARCH.unnamedChoiceFactor);
  });
  it('puts an option-only entry set aside below every general entry covering the query as fully, and scoring enough', () => {
    const w = (score: number, coverage = 1, aside = false) => ({ score, coverage, aside });
    // Storage (21) and Depot (34) cover the query as the objective (64) does: it goes below both.
    const [objective, depot, storage] = generalFirst([w(64, 1, true), w(34), w(21)]);
    expect(depot).toBe(34);
    expect(storage).toBe(21);
    expect(objective).toBeLessThan(21);
    expect(objective).toBeGreaterThan(21 * 0.999);
    // A general entry covering less, or scoring under generalRuleShare of it, does not hold it back.
    expect(generalFirst([w(64, 1, true), w(30, 0.9)])[0]).toBe(64);
    expect(generalFirst([w(100, 1, true), w(100 * SEARCH.generalRuleShare - 0.01)])[0]).toBe(100);
    expect(generalFirst([w(100, 1, true), w(100 * SEARCH.generalRuleShare)])[0]).toBeCloseTo(100 * SEARCH.generalRuleShare);
    // Already below: unchanged; nothing set aside: unchanged.
    expect(generalFirst([w(10, 1, true), w(20)])).toEqual([10, 20]);
    expect(generalFirst([w(10), w(20)])).toEqual([10, 20]);
    expect(generalFirst([w(10, 1, true), w(5, 1, true)])).toEqual([10, 5]);
    // A tie stays a tie (its order is the doc order).
    expect(generalFirst([w(10, 1, true), w(10)])).toEqual([10, 10]);
  });
  it('puts an exception the query does not name just below its general rule, when the rule matches comparably', () => {
    const e = (d: number, score: number, coverage = 1, named = 0) => ({ d, score, coverage, named });
    const inn = new Map([[0, [1]]]);
    // "can I shift a housed villager": the Inn (92, all of the query) goes just below Housing (66.8, 60% of it).
    const [exception, rule, other] = exceptionsAfter([e(0, 92), e(1, 66.8, 0.6), e(2, 70)], inn);
    expect(rule).toBe(66.8);
    expect(other).toBe(70);
    expect(exception).toBeLessThan(66.8);
    expect(exception).toBeGreaterThan(66.8 * 0.999);
    // Named by the query: it stays first.
    expect(exceptionsAfter([e(0, 92, 1, 1), e(1, 66.8, 0.6)], inn)[0]).toBe(92);
    // Only below its own general rules, not below any entry.
    expect(exceptionsAfter([e(0, 92), e(2, 66.8)], inn)[0]).toBe(92);
    expect(exceptionsAfter([e(0, 92), e(1, 66.8)], new Map())[0]).toBe(92);
    // A rule scoring under exceptionRuleShare of it, or covering under exceptionCoverageShare of what it covers,
    // does not hold it back ("what if my town centre is my only top tier building": the downgrade answers).
    expect(exceptionsAfter([e(0, 100), e(1, 100 * SEARCH.exceptionRuleShare - 0.01)], inn)[0]).toBe(100);
    expect(exceptionsAfter([e(0, 100), e(1, 100 * SEARCH.exceptionRuleShare)], inn)[0]).toBeCloseTo(100 * SEARCH.exceptionRuleShare);
    expect(exceptionsAfter([e(0, 100, 1), e(1, 90, SEARCH.exceptionCoverageShare - 0.01)], inn)[0]).toBe(100);
    expect(exceptionsAfter([e(0, 100, 1), e(1, 90, SEARCH.exceptionCoverageShare)], inn)[0]).toBeCloseTo(90);
    // Several general rules: below the lowest that holds it back; already below: unchanged.
    const two = new Map([[0, [1, 2]]]);
    expect(exceptionsAfter([e(0, 100), e(1, 90), e(2, 80)], two)[0]).toBeCloseTo(80);
    expect(exceptionsAfter([e(0, 50), e(1, 90)], inn)).toEqual([50, 90]);
  });
});

describe('stage 3, the answer', () => {
  const list = entrySentences('Coins are money.', [
    { text: 'You start with 17 coins. Spend them at the market.', variant: false },
    { text: 'Erwin starts with 20 coins.', variant: true },
  ]);
  it('reads the summary and each body line as sentences, keeping which come from a variant', () => {
    expect(list.map((s) => [s.text, !!s.variant])).toEqual([
      ['Coins are money.', false],
      ['You start with 17 coins.', false],
      ['Spend them at the market.', false],
      ['Erwin starts with 20 coins.', true],
    ]);
    expect(entrySentences('Aye here.', 'Bee here. Cee there.').map((s) => s.text)).toEqual(['Aye here.', 'Bee here.', 'Cee there.']);
  });
  const ask = (words: string[], asksNumber = false, head = -1) => ({
    wordTerms: words.map((w) => new Map([[w, 1]])),
    wordWeight: words.map(() => 1),
    totalWeight: words.length,
    asksNumber,
    head,
  });
  it("prefers the general rule's sentence to a variant's that holds the query alike", () => {
    expect(answerText(list, ask(['start', 'coin'], true, 1))).toBe('You start with 17 coins.');
    // Alone, the variant's sentence is still the answer.
    expect(answerText(list.slice(3), ask(['start', 'coin'], true, 1))).toBe('Erwin starts with 20 coins.');
    const plain = bestSentence(list, ask(['erwin', 'coin']).wordTerms, [1, 1], 2);
    expect(plain.text).toBe('Erwin starts with 20 coins.');
  });
  it('answers a query of 2+ words, or one asking a number; nothing when no sentence holds enough', () => {
    expect(answerText(list, ask(['coin']))).toBeUndefined();
    expect(answerText(list, ask(['coin'], true, 0))).toBe('You start with 17 coins.');
    expect(answerText(list, ask(['dragon', 'lair']))).toBeUndefined();
  });
});

describe('stage 4, the shape of a result', () => {
  const scored: Scored = { d: 0, base: 12.345, coverage: 0.5, bonus: 3.21, named: 0, exact: false, matched: ['coin'] };
  const r: Ranked = { scored, choice: 1, pairs: 0, score: 7 };
  const doc = ['/g/coins/', 'Coins', 0, 'Coins are money.', 'body'] as const;
  it('gives where, what, the score and the matched words; named only when the query is its phrase', () => {
    expect(shapeResult(doc, ['g', 'G'], r, undefined)).toEqual({
      url: '/g/coins/',
      title: 'Coins',
      game: 'g',
      gameTitle: 'G',
      summary: 'Coins are money.',
      score: 7,
      matched: ['coin'],
    });
    expect(shapeResult(doc, ['g', 'G'], { ...r, scored: { ...scored, exact: true } }, 'You start with 17 coins.')).toMatchObject({
      named: true,
      answer: 'You start with 17 coins.',
    });
  });
  it('says why only when asked', () => {
    expect(shapeResult(doc, ['g', 'G'], r, undefined)).not.toHaveProperty('why');
    expect(shapeResult(doc, ['g', 'G'], r, undefined, true)).toHaveProperty('why', 'base 12.3 cov 0.50 phrase 3.2');
    expect(explain({ ...r, choice: 0.7, pairs: 0.5 })).toBe('base 12.3 cov 0.50 phrase 3.2 choice 0.7 pairs 0.50');
  });
});

describe("the text a reader's setup shows", () => {
  const options: RuntimeOption[] = [
    { id: 'solo', type: 'boolean', default: false },
    { id: 'objective', type: 'choice', default: 'none', values: [{ value: 'none' }, { value: 'store-12' }] },
    { id: 'mods', type: 'multi', default: [], values: [{ value: 'tire' }, { value: 'glom' }] },
  ];
  it('reads a setup as condition tokens, defaults filled in and invalid values ignored', () => {
    const none = setupTokens(options, undefined);
    expect(setupTokens(options, { objective: 'nonsense', solo: 'yes' })).toEqual(none);
    expect(setupTokens(options, { objective: 'store-12' })).not.toEqual(none);
  });
  it('leaves out the lines a setup hides, and flags those the default setup hides', () => {
    const body = 'General rule.\nYour objective line.\nMultiplayer line.\nTire line.';
    const game = {
      id: 'g',
      title: 'G',
      options: [
        { id: 'solo', type: 'boolean', label: 'Solo', offLabel: 'Multiplayer', default: false },
        {
          id: 'objective',
          type: 'choice',
          label: 'Objective',
          default: 'none',
          values: [
            { value: 'none', label: 'None' },
            { value: 'store-12', label: 'Store 12', entry: 'store-12' },
          ],
        },
        {
          id: 'mods',
          type: 'multi',
          label: 'Mods',
          default: [],
          values: [
            { value: 'tire', label: 'Tire' },
            { value: 'glom', label: 'Glom' },
          ],
        },
      ] as Game['options'],
    };
    const doc = searchDoc(
      game,
      'storage',
      { title: 'Storage', summary: 'Storage.', aliases: [], terms: [] },
      'General rule.\n\n<When objective="store-12">\n\nYour objective line.\n\n</When>\n\n<When not solo>\n\nMultiplayer line.\n\n</When>\n\n<When mods="tire">\n\nTire line.\n\n</When>\n',
    );
    expect(doc.body).toBe(body);
    expect(doc.conditional?.map(([line]) => line)).toEqual([1, 2, 3]);
    // Each line inside <When> blocks starts with its conditions' marker (setup-text.ts).
    expect(doc.marked).toBe(['General rule.', '\uf000Your objective line.', '\uf001Multiplayer line.', '\uf002Tire line.'].join('\n'));
    expect(doc.spans).toEqual(doc.conditional?.map(([, when]) => when));
    const shown = (setup: Record<string, unknown> | undefined) =>
      shownLines(doc.marked!, setupTokens(options, setup), setupTokens(options, undefined), doc.spans!).map(
        (l) => `${l.text}${l.variant ? ' (variant)' : ''}`,
      );
    expect(shown(undefined)).toEqual(['General rule.', 'Multiplayer line.']);
    expect(shown({ objective: 'store-12', solo: true })).toEqual(['General rule.', 'Your objective line. (variant)']);
    expect(shown({ mods: ['tire'] })).toEqual(['General rule.', 'Multiplayer line.', 'Tire line. (variant)']);

    // The index carries the lines and the options in its text file; a searcher shows snippets and answers from them.
    const other = searchDoc(
      game,
      'depot',
      { title: 'Depot', summary: 'Depot.', aliases: [], terms: [] },
      'Depots hold wood.\n\n<When any solo mods="glom">\n\nGlom or solo line.\n\n</When>\n',
    );
    const built = buildSearchIndexes([doc, other], [game]).get('g')!;
    expect(built.options?.map((o) => o.id)).toEqual(['solo', 'objective', 'mods']);
    const { rank, text } = splitIndex(built);
    expect(rank).not.toHaveProperty('spans');
    expect(text.spans?.length).toBe(4);
    expect(joinIndex(rank, text).spans).toEqual(built.spans);
    const s = new Searcher(rankIndex(rank));
    s.addText(text.summaries, text.bodies, text);
    expect(s.bodyOf('/g/storage/')).toBe('General rule.\nMultiplayer line.');
    expect(s.bodyOf('/g/storage/', { objective: 'store-12' })).toBe('General rule.\nYour objective line.\nMultiplayer line.');
    expect(s.bodyOf('/g/depot/')).toBe('Depots hold wood.');
    expect(s.bodyOf('/g/depot/', { mods: ['glom'] })).toBe('Depots hold wood.\nGlom or solo line.');
    expect(s.bodyOf('/g/none/')).toBe('');
    expect(s.search('objective line storage', { game: 'g' })[0]?.answer).toBeUndefined();
    expect(s.search('objective line storage', { game: 'g', setup: { objective: 'store-12' } })[0]?.answer).toBe('Your objective line.');
    // The objective's own entry is option-only, its option named by its id and label words.
    const objectiveDoc = searchDoc(game, 'store-12', { title: 'Store 12', summary: 'Store 12.', aliases: [], terms: [] }, 'Text.');
    expect(objectiveDoc.choice).toEqual({ option: 'objective', value: 'store-12', label: 'Objective' });
  });
  it('counts an entry whose whole body the default setup hides as option-only', () => {
    const game = {
      id: 'g',
      title: 'G',
      options: [
        { id: 'story', type: 'boolean', label: 'Story mode (campaign)', offLabel: 'Standard', default: false },
        {
          id: 'mode',
          type: 'choice',
          label: 'Mode',
          default: 'a',
          values: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
            { value: 'c', label: 'C' },
          ],
        },
      ] as Game['options'],
    };
    const doc = (body: string) => searchDoc(game, 'x', { title: 'X', summary: 'X.', aliases: [], terms: [] }, body).choice;
    expect(doc('<When story>\n\nOnly in story.\n\n</When>\n')).toEqual({ option: 'story', label: 'Story mode (campaign)' });
    expect(doc('<When mode="b">\n\nOnly in b.\n\n</When>\n')).toEqual({ option: 'mode', value: 'b', label: 'Mode' });
    expect(doc('<When mode={["b", "c"]}>\n\nIn b or c.\n\n</When>\n')).toBeUndefined();
    expect(doc('<When not story>\n\nShown by default.\n\n</When>\n')).toBeUndefined();
    expect(doc('Plain.\n\n<When story>\n\nOnly in story.\n\n</When>\n')).toBeUndefined();
    expect(doc('')).toBeUndefined();
    const built = buildSearchIndexes(
      [searchDoc(game, 'x', { title: 'X', summary: 'X.', aliases: [], terms: [] }, '<When story>\n\nOnly in story.\n\n</When>\n')],
      [game],
    ).get('g')!;
    expect(built.choices).toEqual([{ option: 'story', docs: [0], values: [''], words: ['story', 'mode', 'campaign'] }]);
  });
  it('lists the lines inside <When> blocks with the props of each block around them', () => {
    const { text, whens } = mdxToText(
      'Intro.\n\n<When not solo>\n\nA.\n\n<When mods="tire">\n\nB.\n\n</When>\n</When>\n\nTail <When solo>inline</When>.\n',
    );
    expect(text).toBe('Intro.\nA.\nB.\nTail inline .');
    expect(whens).toEqual([
      {
        line: 1,
        whens: [
          [
            ['not', true],
            ['solo', true],
          ],
        ],
      },
      {
        line: 2,
        whens: [
          [
            ['not', true],
            ['solo', true],
          ],
          [['mods', 'tire']],
        ],
      },
    ]);
  });
});
