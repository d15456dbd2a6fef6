/**
 * Snippet layout (src/lib/search/snippet.ts): which passage of a text a result shows, where it is cut, which words are
 * marked, and what the first result's answer card and the other results show.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH } from '../../src/lib/search/config';
import { leadSnippet, resultSnippet, snippet, type SnippetPart } from '../../src/lib/search/snippet';
import type { SearchResult } from '../../src/lib/search/types';

const joined = (parts: readonly SnippetPart[]) => parts.map((p) => p.text).join('');
const hits = (parts: readonly SnippetPart[]) => parts.filter((p) => p.hit).map((p) => p.text);

describe('snippet: marks', () => {
  it('splits the text into plain and marked parts, any case, and reads every run of spaces as one', () => {
    expect(snippet('Keep your WOOD dry.\nWood  rots.', ['wood'])).toEqual([
      { text: 'Keep your ', hit: false },
      { text: 'WOOD', hit: true },
      { text: ' dry. ', hit: false },
      { text: 'Wood', hit: true },
      { text: ' rots.', hit: false },
    ]);
  });
  it('ends with the last mark when the text does', () => {
    expect(snippet('Keep WOOD', ['wood'])).toEqual([
      { text: 'Keep ', hit: false },
      { text: 'WOOD', hit: true },
    ]);
  });
  it('marks a word that a matched stem of 3 letters or more begins, never by a shorter one', () => {
    expect(hits(snippet('Villagers live in rows.', ['vil']))).toEqual(['Villagers']);
    expect(snippet('Villagers live in rows.', ['ro'])).toEqual([]);
    expect(hits(snippet('Villagers hold rows.', ['vil', 'hold']))).toEqual(['Villagers', 'hold']);
    // A stem is the start of a word, not its end.
    expect(snippet('Revil the pot.', ['vil'])).toEqual([]);
  });
  it('marks accented and apostrophe words by their plain form', () => {
    expect(hits(snippet("Qu'ara and Émile meet.", ['emil']))).toEqual(['Émile']);
  });
  it('returns nothing for an empty text, no matched words, or no word of the text matched', () => {
    expect(snippet('', ['wood'])).toEqual([]);
    expect(snippet('Wood rots.', [])).toEqual([]);
    expect(snippet('Wood rots.', ['stone'])).toEqual([]);
  });
});

describe('snippet: the passage', () => {
  // 'Retreat'0-6 ' '7 'costs'8-12 ' '13 '1'14 ' '15 'heart'16-20 ' '21 'and'22-24 ' '25 'ends'26-29 ' '30 'your'…
  const text = 'Retreat costs 1 heart and ends your turn at once, with no reward of any kind.';
  it('is read from the start and cut after the last whole word within the width, with a mark that it goes on', () => {
    expect(snippet(text, ['retreat'], 30)).toEqual([
      { text: 'Retreat', hit: true },
      { text: ' costs 1 heart and ends', hit: false },
      { text: ' …', hit: false },
    ]);
    expect(joined(snippet(text, ['retreat'], 28))).toBe('Retreat costs 1 heart and …');
    // A mark that ends where the passage is cut is still shown, and marked.
    expect(snippet(text, ['retreat', 'end'], 30)).toEqual([
      { text: 'Retreat', hit: true },
      { text: ' costs 1 heart and ', hit: false },
      { text: 'ends', hit: true },
      { text: ' …', hit: false },
    ]);
  });
  it('is the whole text, with no mark, when the text fits the width', () => {
    expect(joined(snippet(text, ['retreat'], text.length))).toBe(text);
  });
  it('holds the window with the most marks; of windows alike, the first', () => {
    const far = `Retreat now. ${'Filler words that say nothing at all. '.repeat(4)}Lose a heart.`;
    const first = joined(snippet(far, ['retreat', 'heart'], 40));
    expect(first.startsWith('Retreat now.')).toBe(true);
    expect(first).not.toContain('heart');
    const cluster = `Retreat now. ${'Filler words that say nothing at all. '.repeat(4)}Lose a heart, a heart and a heart.`;
    const most = snippet(cluster, ['retreat', 'heart'], 40);
    expect(hits(most)).toEqual(['heart', 'heart', 'heart']);
    expect(joined(most).startsWith('… ')).toBe(true);
  });
  it('starts back at its sentence when the sentence is near and the passage still fits', () => {
    const two = 'A first sentence that runs long enough to matter here. Then retreat at once.';
    expect(joined(snippet(two, ['retreat'], 30))).toBe('… Then retreat at once.');
  });
  it('starts at its sentence even with no space after the full stop', () => {
    expect(snippet(`${'x'.repeat(50)}.Retreat`, ['retreat'], 20)).toEqual([
      { text: '… ', hit: false },
      { text: 'Retreat', hit: true },
    ]);
  });
  it('does not start back at its sentence when that would push its marks out of the width', () => {
    // The full stop is 67 characters before the mark: from there, 60 characters would not reach it.
    const text = `It is so. ${'word '.repeat(12)}then retreat now.`;
    const shown = joined(snippet(text, ['retreat'], 60));
    expect(shown).toContain('retreat');
    expect(shown.startsWith('… ')).toBe(true);
    expect(shown).not.toContain('It is so');
  });
  it('does not start back at a sentence more than 40 characters before its window', () => {
    const text = `${'word '.repeat(20)}end. ${'word '.repeat(29)}retreat.`;
    const shown = joined(snippet(text, ['retreat'], 200));
    expect(shown.endsWith('retreat.')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(2 + 40 + 'retreat.'.length);
    expect(shown.startsWith('… word')).toBe(true);
  });
  it('starts at a word, 40 characters before its first mark, when its sentence began further back', () => {
    const one = `In this long sentence ${'the words go on and on '.repeat(4)}until you retreat.`;
    const shown = joined(snippet(one, ['retreat'], 60));
    expect(shown.endsWith('until you retreat.')).toBe(true);
    expect(shown).toMatch(/^… [a-z]/);
    // From the first word after the cut: never half a word.
    const from = shown.slice(2);
    expect(one.includes(` ${from}`)).toBe(true);
    expect(from.length).toBeLessThanOrEqual(60);
  });
});

describe('snippet', () => {
  it('marks the matched words and keeps markup in the text as text', () => {
    const parts = snippet('Roll <b>2 dice</b> and retreat if you lose.', ['retreat']);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['retreat']);
    expect(parts.map((p) => p.text).join('')).toContain('<b>2 dice</b>');
  });
  it('returns nothing when nothing matches', () => {
    expect(snippet('Roll 2 dice.', ['retreat'])).toEqual([]);
  });
  it('shows a sentence from its start when its matched words fit the width, and cuts before them when they do not', () => {
    const text = `Once per turn, as a bonus action, hand in 3 of one attribute for its tile, which counts as 2 cards toward mastery.`;
    expect(
      snippet(text, ['mastery'], 180)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    const long = `${'Setup words here. '.repeat(12)}Then the last words say retreat.`;
    const cut = snippet(long, ['retreat'], 60)
      .map((p) => p.text)
      .join('');
    expect(cut.startsWith('… ')).toBe(true);
    expect(cut).toContain('retreat');
    // The window with most hits decides: all of them must fit from the start to start there.
    const spread = 'Once every player has passed, all collect goods and coins and move the season marker; hearts do not refill.';
    const shown = snippet(spread, ['season', 'heart', 'refill'], 90)
      .map((p) => p.text)
      .join('');
    expect(shown).toContain('season');
    expect(shown).toContain('refill');
  });
});

describe('resultSnippet', () => {
  const result = (over: Partial<SearchResult>): SearchResult => ({
    url: '/g/metal-hound/',
    title: 'Metal Hound',
    game: 'g',
    gameTitle: 'G',
    summary: 'Once per season, 3 mana lets you claim any search token.',
    score: 1,
    matched: ['hound'],
    ...over,
  });
  it('shows the summary when the answer sentence holds none of the matched words', () => {
    expect(joined(resultSnippet(result({ matched: ['mana'], answer: 'Nothing of it here.' }), () => ''))).toBe(result({}).summary);
  });
  it('cuts the summary at the width only when it is longer', () => {
    const summary = 'x'.repeat(10) + ' mana ' + 'y'.repeat(24);
    expect(summary.length).toBe(40);
    expect(joined(resultSnippet(result({ matched: ['mana'], summary }), () => '', 40))).toBe(summary);
    expect(joined(resultSnippet(result({ matched: ['mana'], summary: `${summary} z` }), () => '', 40))).toBe(`${summary} …`);
    expect(joined(resultSnippet(result({ matched: ['mana'], summary: `${summary}z` }), () => '', 40))).toBe(`${'x'.repeat(10)} mana …`);
  });
  it('shows the summary unmarked when only the title holds the words, and when nothing does', () => {
    const plain = [{ text: result({}).summary, hit: false }];
    expect(resultSnippet(result({}), () => 'No word of it.')).toEqual(plain);
    expect(resultSnippet(result({ matched: ['stone'] }), () => 'No word of it.')).toEqual(plain);
  });
  const text = (r: SearchResult, body: string) =>
    resultSnippet(r, () => body)
      .map((p) => p.text)
      .join('');
  it("shows the summary when the title holds the query's words, not a body line that mentions them", () => {
    expect(text(result({}), 'The rules do not say whether the Hound uses your action.')).toBe(
      'Once per season, 3 mana lets you claim any search token.',
    );
  });
  it('shows the passage of the body that holds the words when neither title nor summary does', () => {
    expect(text(result({ title: 'Artifacts' }), 'The rules do not say whether the Hound uses your action.')).toBe(
      'The rules do not say whether the Hound uses your action.',
    );
  });
  it('reads the summary from its start, cut at the width, even when its matched word comes late', () => {
    const summary = `Write down each player's points after every chapter; ${'and more words '.repeat(12)}the campaign ends.`;
    const shown = text(result({ title: 'Sheet', summary, matched: ['campaign'] }), '');
    expect(shown.startsWith("Write down each player's points")).toBe(true);
    expect(shown.endsWith(' …')).toBe(true);
  });
  it('shows the answer sentence first', () => {
    expect(text(result({ answer: 'The Hound costs 3 mana.' }), '')).toBe('The Hound costs 3 mana.');
  });
});

describe('leadSnippet (the first result: its answer card)', () => {
  const result = (over: Partial<SearchResult>): SearchResult => ({
    url: '/g/storage/',
    title: 'Storage',
    game: 'g',
    gameTitle: 'G',
    summary: 'You can store 4 of each resource, plus 2 per Depot.',
    score: 1,
    matched: ['store', 'wood'],
    ...over,
  });
  const card = (r: SearchResult, body = 'Body text about wood.') => leadSnippet(r, () => body);
  const text = (r: SearchResult) =>
    card(r)
      .map((p) => p.text)
      .join('');
  it('shows the summary, then the answer sentence the summary does not hold, their matched words marked', () => {
    const r = result({ answer: 'Any wood you gain beyond the maximum is lost.' });
    expect(text(r)).toBe('You can store 4 of each resource, plus 2 per Depot. Any wood you gain beyond the maximum is lost.');
    expect(
      card(r)
        .filter((p) => p.hit)
        .map((p) => p.text),
    ).toEqual(['store', 'wood']);
  });
  it("is any result's snippet, at the card's width, when there is no other sentence or it holds the summary", () => {
    for (const answer of [undefined, 'You can store 4 of each resource, plus 2 per Depot. And more.']) {
      const r = result(answer ? { answer } : {});
      expect(card(r)).toEqual(resultSnippet(r, () => 'Body text about wood.', SEARCH.leadCardLength));
    }
  });
  it('shows the whole summary when the answer is a clause of it, never the clause alone', () => {
    const summary = 'Face-up trigger cards are the active end conditions; once one is met, the next round is the last.';
    const r = result({ summary, matched: ['trigger'], answer: 'Face-up trigger cards are the active end conditions;' });
    expect(text(r)).toBe(summary);
    expect(
      resultSnippet(r, () => '')
        .map((p) => p.text)
        .join(''),
    ).toBe('Face-up trigger cards are the active end conditions;');
  });
  it(`shows a summary whole up to ${SEARCH.leadCardLength} characters, where other results cut it at 180`, () => {
    const summary = `You can store 4 of each resource, plus 2 per Depot; ${'more words '.repeat(16)}and that is all.`;
    expect(summary.length).toBeGreaterThan(180);
    expect(summary.length).toBeLessThanOrEqual(SEARCH.leadCardLength);
    expect(text(result({ summary }))).toBe(summary);
    expect(
      resultSnippet(result({ summary }), () => '')
        .map((p) => p.text)
        .join(''),
    ).toContain(' …');
  });
  it(`is any result's snippet when the two would pass ${SEARCH.leadCardLength} characters`, () => {
    const fits = 'x'.repeat(SEARCH.leadCardLength - 1 - 51);
    const summary = 'You can store 4 of each resource, plus 2 per Depot.';
    expect(summary.length).toBe(51);
    expect(text(result({ answer: `${fits}` }))).toBe(`${summary} ${fits}`);
    const r = result({ answer: `${fits}y` });
    expect(card(r)).toEqual(resultSnippet(r, () => 'Body text about wood.', SEARCH.leadCardLength));
  });
  it('shows a sentence with no matched word as plain text', () => {
    expect(card(result({ matched: ['wood'], answer: 'Extra wood is lost.' }))).toEqual([
      { text: 'You can store 4 of each resource, plus 2 per Depot.', hit: false },
      { text: ' ', hit: false },
      { text: 'Extra ', hit: false },
      { text: 'wood', hit: true },
      { text: ' is lost.', hit: false },
    ]);
  });
  it(`shows a summary that holds the answer whole up to ${SEARCH.leadCardLength} characters, and beyond that the answer`, () => {
    const clause = 'Face-up trigger cards end the game;';
    const fits = `${clause} ${'w'.repeat(SEARCH.leadCardLength - clause.length - 2)}.`;
    expect(fits.length).toBe(SEARCH.leadCardLength);
    expect(text(result({ summary: fits, answer: clause, matched: ['trigger'] }))).toBe(fits);
    const over = `${fits.slice(0, -1)}w.`;
    expect(text(result({ summary: over, answer: clause, matched: ['trigger'] }))).toBe(clause);
  });
});
