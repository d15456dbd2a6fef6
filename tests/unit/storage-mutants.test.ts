// @vitest-environment happy-dom
/**
 * What the app keeps in localStorage (src/client/storage.ts), at its limits: which keys, how many items, which
 * lengths and shapes are kept. Written against the survivors of `npm run test:mutation`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as storage from '../../src/client/storage';
import * as savedPrefs from '../../src/client/saved-prefs';
import * as savedProgress from '../../src/client/saved-progress';
import * as savedRulings from '../../src/client/saved-rulings';
import * as savedSetup from '../../src/client/saved-setup';
import type { OptionsGame } from '../../src/lib/options';

const game = {
  id: 'g',
  options: [
    { id: 'solo', label: 'Solo', type: 'boolean', offLabel: 'Multi', default: false },
    { id: 'n', label: 'N', type: 'choice', values: [{ value: '2', label: '2' }], default: '2' },
  ],
} as unknown as OptionsGame;
const put = (key: string, value: unknown) => localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
const item = (i: number) => ({ url: `/g/entry-${i}/`, title: `Entry ${i}`, game: 'G' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('saved options', () => {
  it("reads and writes a game's options under rules:options:<game>", () => {
    storage.writeSaved(game, { solo: true });
    expect(JSON.parse(localStorage.getItem('rules:options:g')!)).toEqual({ solo: true });
    put('rules:options:g', { solo: 'false', n: '2', x: 1 });
    expect(savedSetup.readSaved(game)).toEqual({ solo: false, n: '2' });
    expect(savedSetup.readSaved({ ...game, id: 'other' })).toEqual({});
  });
  it('reads a setup as plain values: slug ids, text up to 100 characters, lists up to 100 such texts', () => {
    put('rules:options:g', {
      solo: false,
      n: 'x'.repeat(100),
      long: 'x'.repeat(101),
      empty: '',
      'Bad-Id': true,
      'bad-': true,
      list: Array.from({ length: 100 }, () => 'a'),
      toolong: Array.from({ length: 101 }, () => 'a'),
      mixed: ['a', 1],
      emptyitem: ['a', ''],
      num: 3,
    });
    const setup = savedSetup.readSavedSetup('g');
    expect(Object.keys(setup).sort()).toEqual(['list', 'n', 'solo']);
    expect(setup.solo).toBe(false);
    expect(savedSetup.readSavedSetup('other')).toEqual({});
    put('rules:options:g', ['solo']);
    expect(savedSetup.readSavedSetup('g')).toEqual({});
    put('rules:options:g', '{broken');
    expect(savedSetup.readSavedSetup('g')).toEqual({});
  });
});

describe('recently viewed', () => {
  it('names the game being played: the game id of the rule page opened last, none before any', () => {
    expect(storage.playingGame()).toBeUndefined();
    storage.pushRecent({ url: '/pencilvillage/farm/', title: 'Farm', game: 'Pencilvillage' });
    storage.pushRecent({ url: '/forge-war/strikes/', title: 'Strikes', game: 'Forge War' });
    expect(storage.playingGame()).toBe('forge-war');
    storage.pushRecent({ url: '/pencilvillage/farm/', title: 'Farm', game: 'Pencilvillage' });
    expect(storage.playingGame()).toBe('pencilvillage');
  });
  it('keeps 8 entries, newest first, each once', () => {
    for (let i = 0; i < 10; i++) storage.pushRecent(item(i));
    expect(storage.readRecent().map((x) => x.title)).toEqual([9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Entry ${i}`));
    storage.pushRecent(item(5));
    expect(
      storage
        .readRecent()
        .map((x) => x.title)
        .slice(0, 3),
    ).toEqual(['Entry 5', 'Entry 9', 'Entry 8']);
    expect(storage.readRecent()).toHaveLength(8);
  });
  it('drops items that are no entry path or lack a title or game, and reads at most 8', () => {
    put('rules:recent', [
      { url: '/g/a/', title: 'A', game: 'G' },
      { url: '/g/a', title: 'no slash', game: 'G' },
      { url: 'https://x/g/a/', title: 'B', game: 'G' },
      { url: '/g/a/b/', title: 'deep', game: 'G' },
      { url: '/g/b/', title: '', game: 'G' },
      { url: '/g/c/', title: 'C' },
      { url: '/g/d/', title: 'x'.repeat(501), game: 'G' },
      'junk',
      ...Array.from({ length: 10 }, (_, i) => item(i)),
    ]);
    const got = storage.readRecent();
    expect(got[0]).toEqual({ url: '/g/a/', title: 'A', game: 'G' });
    expect(got).toHaveLength(8);
    expect(got.map((x) => x.title)).not.toContain('C');
    put('rules:recent', { url: '/g/a/' });
    expect(storage.readRecent()).toEqual([]);
  });
  it('keeps only items whose url is a whole entry path, from its first character to its last', () => {
    put('rules:recent', [
      { url: '/g/a/', title: 'A', game: 'G' },
      null,
      { url: 'x/g/b/', title: 'prefixed', game: 'G' },
      { url: '/g/c/d', title: 'suffixed', game: 'G' },
      { url: '/g/c/d/', title: 'deep', game: 'G' },
      { url: `/g/${'e'.repeat(600)}/`, title: 'too long', game: 'G' },
      { url: ['/g/f/'], title: 'a list', game: 'G' },
      { url: '/g/h/', title: 'H', game: 'G' },
    ]);
    expect(storage.readRecent().map((x) => x.title)).toEqual(['A', 'H']);
  });
  it('stores the list it shows: 8 items at most, the entry pushed again moved to the top, not repeated', () => {
    for (let i = 0; i < 10; i++) storage.pushRecent(item(i));
    storage.pushRecent(item(5));
    const stored = (JSON.parse(localStorage.getItem('rules:recent')!) as { title: string }[]).map((x) => x.title);
    expect(stored).toEqual([5, 9, 8, 7, 6, 4, 3, 2].map((i) => `Entry ${i}`));
    storage.pushRecent(item(10));
    expect(JSON.parse(localStorage.getItem('rules:recent')!)).toHaveLength(8);
  });
});

describe('preferences', () => {
  it('keeps only known themes and text sizes', () => {
    for (const textSize of ['small', 'large', 'larger'] as const) {
      savedPrefs.writePreferences({ theme: 'dark', textSize });
      expect(savedPrefs.readPreferences()).toEqual({ theme: 'dark', textSize });
    }
    put('rules:prefs', { theme: 'blue', textSize: 'huge' });
    expect(savedPrefs.readPreferences()).toEqual({});
    put('rules:prefs', { theme: 'light' });
    expect(savedPrefs.readPreferences()).toEqual({ theme: 'light' });
    expect(localStorage.getItem('rules:prefs')).toBe('{"theme":"light"}');
  });
  it("reads the first release's plain `theme` key only when there are no preferences", () => {
    localStorage.setItem('theme', 'light');
    expect(savedPrefs.readPreferences()).toEqual({ theme: 'light' });
    localStorage.setItem('theme', 'sepia');
    expect(savedPrefs.readPreferences()).toEqual({});
    localStorage.setItem('theme', 'dark');
    put('rules:prefs', { textSize: 'large' });
    expect(savedPrefs.readPreferences()).toEqual({ textSize: 'large' });
  });
});

describe('pins, ticks and rulings', () => {
  it('keeps up to 50 pins, slugs only, each once, in order', () => {
    storage.writePins('g', ['b', 'a', 'b']);
    expect(localStorage.getItem('rules:pins:g')).toBe('["b","a","b"]');
    expect(storage.readPins('g')).toEqual(['b', 'a']);
    put('rules:pins:g', ['ok-1', 'Bad', 'a--b', '-a', 'x'.repeat(101), 'y'.repeat(100), 5, '']);
    expect(storage.readPins('g')).toEqual(['ok-1', 'y'.repeat(100)]);
    put(
      'rules:pins:g',
      Array.from({ length: 60 }, (_, i) => `p${i}`),
    );
    expect(storage.readPins('g')).toHaveLength(50);
    expect(storage.readPins('other')).toEqual([]);
    put('rules:pins:g', { a: 1 });
    expect(storage.readPins('g')).toEqual([]);
  });
  it('keeps ticked steps with ids of up to 120 characters', () => {
    savedProgress.writeTicks('g', new Set(['setup-1', 'setup-2']));
    expect(localStorage.getItem('rules:guide:g')).toBe('["setup-1","setup-2"]');
    put('rules:guide:g', ['a-1', 'A', 'x'.repeat(121), 'y'.repeat(120), '', 3, 'a b']);
    expect([...savedProgress.readTicks('g')]).toEqual(['a-1', 'y'.repeat(120)]);
    put('rules:guide:g', 'a-1');
    expect(savedProgress.readTicks('g').size).toBe(0);
  });
  it('keeps rulings under <slug>#<id> with 1 to 300 characters of text, trimmed, and a reading index of 0 or more', () => {
    savedRulings.writeRulings('g', { 'a#b': { text: 'x' } });
    expect(localStorage.getItem('rules:rulings:g')).toBe('{"a#b":{"text":"x"}}');
    expect(
      savedRulings.cleanRulings({
        'a#b': { text: '  yes  ', reading: 0 },
        'a#c': { text: 'y'.repeat(300), reading: 1.5 },
        'a#d': { text: 'z', reading: -1 },
        'a#e': { text: 'z'.repeat(301) },
        'a#f': { text: '   ' },
        'a#g': { text: 5 },
        'a#h': 'text',
        'a#b#c': { text: 'x' },
        '#b': { text: 'x' },
        'a#': { text: 'x' },
        'A#b': { text: 'x' },
        'a#B': { text: 'x' },
        ab: { text: 'x' },
      }),
    ).toEqual({ 'a#b': { text: 'yes', reading: 0 }, 'a#c': { text: 'y'.repeat(300) }, 'a#d': { text: 'z' } });
    expect(savedRulings.cleanRulings([{ text: 'x' }])).toEqual({});
    expect(savedRulings.readRulings('other')).toEqual({});
  });
});

describe('storage check and failures', () => {
  it('tries a small write under rules:check and removes it', () => {
    const setItem = vi.spyOn(localStorage, 'setItem');
    expect(storage.checkStorage()).toBeUndefined();
    expect(setItem).toHaveBeenCalledWith('rules:check', '1');
    expect(localStorage.getItem('rules:check')).toBeNull();
  });
  it('says storage works again once a write works, whatever failed before', () => {
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('insecure', 'SecurityError');
    });
    expect(storage.checkStorage()).toBe('blocked');
    setItem.mockRestore();
    expect(storage.checkStorage()).toBeUndefined();
  });
  it("reads Firefox's quota error and the legacy quota code 22 as a full storage", () => {
    const fail = (e: DOMException) => {
      vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
        throw e;
      });
      const problem = storage.checkStorage();
      vi.restoreAllMocks();
      return problem;
    };
    expect(fail(new DOMException('full', 'NS_ERROR_DOM_QUOTA_REACHED'))).toBe('full');
    const legacy = new DOMException('full', 'Error');
    Object.defineProperty(legacy, 'code', { value: 22 });
    expect(fail(legacy)).toBe('full');
    expect(fail(new DOMException('insecure', 'SecurityError'))).toBe('blocked');
  });
  it('keeps a value for this tab in sessionStorage', () => {
    expect(storage.writeSession('rules:wake', '1')).toBe(true);
    expect(sessionStorage.getItem('rules:wake')).toBe('1');
    expect(storage.readSession('rules:wake')).toBe('1');
  });
  it('says when a round could not be forgotten (storage blocked)', () => {
    vi.spyOn(localStorage, 'removeItem').mockImplementation(() => {
      throw new DOMException('insecure', 'SecurityError');
    });
    expect(savedProgress.clearRound('g')).toBe(false);
  });
});

describe('changes made in another tab', () => {
  it('redraw a page for its display settings, a setup, pins, rulings or ticks, or a cleared storage; not the rest', () => {
    for (const key of [
      null,
      'rules:prefs',
      'rules:options:now-or-never',
      'rules:pins:vindication',
      'rules:rulings:forge-war',
      'rules:guide:x',
    ])
      expect(storage.changesShownPage(key), String(key)).toBe(true);
    for (const key of ['rules:recent', 'rules:round:forge-war', 'rules:check', 'theme', 'rules:prefsx'])
      expect(storage.changesShownPage(key), key).toBe(false);
  });
});
