// @vitest-environment happy-dom
/**
 * Rulings (src/client/rulings.ts) in a DOM: the link's base64url form, the "Your table plays" line, and the rule
 * page showing each ruling above its note. Written against the survivors of `npm run test:mutation`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteKey as rulingKey } from '../../src/client/storage';
import { rulingLine, showRulings } from '../../src/client/rulings';
import { decodeRulings, encodeRulings } from '../../src/client/rulings-link';
import { writeRulings, type Ruling } from '../../src/client/saved-rulings';

/** Rulings whose JSON's standard base64 holds "+", "/" and "=" padding (checked below). */
const awkward: Record<string, Ruling> = { 'a#b': { text: '???>>>' } };

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  delete document.body.dataset.game;
});

describe('rulings link form', () => {
  it('writes base64url: "-" for "+", "_" for "/", no padding', () => {
    const standard = btoa(JSON.stringify(awkward));
    expect(standard).toMatch(/\+/);
    expect(standard).toMatch(/\//);
    expect(standard).toMatch(/=$/);
    const link = encodeRulings(awkward);
    expect(link).toBe(standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
    expect(link).not.toMatch(/[+/=]/);
  });
  it('reads base64url back, "-" and "_" included', () => {
    const link = encodeRulings(awkward);
    expect(link).toMatch(/-/);
    expect(link).toMatch(/_/);
    expect(decodeRulings(link)).toEqual(awkward);
  });
  it('keeps text in any script through the bytes (UTF-8)', () => {
    const r = { 'x#y': { text: 'Ÿÿ — “online” 6 / 7', reading: 2 } };
    expect(decodeRulings(encodeRulings(r))).toEqual(r);
  });
  it('says undefined, without throwing, for text that is not base64 or not JSON', () => {
    expect(decodeRulings('%%%')).toBeUndefined();
    expect(decodeRulings(btoa('not json'))).toBeUndefined();
  });
});

describe('rulings on a rule page', () => {
  it('keys a ruling by entry slug and note id', () => {
    expect(rulingKey('pass', 'timing')).toBe('pass#timing');
  });
  it('builds the "Your table plays" line as text, never markup', () => {
    const p = rulingLine({ text: '<b>we</b> pass first' });
    expect(p.tagName).toBe('P');
    expect(p.className).toBe('ruling');
    expect(p.querySelector('strong')?.textContent).toBe('Your table plays: ');
    expect(p.textContent).toBe('Your table plays: <b>we</b> pass first');
    expect(p.querySelector('b')).toBeNull();
  });
  it("shows the game's ruling above the note it answers, and nothing above the others", () => {
    document.body.dataset.game = 'g';
    document.body.innerHTML =
      '<article class="entry" data-slug="pass"><div class="prose">' +
      '<aside data-unclear="timing">Timing note</aside><aside data-unclear="other">Other note</aside></div></article>';
    writeRulings('g', { 'pass#timing': { text: 'before the draw' }, 'other-entry#other': { text: 'not this page' } });
    writeRulings('h', { 'pass#other': { text: "another game's ruling" } });
    showRulings();
    const lines = [...document.querySelectorAll('p.ruling')];
    expect(lines.map((p) => p.textContent)).toEqual(['Your table plays: before the draw']);
    expect(lines[0]!.nextElementSibling?.getAttribute('data-unclear')).toBe('timing');
  });
  it('draws the rulings again, in place of the old lines, when the page comes back from the back/forward cache', () => {
    document.body.dataset.game = 'g';
    document.body.innerHTML =
      '<article class="entry" data-slug="pass"><div class="prose"><aside data-unclear="timing">Timing note</aside></div></article>';
    writeRulings('g', { 'pass#timing': { text: 'before the draw' } });
    showRulings();
    writeRulings('g', { 'pass#timing': { text: 'after the draw' } });
    document.dispatchEvent(new Event('rules:restored'));
    expect([...document.querySelectorAll('p.ruling')].map((p) => p.textContent)).toEqual(['Your table plays: after the draw']);
  });
  it('does nothing without a game or an entry', () => {
    const page = '<article class="entry" data-slug="pass"><div class="prose"><aside data-unclear="timing">n</aside></div></article>';
    writeRulings('g', { 'pass#timing': { text: 'x' } });
    // What a page without a game or an entry would find if it looked under a missing name: never shown.
    writeRulings('undefined', { 'pass#timing': { text: 'x' } });
    writeRulings('g', { 'pass#timing': { text: 'x' }, 'undefined#timing': { text: 'x' } });
    // No game.
    document.body.innerHTML = page;
    delete document.body.dataset.game;
    showRulings();
    // No entry.
    document.body.dataset.game = 'g';
    document.body.innerHTML = page.replace('class="entry"', 'class="other"');
    showRulings();
    expect(document.querySelectorAll('p.ruling')).toHaveLength(0);
    // Both: shown (the same page is not inert).
    document.body.innerHTML = page;
    showRulings();
    expect(document.querySelectorAll('p.ruling')).toHaveLength(1);
  });
});
