/**
 * Answer sentences (src/lib/search/answer.ts): the sentence shown under a result, and the number-noun pairs that
 * lift entries holding the number the query asks beside its noun.
 */
import { describe, expect, it } from 'vitest';
import {
  answerQuery,
  answerText,
  asideOf,
  asksForNumber,
  asksLimit,
  asksYesNo,
  bestSentence,
  entrySentences,
  leadIns,
  namesOnly,
  numberNeighbours,
  numberPairShare,
  statesLimit,
  tableRowName,
} from '../../src/lib/search/answer';
import { SEARCH } from '../../src/lib/search/config';
import { indexWords } from '../../src/lib/search/text';

/** Per query word, the vocabulary words it stands for (here: itself, exactly). */
const termsOf = (...words: string[]) => words.map((w) => new Map([[indexWords(w)[0]!, 1]]));

describe('bestSentence', () => {
  const list = entrySentences('Cards cost coins.', 'You draw 2 cards each round. A card costs 3 coins at the market. Gain 5 coins.');

  it('splits summary and body into sentences with their index words', () => {
    expect(list.map((s) => s.text)).toEqual([
      'Cards cost coins.',
      'You draw 2 cards each round.',
      'A card costs 3 coins at the market.',
      'Gain 5 coins.',
    ]);
    expect(list[1]!.words).toContain('card');
  });

  it('shows the first sentence holding the most of the query, and needs 2 of its words', () => {
    expect(bestSentence(list, termsOf('card', 'coin'), [1, 1], 2)).toEqual({ share: 1, text: 'Cards cost coins.' });
    expect(bestSentence(list, termsOf('card', 'round'), [1, 3], 4)).toEqual({ share: 1, text: 'You draw 2 cards each round.' });
    expect(bestSentence(list, termsOf('market', 'dragon'), [1, 1], 2)).toEqual({ share: 0, text: '' });
  });

  it('for a query asking a number, prefers the number beside the word asked about', () => {
    const asked = bestSentence(list, termsOf('coin', 'card'), [1, 1], 2, true, 0);
    expect(asked.text).toBe('A card costs 3 coins at the market.');
    // The number beside the head word counts even with 1 query word, but does not raise the share.
    expect(bestSentence(entrySentences('', 'Gain 5 coins.'), termsOf('coin', 'card'), [1, 1], 2, true, 0)).toEqual({
      share: 0,
      text: 'Gain 5 coins.',
    });
  });
});

describe('numberNeighbours', () => {
  it('gives each number the words within 2 of it, across a sentence break (which counts as a word)', () => {
    const got = numberNeighbours(entrySentences('Lose hearts.', '2 coins, or 3p. You start with 17 coins.'));
    expect(Object.fromEntries([...got].map(([n, words]) => [n, [...words].sort()]))).toEqual({
      '2': ['3p', 'coin', 'heart'],
      '3p': ['2', 'coin', 'start'],
      '17': ['coin', 'start'],
    });
    expect(numberNeighbours(entrySentences('No numbers.', 'None here.'))).toEqual(new Map());
  });
});

describe('numberPairShare', () => {
  const pair: [number, number][] = [[0, 1]];
  const near = (summary: string, body: string) => numberNeighbours(entrySentences(summary, body));
  it('counts a pair whose number stands within 2 words of its noun', () => {
    expect(numberPairShare(near('', 'You lose 5 hearts.'), pair, termsOf('5', 'heart'), new Map())).toBe(1);
    expect(numberPairShare(near('', 'Lose 5 coins and then heal hearts.'), pair, termsOf('5', 'heart'), new Map())).toBe(0);
    expect(numberPairShare(near('', 'You lose 4 hearts.'), pair, termsOf('5', 'heart'), new Map())).toBe(0);
  });

  it("reads the game's one-letter short form of a noun (7p)", () => {
    const units = new Map([['p', new Set(['population'])]]);
    expect(numberPairShare(near('', 'Reach 7p by round 21.'), pair, termsOf('7', 'population'), units)).toBe(1);
    expect(numberPairShare(near('', 'Reach 7p by round 21.'), pair, termsOf('7', 'population'), new Map())).toBe(0);
  });
});

