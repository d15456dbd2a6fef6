import { describe, expect, it } from 'vitest';
import { filterWords, matchesWords } from '../../src/lib/filter';

describe('filter boxes', () => {
  it('keeps an item whose text holds every typed word, anywhere in a word, whatever the case', () => {
    const words = filterWords('  Trav   COST ');
    expect(words).toEqual(['trav', 'cost']);
    expect(matchesWords('travel costs 1 coin', words)).toBe(true);
    expect(matchesWords('travel is free', words)).toBe(false);
    expect(matchesWords('anything', filterWords('   '))).toBe(true);
  });
});
