// @vitest-environment happy-dom
/**
 * Browser logic in a DOM (happy-dom): storage read and validated whatever it holds, the head script's shared-setup
 * state and CSS, share fallbacks, carrying a shared setup on links, rulings links.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import * as storage from '../../src/client/storage';
import * as savedPrefs from '../../src/client/saved-prefs';
import * as savedProgress from '../../src/client/saved-progress';
import * as savedRulings from '../../src/client/saved-rulings';
import * as savedSetup from '../../src/client/saved-setup';
import { isShared, show, start } from '../../src/client/head';
import { shareLink, shareUrl } from '../../src/client/share';
import { carryHref } from '../../src/client/shared-setup';
import { decodeRulings, encodeRulings } from '../../src/client/rulings-link';

const load = (id: string) => gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
const non = load('now-or-never');
const pv = load('pencilvillage');

function visit(url: string) {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`https://rules.example${url}`);
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-shared');
  document.head.innerHTML = '<style id="when-css"></style>';
  delete window.rulesState;
});

describe('storage', () => {
  const junk = ['{', 'null', '[]', '"x"', '{"__proto__":{"solo":true}}', '{"mods":[{"toString":1}]}', '12', '{"solo":{"valueOf":1}}'];
  it('reads saved options of any shape as a valid setting, never throwing', () => {
    for (const raw of junk) {
      localStorage.setItem('rules:options:now-or-never', raw);
      localStorage.setItem('rules:options:pencilvillage', raw);
      expect(() => savedSetup.readSaved(non)).not.toThrow();
      expect(savedSetup.readSaved(non)).toEqual({});
      // A list whose items are all junk is an empty list: still a valid setting.
      expect([{}, { mods: [] }]).toContainEqual(savedSetup.readSaved(pv));
    }
    localStorage.setItem('rules:options:now-or-never', '{"solo":true,"seasons":"5","x":1}');
    expect(savedSetup.readSaved(non)).toEqual({ solo: true, seasons: '5' });
  });
  it('reads the saved setup for search as plain values, dropping anything else, never throwing', () => {
    for (const raw of junk) {
      localStorage.setItem('rules:options:now-or-never', raw);
      expect(() => savedSetup.readSavedSetup('now-or-never')).not.toThrow();
      expect(savedSetup.readSavedSetup('now-or-never')).toEqual({});
    }
    localStorage.setItem('rules:options:pencilvillage', '{"solo":true,"character":"malikai","mods":["tire",3],"x":1,"Bad Id":true}');
    expect(savedSetup.readSavedSetup('pencilvillage')).toEqual({ solo: true, character: 'malikai' });
    localStorage.setItem('rules:options:pencilvillage', '{"mods":["tire","homesick"]}');
    expect(savedSetup.readSavedSetup('pencilvillage')).toEqual({ mods: ['tire', 'homesick'] });
  });
  it('keeps only well-formed recent items, pins, rulings and ticks', () => {
    localStorage.setItem(
      'rules:recent',
      JSON.stringify([
        { url: '/now-or-never/pass/', title: 'Pass', game: 'Now or Never' },
        { url: 'javascript:alert(1)', title: 'x', game: 'y' },
        5,
      ]),
    );
    expect(storage.readRecent()).toEqual([{ url: '/now-or-never/pass/', title: 'Pass', game: 'Now or Never' }]);
    localStorage.setItem('rules:pins:now-or-never', JSON.stringify(['pass', 'pass', '<b>', 3, 'seasons']));
    expect(storage.readPins('now-or-never')).toEqual(['pass', 'seasons']);
    localStorage.setItem(
      'rules:rulings:now-or-never',
      JSON.stringify({ 'pass#a': { text: ' Yes ', reading: 1 }, 'bad key': { text: 'x' }, 'pass#b': { text: '' }, 'pass#c': 'text' }),
    );
    expect(savedRulings.readRulings('now-or-never')).toEqual({ 'pass#a': { text: 'Yes', reading: 1 } });
    localStorage.setItem('rules:guide:now-or-never', JSON.stringify(['setup-1', '<x>', 7]));
    expect([...savedProgress.readTicks('now-or-never')]).toEqual(['setup-1']);
    for (const raw of junk) {
      for (const k of ['rules:recent', 'rules:pins:now-or-never', 'rules:rulings:now-or-never', 'rules:guide:now-or-never', 'rules:prefs'])
        localStorage.setItem(k, raw);
      expect(() => [
        storage.readRecent(),
        storage.readPins('now-or-never'),
        savedRulings.readRulings('now-or-never'),
        savedProgress.readTicks('now-or-never'),
        savedPrefs.readPreferences(),
      ]).not.toThrow();
    }
  });
  it('reads the theme kept by the first release', () => {
    localStorage.setItem('theme', 'dark');
    expect(savedPrefs.readPreferences()).toEqual({ theme: 'dark' });
    savedPrefs.writePreferences({ theme: 'light', textSize: 'large' });
    expect(savedPrefs.readPreferences()).toEqual({ theme: 'light', textSize: 'large' });
  });
  it('survives a storage that refuses writes', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => storage.writeSaved(non, { solo: true })).not.toThrow();
    spy.mockRestore();
  });
});

describe('head script', () => {
  it('shows a shared link’s whole setup (its options over the defaults, never the reader’s own), with the CSS for it', () => {
    localStorage.setItem('rules:options:now-or-never', '{"story":true,"seasons":"5"}');
    visit('/now-or-never/end-of-game/?seasons=4&junk=<b>');
    start(non);
    const state = window.rulesState!;
    expect(state.saved).toEqual({ story: true, seasons: '5' });
    expect(state.fromUrl).toEqual({ seasons: '4' });
    // The link's 4 seasons beat the saved 5; story, which the link omits, is the default (off), not the saved on.
    expect(state.shown).toEqual({ ...Object.fromEntries(non.options.map((o) => [o.id, o.default])), seasons: '4' });
    expect(isShared(state)).toBe(true);
    expect(document.documentElement.hasAttribute('data-shared')).toBe(true);
    const css = document.getElementById('when-css')!.textContent!;
    expect(css).toContain('[data-w-seasons]:not([data-w-seasons~="4"])');
    expect(css).toContain('[data-w-story]:not([data-w-story~="0"])');
    // The note names the link's option and the one that differs from the reader's own.
    expect(css).toContain(':root[data-shared] [data-chip]:not([data-chip="story"],[data-chip="seasons"])');
  });
  it('reads everything again when the page comes back from the back/forward cache', () => {
    localStorage.setItem('rules:options:now-or-never', '{"seasons":"6"}');
    visit('/now-or-never/end-of-game/');
    start(non);
    const state = window.rulesState!;
    const heard: string[] = [];
    document.addEventListener('rules:restored', () => heard.push('restored'));
    document.addEventListener('rules:options', () => heard.push('options'));
    storage.writeSaved(non, { seasons: '5' });
    savedPrefs.writePreferences({ theme: 'dark', textSize: 'large' });
    // A page shown from the cache without being reloaded, and one shown normally.
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(state.shown).toEqual({ seasons: '6' });
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(window.rulesState).toBe(state); // updated in place: scripts holding it see the change
    expect(state.shown).toEqual({ seasons: '5' });
    expect(document.getElementById('when-css')!.textContent).toContain('[data-w-seasons]:not([data-w-seasons~="5"])');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.textSize).toBe('large');
    expect(heard).toEqual(['restored', 'options']);
    savedPrefs.writePreferences({});
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
  it('is not a shared page when the link says what the reader already has', () => {
    localStorage.setItem('rules:options:now-or-never', '{"seasons":"4"}');
    visit('/now-or-never/end-of-game/?seasons=4');
    start(non);
    expect(document.documentElement.hasAttribute('data-shared')).toBe(false);
  });
  it('shows the reader’s own setup again after the shared options are dropped', () => {
    visit('/now-or-never/end-of-game/?seasons=4');
    start(non);
    const state = window.rulesState!;
    state.fromUrl = {};
    state.shown = { ...state.saved };
    show(state);
    expect(document.documentElement.hasAttribute('data-shared')).toBe(false);
    expect(document.getElementById('when-css')!.textContent).toContain('[data-w-seasons]:not([data-w-seasons~="6"])');
  });
  it('ignores a corrupt saved value and still applies a shared link', () => {
    localStorage.setItem('rules:options:pencilvillage', '{"mods":[{"toString":1}]}');
    visit('/pencilvillage/quest/?character=imrael');
    expect(() => start(pv)).not.toThrow();
    expect(window.rulesState!.shown).toEqual({ ...Object.fromEntries(pv.options.map((o) => [o.id, o.default])), character: 'imrael' });
  });
});

describe('share', () => {
  const env = () => ({ prompt: vi.fn(), toast: vi.fn() });
  it('uses the share sheet; a cancelled share does nothing else', async () => {
    const e = { ...env(), share: vi.fn(async () => {}), copy: vi.fn(async () => {}) };
    expect(await shareLink('Pass', 'https://x/a/', e)).toBe('shared');
    const abort = {
      ...env(),
      share: vi.fn(async () => Promise.reject(Object.assign(new Error('no'), { name: 'AbortError' }))),
      copy: vi.fn(async () => {}),
    };
    expect(await shareLink('Pass', 'https://x/a/', abort)).toBe('cancelled');
    expect(abort.copy).not.toHaveBeenCalled();
  });
  it('falls back to the clipboard, then to a prompt', async () => {
    const copy = { ...env(), share: vi.fn(async () => Promise.reject(new Error('NotAllowed'))), copy: vi.fn(async () => {}) };
    expect(await shareLink('Pass', 'https://x/a/', copy)).toBe('copied');
    expect(copy.toast).toHaveBeenCalledWith('Link copied');
    const prompt = { ...env(), copy: vi.fn(async () => Promise.reject(new Error('denied'))) };
    expect(await shareLink('Pass', 'https://x/a/', prompt)).toBe('prompted');
    expect(prompt.prompt).toHaveBeenCalledWith('Copy this link', 'https://x/a/');
  });
  it('builds the link from the page and its options', () => {
    expect(shareUrl('https://x', '/now-or-never/pass/', 'solo=1')).toBe('https://x/now-or-never/pass/?solo=1');
    expect(shareUrl('https://x', '/now-or-never/pass/', '')).toBe('https://x/now-or-never/pass/');
  });
});

describe('a shared setup travels with the reader', () => {
  it('rewrites links into the same game only', () => {
    const o = 'https://rules.example';
    expect(carryHref('/now-or-never/final-production/', o, 'now-or-never', 'seasons=4')).toBe('/now-or-never/final-production/?seasons=4');
    expect(carryHref('/now-or-never/final-production/#x', o, 'now-or-never', 'seasons=4')).toBe(
      '/now-or-never/final-production/?seasons=4#x',
    );
    expect(carryHref('/now-or-never/pass/?solo=1', o, 'now-or-never', 'seasons=4')).toBe('/now-or-never/pass/?seasons=4');
    expect(carryHref('/vindication/setup/', o, 'now-or-never', 'seasons=4')).toBeUndefined();
    expect(carryHref('https://elsewhere.example/now-or-never/pass/', o, 'now-or-never', 'seasons=4')).toBeUndefined();
    expect(carryHref('/now-or-never/pass/?seasons=4', o, 'now-or-never', 'seasons=4')).toBeUndefined();
    expect(carryHref('http://[::1', o, 'now-or-never', 'seasons=4')).toBeUndefined();
  });
  it('takes the options off links when the setup to carry is empty (back to their own), and leaves plain links', () => {
    const o = 'https://rules.example';
    expect(carryHref('/now-or-never/pass/?solo=1#x', o, 'now-or-never', '')).toBe('/now-or-never/pass/#x');
    expect(carryHref('/now-or-never/pass/', o, 'now-or-never', '')).toBeUndefined();
    expect(carryHref('/now-or-never/pass/#x', o, 'now-or-never', '')).toBeUndefined();
    expect(carryHref('/now-or-never', o, 'now-or-never', 'seasons=4')).toBeUndefined();
    expect(carryHref('/x/now-or-never/pass/', o, 'now-or-never', 'seasons=4')).toBeUndefined();
  });
});

describe('rulings link', () => {
  it('round-trips rulings with any text, and refuses junk', () => {
    const r = { 'pass#a': { text: 'We play 6 / 7 / 8 — “online”', reading: 1 }, 'seasons#b': { text: '<b>ours</b>' } };
    expect(decodeRulings(encodeRulings(r))).toEqual(r);
    expect(encodeRulings(r)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeRulings('%%%')).toBeUndefined();
    expect(savedRulings.cleanRulings(decodeRulings(btoa('{"x":1}')))).toEqual({});
  });
  it('reads the links made by the first encoding (btoa, `+/` swapped for `-_`)', () => {
    const r = { 'pass#a': { text: '??>>~~ ÿû' } };
    const bin = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(r)));
    const old = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(old).toMatch(/[-_]/);
    expect(decodeRulings(old)).toEqual(r);
  });
});