describe('limits', () => {
  it('reads a limit question: how many with can, max, maximum, limit (asksLimit)', () => {
    const asking = [
      'how many specialists can i have',
      'How much wood could I store',
      'max storage',
      'maximum heroes',
      'is there a limit on companions',
    ];
    expect(asking.map(asksLimit)).toEqual([true, true, true, true, true]);
    const not = ['how many specialists are there', 'can i have 2 specialists', 'how much gold do i start with', 'maxwell'];
    expect(not.map(asksLimit)).toEqual([false, false, false, false]);
  });
  it('reads a limit stated in a text (statesLimit)', () => {
    const stating = ['holds at most 4 specialists', 'Up to 3 blocks', 'the max is 6', 'no more than 2', 'a hand limit'];
    expect(stating.map(statesLimit)).toEqual([true, true, true, true, true]);
    expect(['There are 22 specialists', 'a mostly quiet round', 'setup'].map(statesLimit)).toEqual([false, false, false]);
  });
});

describe('asksForNumber', () => {
  it('reads how many, how much, cost and digits', () => {
    const asking = ['how many coins', 'How much gold', 'what does a mill cost', 'event roll 12'];
    expect(asking.map(asksForNumber)).toEqual([true, true, true, true]);
    expect(asksForNumber('what is a mill')).toBe(false);
  });
});

