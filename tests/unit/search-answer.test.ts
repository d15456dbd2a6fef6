/**
 * Answer sentences (src/lib/search/answer.ts): the sentence shown under a result, and the number-noun pairs that
 * lift entries holding the number the query asks beside its noun.
 */
import { describe, expect, it } from 'vitest';
import { asksForNumber, bestSentence, entrySentences, numberNeighbours, numberPairShare } from '../../src/lib/search/answer';
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

describe('asksForNumber', () => {
  it('reads how many, how much, cost and digits', () => {
    const asking = ['how many coins', 'How much gold', 'what does a mill cost', 'event roll 12'];
    expect(asking.map(asksForNumber)).toEqual([true, true, true, true]);
    expect(asksForNumber('what is a mill')).toBe(false);
  });
});
