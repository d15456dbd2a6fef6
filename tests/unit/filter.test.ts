import { describe, expect, it } from 'vitest';
import { slipsToStart } from '../../src/lib/edit-distance';
import { comesClose, filterItems, filterWords, matchesWords, slipsAllowed } from '../../src/lib/filter';

describe('filter boxes', () => {
  it('keeps an item whose text holds every typed word, anywhere in a word, whatever the case', () => {
    const words = filterWords('  Trav   COST ');
    expect(words).toEqual(['trav', 'cost']);
    expect(matchesWords('travel costs 1 coin', words)).toBe(true);
    expect(matchesWords('travel is free', words)).toBe(false);
    expect(matchesWords('anything', filterWords('   '))).toBe(true);
  });
});

describe('a forgiving filter (the A-Z)', () => {
  const texts = ['conversion', 'conviction', 'academy', 'relic → relics', 'travel', 'tram line', '2a → actions'];
  const kept = (query: string, forgiving = true) => {
    const { keep, close } = filterItems(texts, query, forgiving);
    return { items: texts.filter((_, i) => keep[i]), close };
  };

  it('counts the slips between a typed word and the start of a word', () => {
    expect(slipsToStart('convrsion', 'conversion', 2)).toBe(1); // a letter left out
    expect(slipsToStart('acadamy', 'academy', 1)).toBe(1); // a wrong letter
    expect(slipsToStart('convicitno', 'conviction', 2)).toBe(2); // two neighbours swapped twice
    expect(slipsToStart('cnoversion', 'conversion', 2)).toBe(1); // one swap is one slip
    expect(slipsToStart('convr', 'conversion', 1)).toBe(1); // the reader stopped in the word
    expect(slipsToStart('conver', 'conversion', 1)).toBe(0);
    expect(slipsToStart('zzzzzz', 'conversion', 2)).toBe(3); // past `max`: max + 1
    expect(slipsToStart('relics', 'relic', 1)).toBe(1); // a letter too many
  });

  it('allows no slip in a short word, 1 up to 7 letters, 2 from 8', () => {
    expect([3, 4, 7, 8, 12].map((n) => slipsAllowed('x'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
  });

  it('keeps the matches as typed alone when there are any', () => {
    expect(kept('conv')).toEqual({ items: ['conversion', 'conviction'], close: false });
    expect(kept('tra')).toEqual({ items: ['travel', 'tram line'], close: false });
  });

  it('falls back to the items that come close: "convrsion" keeps Conversion', () => {
    expect(kept('convrsion')).toEqual({ items: ['conversion'], close: true });
    expect(kept('acadamy')).toEqual({ items: ['academy'], close: true });
    expect(kept('convicton')).toEqual({ items: ['conviction'], close: true });
    expect(kept('Relcis')).toEqual({ items: ['relic → relics'], close: true });
    // Every word must come close, each in its own way.
    expect(kept('tram lnie')).toEqual({ items: ['tram line'], close: true });
    expect(kept('trvel zzzzz').items).toEqual([]);
  });

  it('is exact for short words, for unforgiving filters, and when nothing is near', () => {
    expect(kept('2b')).toEqual({ items: [], close: false });
    expect(kept('convrsion', false)).toEqual({ items: [], close: false });
    expect(kept('qqqqqqq')).toEqual({ items: [], close: false });
    expect(kept('   ').items).toEqual(texts);
  });

  it('tells whether a text comes close to a word', () => {
    expect(comesClose('the conversion rule', 'convrsion')).toBe(true);
    expect(comesClose('the conversion rule', 'version')).toBe(true); // as typed, inside a word
    expect(comesClose('the conversion rule', 'vresion')).toBe(false); // slips count from a word's start only
    expect(comesClose('gold', 'gld')).toBe(false);
  });
});
