/**
 * The unclear-rules page's logic apart from the DOM (src/lib/unclear-rulings.ts): which rulings belong to the page,
 * the count lines, the rulings link's fragment, and what a link's rulings would replace.
 */
import { describe, expect, it } from 'vitest';
import {
  RULINGS_HASH,
  counted,
  filterStatus,
  rulingsData,
  rulingsLink,
  rulingsOffer,
  rulingsOnPage,
  rulingsSaved,
  rulingsStatus,
} from '../../src/lib/unclear-rulings';

describe('rulingsOnPage', () => {
  it("keeps the rulings on the page's notes, in their order, and leaves the others out", () => {
    const rulings = { 'b#x': { text: 'B' }, 'gone#y': { text: 'removed note' }, 'a#x': { text: 'A' } };
    const on = rulingsOnPage(rulings, new Set(['a#x', 'b#x', 'c#x']));
    expect(on).toEqual({ 'b#x': { text: 'B' }, 'a#x': { text: 'A' } });
    expect(Object.keys(on)).toEqual(['b#x', 'a#x']);
    expect(rulings).toHaveProperty('gone#y'); // the input is left as it was
    expect(rulingsOnPage(rulings, new Set())).toEqual({});
  });
  it('never reads a key off Object.prototype', () => {
    const on = rulingsOnPage({ constructor: { text: 'x' } } as Record<string, { text: string }>, new Set(['a#b']));
    expect(on).toEqual({});
  });
});

describe('count lines', () => {
  it('counts with the noun singular for 1 only', () => {
    expect(counted(0, 'point')).toBe('0 points');
    expect(counted(1, 'point')).toBe('1 point');
    expect(counted(2, 'ruling')).toBe('2 rulings');
  });
  it('says how many points the table has ruled on, or that it has ruled on none', () => {
    expect(rulingsStatus(0, 12)).toBe('No ruling recorded yet (12 points).');
    expect(rulingsStatus(0, 1)).toBe('No ruling recorded yet (1 point).');
    expect(rulingsStatus(1, 12)).toBe('Your table has ruled on 1 of 12 points.');
    expect(rulingsStatus(12, 12)).toBe('Your table has ruled on 12 of 12 points.');
  });
  it('says how many points match the filter, in plain English', () => {
    expect(filterStatus(0)).toBe('No point matches.');
    expect(filterStatus(1)).toBe('1 point matches.');
    expect(filterStatus(3)).toBe('3 points match.');
  });
  it('says how many rulings a link saved', () => {
    expect(rulingsSaved(1)).toBe('1 ruling saved');
    expect(rulingsSaved(4)).toBe('4 rulings saved');
  });
});

describe('the rulings link', () => {
  it('puts the data after #rulings= and reads it back', () => {
    expect(RULINGS_HASH).toBe('#rulings=');
    const link = rulingsLink('https://example.org/pencilvillage/unclear/', 'eyJhIjoxfQ');
    expect(link).toBe('https://example.org/pencilvillage/unclear/#rulings=eyJhIjoxfQ');
    expect(rulingsData(new URL(link).hash)).toBe('eyJhIjoxfQ');
  });
  it('finds no data in another fragment, and empty data in a bare #rulings=', () => {
    expect(rulingsData('')).toBeUndefined();
    expect(rulingsData('#pass--timing')).toBeUndefined();
    expect(rulingsData('#x#rulings=abc')).toBeUndefined();
    expect(rulingsData('#rulings=')).toBe('');
  });
});

describe('rulingsOffer', () => {
  const incoming = { 'a#x': { text: 'same' }, 'b#x': { text: 'theirs' }, 'c#x': { text: 'new' } };
  it('replaces only the rulings the reader has on the same notes with other text', () => {
    const offer = rulingsOffer(incoming, { 'a#x': { text: 'same' }, 'b#x': { text: 'ours' }, 'd#x': { text: 'kept' } });
    expect(offer.keys).toEqual(['a#x', 'b#x', 'c#x']);
    expect(offer.replaced).toBe(1);
    expect(offer.summary).toBe('This link holds 3 rulings. Using them replaces 1 of yours; your other rulings stay.');
  });
  it("says the reader's own stay when none is replaced", () => {
    const one = rulingsOffer({ 'a#x': { text: 'same' } }, { 'a#x': { text: 'same' } });
    expect(one).toEqual({ keys: ['a#x'], replaced: 0, summary: 'This link holds 1 ruling. Your own rulings stay.' });
    expect(rulingsOffer(incoming, {}).replaced).toBe(0);
  });
  it('counts every replaced ruling, and reads own keys only (a null-prototype store included)', () => {
    const current = Object.assign(Object.create(null) as Record<string, { text: string }>, {
      'a#x': { text: '1' },
      'b#x': { text: '2' },
      'c#x': { text: '3' },
    });
    expect(rulingsOffer(incoming, current).replaced).toBe(3);
    const proto = rulingsOffer({ toString: { text: 'x' } } as Record<string, { text: string }>, {});
    expect(proto.replaced).toBe(0);
  });
  it('offers nothing for no rulings', () => {
    expect(rulingsOffer({}, { 'a#x': { text: 'ours' } })).toEqual({
      keys: [],
      replaced: 0,
      summary: 'This link holds 0 rulings. Your own rulings stay.',
    });
  });
});
