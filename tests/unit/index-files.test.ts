/** A game's search index as two files (src/lib/search/index-files.ts): split for the site, joined in the browser. */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { buildSearchIndexes, searchDoc } from '../../src/lib/search/build-index';
import { checkText, joinIndex, rankIndex, splitIndex } from '../../src/lib/search/index-files';
import { Searcher } from '../../src/lib/search/query';

const cat = loadCatalogue();
const game = cat.games.find((g) => g.id === 'now-or-never')!;
const other = cat.games.find((g) => g.id === 'forge-war')!;
const indexes = buildSearchIndexes(
  cat.games.flatMap((g) => cat.entries.filter((e) => e.game === g.id).map((e) => searchDoc(g, e.slug, e.data, e.body))),
  cat.games,
);
const index = indexes.get(game.id)!;

describe('index files', () => {
  it('keeps every summary and body out of the ranking half and joins back to the same index', () => {
    const { rank, text } = splitIndex(index);
    expect(rank.docs.every((d) => d[3] === '' && d[4] === '')).toBe(true);
    expect(text.summaries).toHaveLength(index.docs.length);
    expect(text.bodies).toHaveLength(index.docs.length);
    expect(JSON.stringify(rank).length).toBeLessThan(JSON.stringify(index).length * 0.7);
    expect(joinIndex(rank, text)).toEqual(index);
    // Doc numbers as gaps: the second doc of a list is smaller in the file whenever the first is not 0.
    const w = index.postings.findIndex((l) => l.length >= 4 && l[0]! > 0);
    expect(rank.postings[w]![2]).toBe(index.postings[w]![2]! - index.postings[w]![0]!);
  });
  it('gives the same results and answer sentences from the joined index', () => {
    const { rank, text } = splitIndex(index);
    const a = new Searcher(index).search('how many coins do we start with');
    const b = new Searcher(joinIndex(JSON.parse(JSON.stringify(rank)), JSON.parse(JSON.stringify(text)))).search(
      'how many coins do we start with',
    );
    expect(b).toEqual(a);
    expect(b[0]!.answer).toMatch(/\d/);
  });
  it('ranks from the ranking half alone as from the whole index: the text only adds summaries, answers and snippets', () => {
    const { rank, text } = splitIndex(index);
    const alone = new Searcher(rankIndex(JSON.parse(JSON.stringify(rank))));
    const whole = new Searcher(index);
    // Number-noun pairs rank by the numbers the index carries; without them, by the text (a hand-made index): the same.
    const { numbers: _n, ...withoutNumbers } = index;
    const fromText = new Searcher(withoutNumbers);
    const urls = (s: Searcher, q: string) => s.search(q).map((r) => r.url);
    const queries = ['lose 5 hearts get 5 coins', '17 coins', 'how many coins do we start with', 'roll a 6', 'retreat', 'warp stone'];
    const before = queries.map((q) => urls(alone, q));
    for (const [i, q] of queries.entries()) {
      expect(before[i], q).toEqual(urls(whole, q));
      expect(before[i], q).toEqual(urls(fromText, q));
    }
    expect(alone.search('how many coins do we start with')[0]!.answer).toBeUndefined();
    checkText(rank, text);
    alone.addText(text.summaries, text.bodies, text);
    for (const q of queries) expect(alone.search(q), q).toEqual(whole.search(q));
    expect(before[0]).toEqual(urls(alone, queries[0]!));
    expect(alone.search('how many coins do we start with')[0]!.answer).toMatch(/\d/);
    expect(index.numbers!.some((d) => d.length > 0)).toBe(true);
  });
  it('refuses the text of another build or another game, naming what differs', () => {
    const { rank, text } = splitIndex(index);
    const edited = { ...text, bodies: text.bodies.map((b, i) => (i === 3 ? `${b} More.` : b)) };
    expect(() =>
      joinIndex(
        rank,
        splitIndex({ ...index, docs: index.docs.map((d, i) => (i === 3 ? [d[0], d[1], d[2], d[3], `${d[4]} More.`] : d)) }).text,
      ),
    ).toThrow(/different builds/);
    expect(() => joinIndex(rank, splitIndex(indexes.get(other.id)!).text)).toThrow(/different builds/);
    expect(() => joinIndex(rank, { ...edited, key: rank.textKey, bodies: text.bodies.slice(1) })).toThrow(/bodies for/);
    expect(() => joinIndex(rank, { ...text, version: 1 as 2 })).toThrow(/version/);
  });
});
