import { describe, expect, it } from 'vitest';
import { buildTermIndex, letterOf, sortKey } from '../../src/lib/terms';

describe('term index', () => {
  it('files labels by letter, ignoring a leading article and symbols', () => {
    expect(sortKey('The Monument')).toBe('monument');
    expect(letterOf('The Monument')).toBe('M');
    expect(letterOf('∇ Overworld passage')).toBe('O');
    expect(letterOf('2A')).toBe('#');
  });
  it('lists titles and printed terms once each, sorted', () => {
    const groups = buildTermIndex([
      { slug: 'pass', title: 'Pass', terms: ['Pass', 'Passing'] },
      { slug: 'seasons', title: 'Seasons', terms: ['Autumn'] },
    ]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'P', 'S']);
    expect(groups.find((g) => g.letter === 'P')!.items.map((i) => i.label)).toEqual(['Pass', 'Passing']);
    expect(groups.find((g) => g.letter === 'A')!.items).toEqual([{ label: 'Autumn', slug: 'seasons', title: 'Seasons', kind: 'term' }]);
  });
  it('takes nothing but titles and terms: aliases and phrasings stay in search', () => {
    const entry = { slug: 'academy', title: 'Academy', terms: ['Academy'], aliases: ['acadamy'], asked: ['what is the academy for'] };
    const labels = buildTermIndex([entry]).flatMap((g) => g.items.map((i) => i.label));
    expect(labels).toEqual(['Academy']);
  });
});
