/**
 * The table link's pure parts: base64url of any bytes (every byte value, `-` and `_` included), JSON through it, and
 * the fragment that carries a setup and its rulings (over-long refused, junk ignored).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { defaultSettings, parseSettings, setupQuery, shownSettings } from '../../src/lib/options';
import {
  MAX_TABLE_FRAGMENT,
  decodeJson,
  encodeJson,
  fromBase64Url,
  readTableFragment,
  tableFragment,
  toBase64Url,
} from '../../src/lib/table-link';

const non = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));

describe('base64url', () => {
  it('round-trips every byte value at every position and length, as Node encodes it', () => {
    let s = 7;
    const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) >>> 24;
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      Uint8Array.from({ length: 256 }, (_, i) => i),
      Uint8Array.from({ length: 256 }, (_, i) => 255 - i),
    ];
    // Each byte value last in a run of 1 to 4 bytes: it lands in every position of a base64 group.
    for (let b = 0; b < 256; b++)
      for (let len = 1; len <= 4; len++) cases.push(Uint8Array.from({ length: len }, (_, i) => (i === len - 1 ? b : rnd())));
    for (let n = 0; n < 500; n++) cases.push(Uint8Array.from({ length: n % 40 }, rnd));
    for (const bytes of cases) {
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });
  it('uses - and _ (bytes 0xfb, 0xff), reads padded text and refuses anything else', () => {
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(fromBase64Url('-_-_')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
    expect(fromBase64Url('-w==')).toEqual(Uint8Array.of(0xfb));
    for (const junk of ['%%%', 'a', 'ab+/', 'a b', 'abcde', 'ééé']) expect(fromBase64Url(junk)).toBeUndefined();
  });
  it('carries any JSON text through, and gives undefined for what holds none', () => {
    const value = { 'pass#a': { text: '??>>~~ ÿû “quoted” 😀', reading: 1 } };
    const text = encodeJson(value);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text).toMatch(/[-_]/);
    expect(decodeJson(text)).toEqual(value);
    expect(decodeJson('%%%')).toBeUndefined();
    expect(decodeJson(toBase64Url(new TextEncoder().encode('{"a":')))).toBeUndefined();
    expect(decodeJson(toBase64Url(Uint8Array.of(0x22, 0xff, 0x22)))).toBeUndefined(); // not UTF-8
  });
});

describe('table link fragment', () => {
  const rulings = { 'pass#a': { text: 'We pass at once' }, 'seasons#b': { text: 'Yes', reading: 0 } };
  it('holds the whole setup and the rulings, read back over the defaults', () => {
    const setup = { ...defaultSettings(non), players: '4', seasons: '5', story: true };
    const fragment = tableFragment(setupQuery(non, setup), rulings);
    expect(fragment).toMatch(/^players=4&story=1&seasons=5&rulings=[A-Za-z0-9_-]+$/);
    const read = readTableFragment(`#${fragment}`);
    if (read === 'too-long') throw new Error('refused');
    expect(shownSettings(non, { solo: true }, parseSettings(non, read.params))).toEqual(setup);
    expect(read.rulings).toEqual(rulings);
    expect(tableFragment('solo=0', {})).toBe('solo=0');
  });
  it('refuses an over-long link whole and reads junk without throwing', () => {
    expect(readTableFragment(`#seasons=5&rulings=${'A'.repeat(MAX_TABLE_FRAGMENT)}`)).toBe('too-long');
    for (const junk of ['#', '#main', '#%', '#rulings=%%%', '#rulings=&seasons=9&seasons=4', '#a=b=c&&&']) {
      const read = readTableFragment(junk);
      expect(read).not.toBe('too-long');
      if (read !== 'too-long') expect(() => parseSettings(non, read.params)).not.toThrow();
    }
    const read = readTableFragment('#rulings=%%%&seasons=9&seasons=4');
    if (read === 'too-long') throw new Error('refused');
    expect(read.rulings).toBeUndefined();
    expect(parseSettings(non, read.params)).toEqual({ seasons: '4' });
  });
});
