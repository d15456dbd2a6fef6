import { describe, expect, it } from 'vitest';
import { buildTermIndex, letterOf, sortKey } from '../../src/lib/terms';

describe('term index', () => {
  it('files labels by letter, ignoring a leading article and symbols', () => {
    expect(sortKey('The Monument')).toBe('monument');
    expect(letterOf('The Monument')).toBe('M');
    expect(letterOf('∇ Overworld passage')).toBe('O');
    expect(letterOf('2A')).toBe('#');
  });
  it('lists titles, terms and aliases once each, sorted', () => {
    const groups = buildTermIndex([
      { slug: 'pass', title: 'Pass', terms: ['Pass'], aliases: ['passing', 'done'] },
      { slug: 'seasons', title: 'Seasons', terms: [], aliases: ['rounds'] },
    ]);
    expect(groups.map((g) => g.letter)).toEqual(['D', 'P', 'R', 'S']);
    expect(groups.find((g) => g.letter === 'P')!.items.map((i) => i.label)).toEqual(['Pass', 'passing']);
  });
});