describe('the answer at a glance: the main point before a side line', () => {
  it("marks an example, and a line labelled with another entry's title, as side lines (asideOf)", () => {
    expect(asideOf('Example: a cost of 3 costs 6 coins.', [])).toEqual([]);
    expect(asideOf('For example, 3 costs 6.', [])).toEqual([]);
    expect(asideOf('Malikai: once per Loot, roll again.', ['Malikai'])).toEqual(['malikai']);
    expect(asideOf('Explorers Kit · Lose 1 heart fewer', ['Explorers Kit'])).toEqual(['explorer', 'kit']);
    // A title as the sentence's subject is the rule ("Villagers … produce nothing"), and so is a clarification.
    expect(asideOf('Villagers waiting below produce nothing.', ['Villagers'])).toBeUndefined();
    expect(asideOf('Clarification: you cannot complete orders then.', [])).toBeUndefined();
    // A longer name is not its start ("Examples" is not "Example"), and a name that is the sentence's subject is no label.
    expect(asideOf('Examples of play follow.', [])).toBeUndefined();
    expect(asideOf('Malikai rolls again: twice.', ['Malikai'])).toBeUndefined();
    expect(asideOf('See solo quest phase.', [])).toEqual([]);
    expect(SEARCH.asideOpeners).toEqual(['Example', 'For example', 'See']);
  });

  it('shows the general rule before a side line that holds the query alike, unless the query names its subject', () => {
    const list = entrySentences('About looting.', 'Malikai: you may roll the loot again.\nRoll a die to loot a treasure.', ['Malikai']);
    expect(bestSentence(list, termsOf('loot', 'roll'), [1, 1], 2).text).toBe('Roll a die to loot a treasure.');
    const named = termsOf('malikai', 'loot', 'roll');
    expect(bestSentence(list, named, [1, 1, 1], 3).text).toBe('Malikai: you may roll the loot again.');
    expect(SEARCH.asideSentenceFactor).toBe(0.5);
  });

  it('weighs an example down, and a labelled line unless the query names its whole label', () => {
    const example = entrySentences('About.', 'Example: roll 2 dice to loot.\nRoll the dice to loot.');
    expect(bestSentence(example, termsOf('loot', 'roll'), [1, 1], 2).text).toBe('Roll the dice to loot.');
    const kit = entrySentences('About.', 'Explorers Kit · roll 1 die less to search.\nRoll a die to search.', ['Explorers Kit']);
    // "kit" alone does not name the Explorers Kit.
    expect(bestSentence(kit, termsOf('kit', 'roll', 'search'), [0.1, 1, 1], 2.1).text).toBe('Roll a die to search.');
  });

  it("reads a table row's first cell as what the row is about, a table's first row as its header (tableRowName)", () => {
    expect(tableRowName('Oya, Carnivorous Blossom · 7 honor if your potential is empty.')).toEqual(indexWords('Oya, Carnivorous Blossom'));
    expect(tableRowName('Charger Mount · 3 · 3')).toEqual(['charger', 'mount']);
    expect(tableRowName('Oya scores 7 honor.')).toEqual([]);
    const rows = entrySentences('', 'Intro.\nUse · Cost\nControl a region · 1 conviction\nSave a champion · 1 conviction');
    expect(rows.map((s) => s.row)).toEqual([undefined, undefined, ['control', 'region'], ['save', 'champion']]);
  });

  it('shows the table row about the thing the query names most tellingly, even on that one word', () => {
    const index = entrySentences(
      'Each of the 16 monsters and the bonus it scores at game end.',
      'Monster · Bonus at game end\nOya, Carnivorous Blossom · 7 honor if your potential is empty.\nDrogas · 1 honor per card colour.',
    );
    // "what does the oya monster give at game end": oya weighs most; the summary holds 3 of the 4 words.
    const q = termsOf('oya', 'monster', 'game', 'end');
    expect(bestSentence(index, q, [3, 1, 1, 1], 6).text).toBe('Oya, Carnivorous Blossom · 7 honor if your potential is empty.');
    // Named by a lighter word only, the row is no answer: the summary is.
    expect(bestSentence(index, q, [1, 3, 1, 1], 6).text).toBe('Each of the 16 monsters and the bonus it scores at game end.');
    expect(SEARCH.namedRowFactor).toBe(2);
  });

  it('shows the row of a table of rolls whose first cell is a number the query holds ("loot roll of 5")', () => {
    const table = entrySentences(
      'Loot (d6 + Treasure number): low results give gems.',
      'Roll · Gems · Other\n4 · 4w, 2s\n5 · one hero you choose: +1 Power\n15 · 20 gems',
    );
    // No sentence holds 2 of "loot", "roll", "5": the row "5" is what the player rolled.
    expect(bestSentence(table, termsOf('loot', 'roll', '5'), [3, 1, 1], 5).text).toBe('5 · one hero you choose: +1 Power');
    // A number the query holds only as a completion (factor below 1: "1" typed) names no row.
    const typed = [...termsOf('loot', 'roll'), new Map([['15', 0.7]])];
    expect(bestSentence(table, typed, [3, 1, 1], 5).text).toBe('');
    expect(bestSentence(table, termsOf('loot', 'roll', '15'), [3, 1, 1], 5).text).toBe('15 · 20 gems');
    // A first cell that only starts or ends with digits ("5x", "x5") is no roll.
    const odd = entrySentences('', 'Roll · Gems\nx5 · 3 gems\n5x · 4 gems');
    expect(bestSentence(odd, termsOf('loot', 'x5'), [3, 1], 4).text).toBe('');
    expect(bestSentence(odd, termsOf('loot', '5x'), [3, 1], 4).text).toBe('');
    // A row named by a word, not a number, is no row of rolls.
    expect(bestSentence(entrySentences('', 'Roll · Gems\nfive · 3 gems'), termsOf('loot', 'five'), [3, 1], 4).text).toBe('');
  });

  it('passes a yes/no question on to the sentence choice (answerText)', () => {
    const list = entrySentences('Farms feed people.', 'Farms need no worker, and they feed people.');
    const q = { wordTerms: termsOf('farm', 'people'), wordWeight: [1, 1], totalWeight: 2, asksNumber: false, head: -1 };
    expect(answerText(list, q)).toBe('Farms feed people.');
    const close = entrySentences('Farms feed people.', 'Farms need a worker.');
    const w = { wordTerms: termsOf('farm', 'worker', 'people'), wordWeight: [1, 1.5, 1.2], totalWeight: 3.7, asksNumber: false, head: -1 };
    expect(answerText(close, w)).toBe('Farms feed people.');
    expect(answerText(close, { ...w, yesNo: true })).toBe('Farms need a worker.');
  });

  it('prefers the summary to a body sentence that holds the query alike, except for a yes/no question', () => {
    const list = entrySentences('Farms feed 6 people.', 'Farms need no worker and feed people.');
    const q = termsOf('farm', 'people');
    expect(bestSentence(list, q, [1, 1], 2).text).toBe('Farms feed 6 people.');
    const body = entrySentences('Farms feed people.', 'Farms need no worker, and they feed people.');
    // Alike (same share): the summary; a yes/no question reads the body's line that says no.
    expect(bestSentence(body, q, [1, 1], 2, false, -1, false).text).toBe('Farms feed people.');
    expect(bestSentence(body, q, [1, 1], 2, false, -1, true).text).toBe('Farms need no worker, and they feed people.');
    const more = entrySentences('Farms feed people.', 'Farms need no worker.');
    const worker = termsOf('farm', 'worker', 'people');
    expect(bestSentence(more, worker, [1, 3, 1], 5, false, -1, true).text).toBe('Farms need no worker.');
    // Summary 2.2 of 3.7 (×1.25) against the body's 2.5: the factor decides, and a yes/no question goes without it.
    const close = termsOf('farm', 'worker', 'people');
    const summaryWins = entrySentences('Farms feed people.', 'Farms need a worker.');
    expect(bestSentence(summaryWins, close, [1, 1.5, 1.2], 3.7).text).toBe('Farms feed people.');
    expect(bestSentence(summaryWins, close, [1, 1.5, 1.2], 3.7, false, -1, true).text).toBe('Farms need a worker.');
    expect(SEARCH.summarySentenceFactor).toBe(1.25);
  });

  it('shows a lead-in with what it leads to, weighed on its own words (leadIns)', () => {
    expect(leadIns(['On a tie:', 'Most books wins.', 'Then most hearts.'])).toEqual([
      'On a tie: Most books wins. Then most hearts.',
      'Most books wins.',
      'Then most hearts.',
    ]);
    expect(leadIns(['No lead-in.', 'Next.'])).toEqual(['No lead-in.', 'Next.']);
    // Joined until the text reaches leadInLength characters: 'Steps: ' and 193 more make 200, and no more is added.
    const long = 'x'.repeat(SEARCH.leadInLength - 7);
    expect(leadIns(['Steps:', long, 'Last.'])).toEqual([`Steps: ${long}`, long, 'Last.']);
    const list = entrySentences('About ties.', 'If players tie on score:\nThe most books wins.');
    expect(bestSentence(list, termsOf('tie', 'score'), [1, 1], 2).text).toBe('If players tie on score: The most books wins.');
    // The led-to words do not lift the lead-in.
    expect(list[1]!.words).not.toContain('book');
  });

  it('for a yes/no question, prefers a sentence that says yes or no', () => {
    const list = entrySentences('Gear is bought at the market.', 'Buy gear with coins at the market.\nYou may buy copies of gear you own.');
    const q = termsOf('buy', 'gear');
    expect(bestSentence(list, q, [1, 1], 2, false, -1, false).text).toBe('Buy gear with coins at the market.');
    expect(bestSentence(list, q, [1, 1], 2, false, -1, true).text).toBe('You may buy copies of gear you own.');
    expect(SEARCH.verdictSentenceFactor).toBe(1.35);
  });
  it('gathers what the answer stage knows of a query (answerQuery)', () => {
    const terms = { wordTerms: termsOf('coin'), wordWeight: [1], totalWeight: 1 };
    expect(answerQuery('can i keep 3 coins', terms, 0)).toEqual({ ...terms, asksNumber: true, yesNo: true, head: 0 });
    expect(answerQuery('what are coins for', terms, -1)).toEqual({ ...terms, asksNumber: false, yesNo: false, head: -1 });
  });
  it('reads a yes/no question from its first word (asksYesNo)', () => {
    for (const q of [
      'can i move diagonally',
      'Do farms need a worker',
      'is there a limit',
      'does armor stack',
      'are champions used',
      '  can i pass',
    ])
      expect(asksYesNo(q), q).toBe(true);
    for (const q of ['how do i forge', 'what can i build', 'candle', 'island', 'dome', 'scan the map']) expect(asksYesNo(q), q).toBe(false);
  });
});

describe('a lookup that names the thing, and number words', () => {
  it('reads a lookup that only names the title, asking no number (namesOnly)', () => {
    const title = indexWords('Warp Stone');
    expect(namesOnly(title, { wordTerms: termsOf('warp', 'stone'), asksNumber: false })).toBe(true);
    expect(namesOnly(title, { wordTerms: termsOf('stone'), asksNumber: false })).toBe(true);
    expect(namesOnly(title, { wordTerms: termsOf('warp', 'limit'), asksNumber: false })).toBe(false);
    expect(namesOnly(title, { wordTerms: termsOf('warp', 'stone'), asksNumber: true })).toBe(false);
    expect(namesOnly(title, { wordTerms: [], asksNumber: false })).toBe(false);
  });
  it('counts a number word as a number for a lookup asking one', () => {
    const list = entrySentences('About recruiting.', 'To recruit has a cost in coins.\nPay double the cost to recruit.');
    expect(bestSentence(list, termsOf('recruit', 'cost'), [1, 1], 2, true).text).toBe('Pay double the cost to recruit.');
  });
});
