// @vitest-environment happy-dom
/**
 * Robust to any text: words that name Object.prototype members ("constructor", "__proto__", "toString",
 * "hasOwnProperty"), typed as queries, read from a URL as option values or a game id, stored as keys, or put in a
 * page's fragment, are plain words: nothing throws and nothing is read off a prototype.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { contentIndexes } from './content-indexes';
import { closestEntries } from '../../src/lib/search/closest';
import { Searcher, SearchSet, inSetup } from '../../src/lib/search/query';
import { parseSettings, serializeSettings } from '../../src/lib/options';
import { pickToken, whenCondition } from '../../src/lib/option-authoring';
import { lemma } from '../../src/lib/english';
import * as storage from '../../src/client/storage';
import * as savedRulings from '../../src/client/saved-rulings';
import * as savedSetup from '../../src/client/saved-setup';
import { startGamePage } from '../../src/client/game-page';

const PROTO_WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

const indexes = await contentIndexes();
const searchers = new Map([...indexes].map(([id, index]) => [id, new Searcher(index)]));
const all = new SearchSet(searchers);
const load = (id: string) => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const non = load('now-or-never');
const pv = load('pencilvillage');

describe('search: any word is a word', () => {
  it('answers every prototype word, alone, typed, completed and in a question, in every game and all games', () => {
    for (const word of PROTO_WORDS)
      for (const q of [word, `${word} `, word.slice(0, -2), `how do i ${word} a card`, `${word} ${word}`]) {
        expect(() => all.search(q), q).not.toThrow();
        for (const game of searchers.keys()) {
          const results = all.search(q, { game });
          expect(Array.isArray(results)).toBe(true);
          expect(results.every((r) => r.game === game && typeof r.title === 'string')).toBe(true);
        }
      }
  });
  it('still finds the rule when a prototype word stands beside real words', () => {
    const top = all.search('constructor warp stone', { game: 'now-or-never' })[0];
    expect(top?.url).toBe('/now-or-never/warp-stone/');
  });
  it('takes a prototype word as a game id or a setup key: no game, no setup, no error', () => {
    for (const word of PROTO_WORDS) {
      expect(all.search('pass', { game: word })).toEqual([]);
      expect(() => all.search('pass', { setups: {} })).not.toThrow();
      expect(inSetup({}, word, '')).toBe(false);
      expect(inSetup({}, word, 'x')).toBe(false);
    }
    expect(all.search('season end', { game: 'now-or-never', setups: JSON.parse('{"__proto__":{"solo":true}}') }).length).toBeGreaterThan(0);
  });
  it('gives the 404 page its closest entries for a prototype word as the missing slug', () => {
    for (const word of PROTO_WORDS) expect(() => closestEntries(all, `/now-or-never/${word}/`, [...searchers.keys()])).not.toThrow();
  });
});

describe('options: prototype words as ids and values', () => {
  it('ignores them in a URL and in stored JSON', () => {
    for (const word of PROTO_WORDS) {
      const query = new URLSearchParams(`solo=${word}&seasons=${word}&players=${word}&${word}=1&story=1`);
      expect(parseSettings(non, query)).toEqual({ story: true });
      expect(parseSettings(pv, new URLSearchParams(`character=${word}&mods=${word},tire`))).toEqual({ mods: ['tire'] });
      expect(parseSettings(non, JSON.parse(`{"${word}": {"solo": true}, "seasons": "${word}"}`))).toEqual({});
    }
    expect(parseSettings(non, JSON.parse('{"__proto__": {"solo": true}}'))).toEqual({});
    expect(serializeSettings(non, parseSettings(non, new URLSearchParams('constructor=1&solo=1')), ['solo'])).toBe('solo=1');
  });
  it('refuses them as <When> values and <Pick> keys, naming the problem', () => {
    const solo = non.options.find((o) => o.id === 'solo')!;
    const seasons = non.options.find((o) => o.id === 'seasons')!;
    for (const word of PROTO_WORDS) {
      expect(pickToken(solo, word).token).toBeUndefined();
      expect(pickToken(seasons, word).token).toBeUndefined();
      expect(whenCondition(non, 'seasons', word)).toMatch(/has no value/);
      expect(typeof whenCondition(non, word, true)).toBe('string');
    }
  });
  it('reads prototype words in content as words (consistency review)', () => {
    for (const word of PROTO_WORDS) expect(lemma(word)).toBe(word.toLowerCase());
  });
});

describe('storage: prototype words as stored keys', () => {
  it('keeps them as plain keys, never as the prototype', () => {
    localStorage.setItem('rules:options:now-or-never', '{"constructor":"x","toString":true,"__proto__":{"solo":true},"solo":true}');
    const setup = savedSetup.readSavedSetup('now-or-never');
    expect(setup.solo).toBe(true);
    expect(setup.toString).toBeUndefined(); // dropped (not an option id), and not Object.prototype's
    expect(Object.keys(setup).sort()).toEqual(['constructor', 'solo']);
    localStorage.setItem(
      'rules:rulings:now-or-never',
      JSON.stringify({ 'constructor#a': { text: 'Yes' }, '__proto__#b': { text: 'No' }, 'pass#c': { text: 'Ok' } }),
    );
    const rulings = savedRulings.readRulings('now-or-never');
    expect(Object.keys(rulings).sort()).toEqual(['constructor#a', 'pass#c']);
    for (const word of PROTO_WORDS) expect(rulings[word]).toBeUndefined();
    localStorage.setItem('rules:pins:now-or-never', JSON.stringify(PROTO_WORDS));
    expect(storage.readPins('now-or-never')).toEqual(['constructor', 'prototype']);
  });
});

describe('a game page fragment of any text', () => {
  it('opens nothing and throws nothing for a malformed escape or a prototype word', () => {
    document.body.innerHTML = '<div class="toc"><details id="combat"><summary>Combat</summary><ul><li>x</li></ul></details></div>';
    for (const hash of ['%E0%A4%A', '%', '%%41', 'constructor', '__proto__', 'toString', '%E0%A4%A8']) {
      (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`https://rules.example/now-or-never/#${hash}`);
      expect(() => startGamePage(), hash).not.toThrow();
    }
    (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL('https://rules.example/now-or-never/#combat');
    startGamePage();
    expect((document.getElementById('combat') as HTMLDetailsElement).open).toBe(true);
  });
});
