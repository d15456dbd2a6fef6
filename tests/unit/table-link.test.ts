/**
 * The table link's codec: base64url of any bytes (every byte value, `-` and `_` included), JSON through it, rulings in
 * version 2 (a reading as its number, own words packed where the runtime can, or not) and version 1 (the third
 * release's JSON), truncated and garbage input counted, never thrown; and the fragment that carries a setup and its
 * rulings (over-long refused, junk ignored).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { defaultSettings, parseSettings, setupQuery, shownSettings } from '../../src/lib/options';
import {
  MAX_TABLE_FRAGMENT,
  decodeJson,
  decodeRulings,
  encodeJson,
  encodeRulings,
  fromBase64Url,
  noteHash,
  readTableFragment,
  streamPacker,
  tableFragment,
  toBase64Url,
  type LinkNote,
  type LinkRulings,
} from '../../src/lib/table-link';
import type { Ruling } from '../../src/lib/rulings';
import { gameIds, unclearNotes } from './unclear-notes';

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

const packer = streamPacker()!;
const notes: LinkNote[] = [
  { key: 'pass#timing', readings: ['At once', 'At the end of the turn'] },
  { key: 'seasons#length', readings: ['Six', 'Five', 'Four'] },
  { key: 'books#tie', readings: [] },
  { key: 'end-of-game#score', readings: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] },
];
const none = { unreadable: 0, garbled: false, cannotUnpack: false, gone: 0 };
/** The rulings read back, with what was not used. */
const back = async (rulings: Record<string, Ruling>, p = packer as typeof packer | undefined, read = notes) => {
  const text = await encodeRulings(rulings, notes, p);
  return decodeRulings({ version: 2, data: text.slice(2) }, read, p);
};
const plain = (r: LinkRulings) => ({ ...r, rulings: { ...r.rulings } });

describe('rulings, version 2', () => {
  it('a reading travels as its number (3 bytes), own words as text, packed or not; every ruling reads back', async () => {
    const rulings: Record<string, Ruling> = {
      'pass#timing': { text: 'At the end of the turn', reading: 1 },
      'seasons#length': { text: 'Five', reading: 1 },
      'books#tie': { text: 'Most books wins; a tie is shared 😀 “quoted” ÿ' },
      'end-of-game#score': { text: 'H', reading: 7 }, // the 8th reading: past the 3-bit code, sent as words
    };
    for (const p of [packer, undefined]) {
      const read = await back(rulings, p);
      expect(plain(read)).toEqual({ ...none, rulings: { ...rulings, 'end-of-game#score': { text: 'H' } } });
    }
    const text = await encodeRulings({ 'pass#timing': { text: 'At once', reading: 0 } }, notes, undefined);
    expect(text).toMatch(/^2\.[A-Za-z0-9_-]+$/);
    // Flags, count, 3 bytes: 5 bytes in 7 characters.
    expect(fromBase64Url(text.slice(2))).toEqual(
      Uint8Array.of(
        0,
        1,
        ...[(noteHash('pass#timing') * 8) >>> 16, ((noteHash('pass#timing') * 8) >>> 8) & 255, (noteHash('pass#timing') * 8) & 255],
      ),
    );
    // A reading whose number was lost travels as its number; one whose text is not the note's goes as words.
    expect(await encodeRulings({ 'pass#timing': { text: 'At once' } }, notes, undefined)).toBe(text);
    expect((await back({ 'pass#timing': { text: 'Soon', reading: 0 } })).rulings).toEqual({ 'pass#timing': { text: 'Soon' } });
  });
  it('every character and byte of own words round-trips (all of Unicode but what is hidden), packed and not', async () => {
    let s = 11;
    const rnd = (n: number) => (s = (s * 1664525 + 1013904223) >>> 0) % n;
    const all: string[] = [];
    for (let cp = 0x20; cp < 0x30000; cp += 1 + rnd(40)) {
      if ((cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x7f && cp <= 0x9f) || [0x61c, 0x2060, 0xfeff].includes(cp)) continue;
      if ((cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) continue;
      all.push(String.fromCodePoint(cp));
    }
    // One link with every character: 100 per ruling, each on a note of its own.
    const many: LinkNote[] = [];
    const rulings: Record<string, Ruling> = {};
    for (let i = 0; i * 100 < all.length; i++) {
      many.push({ key: `rule-${i}#note`, readings: [] });
      rulings[`rule-${i}#note`] = { text: `x${all.slice(i * 100, i * 100 + 100).join('')}x` };
    }
    expect(new Set(many.map((n) => noteHash(n.key))).size).toBe(many.length);
    for (const p of [packer, undefined]) {
      const text = await encodeRulings(rulings, many, p);
      expect(plain(await decodeRulings({ version: 2, data: text.slice(2) }, many, packer))).toEqual({ ...none, rulings });
    }
  });
  it('packs own words when shorter: 3 rulings of 100 characters take fewer characters packed', async () => {
    const words = 'We play it so: the first player who passes takes the bonus and the others wait for the next turn ok';
    const rulings = { 'pass#timing': { text: words }, 'seasons#length': { text: words.toUpperCase() }, 'books#tie': { text: words } };
    const packed = await encodeRulings(rulings, notes, packer);
    const raw = await encodeRulings(rulings, notes, undefined);
    expect(packed.length).toBeLessThan(raw.length);
    expect(fromBase64Url(packed.slice(2))![0]).toBe(1);
    // A packed link where the browser cannot unpack: said, nothing read.
    expect(await decodeRulings({ version: 2, data: packed.slice(2) }, notes, undefined)).toEqual({
      ...none,
      rulings: {},
      cannotUnpack: true,
    });
    // Readings only: nothing to gain, sent as is.
    expect(fromBase64Url((await encodeRulings({ 'pass#timing': { text: 'At once', reading: 0 } }, notes, packer)).slice(2))![0]).toBe(0);
  });
  it('counts rulings for notes gone, readings the note lacks, and duplicates, and keeps the rest', async () => {
    const rulings = {
      'pass#timing': { text: 'At the end of the turn', reading: 1 },
      'books#tie': { text: 'Own' },
      'seasons#length': { text: 'Four', reading: 2 },
    };
    const fewer = [notes[1]!, { key: 'pass#timing', readings: ['Only one'] }];
    expect(plain(await back(rulings, packer, fewer))).toEqual({
      ...none,
      rulings: { 'seasons#length': { text: 'Four', reading: 2 } },
      gone: 1,
      unreadable: 1,
    });
    // Two notes with the same hash: neither can be told apart, so the ruling is not read.
    const twins = [notes[0]!, { key: 'pass#timing', readings: ['At once'] }];
    expect(plain(await back({ 'pass#timing': { text: 'At once', reading: 0 } }, packer, twins))).toEqual({
      ...none,
      rulings: {},
      unreadable: 1,
    });
    // The same note twice in a link: the first counts.
    const hash = noteHash('pass#timing') * 8;
    const twice = toBase64Url(
      Uint8Array.of(0, 2, hash >>> 16, (hash >>> 8) & 255, hash & 255, hash >>> 16, (hash >>> 8) & 255, (hash & 255) + 1),
    );
    expect(plain(await decodeRulings({ version: 2, data: twice }, notes, packer))).toEqual({
      ...none,
      rulings: { 'pass#timing': { text: 'At once', reading: 0 } },
      unreadable: 1,
    });
  });
  it('cleans own words: bidi controls, NUL, zero-width characters; blank or over-long own words are counted', async () => {
    const hidden = '\u202eUse \u202agnp.exe\u202c\u2066x\u2069\u200e\u200f\u0000\u0007\u200b\u200c\u200d\u2060\ufeff!';
    expect((await back({ 'books#tie': { text: hidden } })).rulings).toEqual({ 'books#tie': { text: 'Use gnp.exex!' } });
    const read = await back({
      'books#tie': { text: '\u200b\u202e ' },
      'pass#timing': { text: 'x'.repeat(301) },
      'seasons#length': { text: 'ok' },
    });
    expect(plain(read)).toEqual({ ...none, rulings: { 'seasons#length': { text: 'ok' } }, unreadable: 2 });
  });
  it('truncated at every length: never throws, never invents a ruling, counts what it lost', async () => {
    const rulings: Record<string, Ruling> = {
      'pass#timing': { text: 'At once', reading: 0 },
      'seasons#length': { text: 'Our own words on the length of the game' },
      'books#tie': { text: 'A tie is shared' },
    };
    for (const p of [packer, undefined]) {
      const data = (await encodeRulings(rulings, notes, p)).slice(2);
      for (let cut = 0; cut < data.length; cut++) {
        const read = await decodeRulings({ version: 2, data: data.slice(0, cut) }, notes, packer);
        for (const [k, r] of Object.entries(read.rulings)) expect(r).toEqual(rulings[k]);
        const got = Object.keys(read.rulings).length;
        if (!read.garbled) expect(got + read.unreadable).toBe(3);
        expect(got).toBeLessThan(3);
      }
    }
  });
  it('garbage is counted as unreadable, never thrown', async () => {
    for (const data of [
      '',
      '!!!@@@',
      'A',
      '%ZZ',
      'AA',
      'Ag',
      'AQ',
      'AgAA',
      '_w',
      toBase64Url(Uint8Array.of(0, 0xff, 0xff, 0xff, 0xff, 0xff)),
    ]) {
      const read = await decodeRulings({ version: 2, data }, notes, packer);
      expect(read.garbled, data).toBe(true);
      expect(Object.keys(read.rulings), data).toEqual([]);
    }
    // Packed bytes that do not inflate, and an unknown version.
    expect((await decodeRulings({ version: 2, data: toBase64Url(Uint8Array.of(1, 0xff, 0xfe, 0xfd)) }, notes, packer)).garbled).toBe(true);
    expect((await decodeRulings({ version: 3, data: 'AAA' }, notes, packer)).garbled).toBe(true);
    // Own words that are not UTF-8: that ruling is lost, counted.
    const hash = noteHash('books#tie') * 8 + 7;
    const bad = toBase64Url(Uint8Array.of(0, 1, hash >>> 16, (hash >>> 8) & 255, hash & 255, 2, 0xc3, 0x28));
    expect(plain(await decodeRulings({ version: 2, data: bad }, notes, packer))).toEqual({ ...none, rulings: {}, unreadable: 1 });
  });
  it('every game’s notes have distinct hashes', () => {
    for (const game of gameIds()) {
      const keys = unclearNotes(game).map((n) => n.key);
      expect(new Set(keys.map(noteHash)).size, game).toBe(keys.length);
      for (const k of keys) expect(noteHash(k)).toBeLessThan(2 ** 21);
    }
  });
});

describe('rulings, version 1 (links made by the third release)', () => {
  const v1 = (value: unknown) => decodeRulings({ version: 1, data: encodeJson(value) }, notes, packer);
  it('still open: whole texts, the reading kept where the note still has it', async () => {
    const read = await v1({
      'pass#timing': { text: 'At once', reading: 0 },
      'books#tie': { text: 'Own' },
      'seasons#length': { text: 'Nine', reading: 1 },
    });
    expect(plain(read)).toEqual({
      ...none,
      rulings: { 'pass#timing': { text: 'At once', reading: 0 }, 'books#tie': { text: 'Own' }, 'seasons#length': { text: 'Nine' } },
    });
  });
  it('names every part it cannot use: bad rulings counted, notes gone counted, garbage said', async () => {
    const read = await v1({
      'pass#timing': { text: 'ok' },
      'books#tie': { text: '   ' },
      'x#y#z': { text: 'a' },
      'gone#note': { text: 'b' },
      'seasons#length': 'no',
    });
    expect(plain(read)).toEqual({ ...none, rulings: { 'pass#timing': { text: 'ok' } }, unreadable: 3, gone: 1 });
    for (const data of [
      '!!!@@@',
      'A',
      '%ZZ',
      encodeJson([1, 2]),
      encodeJson('text'),
      toBase64Url(new TextEncoder().encode('{"a":')),
      toBase64Url(Uint8Array.of(0x22, 0xff, 0x22)),
    ])
      expect((await decodeRulings({ version: 1, data }, notes, packer)).garbled, data).toBe(true);
  });
});

describe('table link fragment', () => {
  it('holds the whole setup and the rulings, read back over the defaults; old links name their rulings as version 1', async () => {
    const setup = { ...defaultSettings(non), players: '4', seasons: '5', story: true };
    const encoded = await encodeRulings({ 'pass#timing': { text: 'At once', reading: 0 } }, notes, packer);
    const fragment = tableFragment(setupQuery(non, setup), encoded);
    expect(fragment).toMatch(/^players=4&story=1&seasons=5&r=2\.[A-Za-z0-9_-]+$/);
    const read = readTableFragment(`#${fragment}`);
    if (read === 'too-long') throw new Error('refused');
    expect(shownSettings(non, { solo: true }, parseSettings(non, read.params))).toEqual(setup);
    expect(read.rulings).toEqual({ version: 2, data: encoded.slice(2) });
    expect(tableFragment('solo=0', undefined)).toBe('solo=0');
    const old = readTableFragment('#seasons=5&rulings=eyJ9');
    expect(old !== 'too-long' && old.rulings).toEqual({ version: 1, data: 'eyJ9' });
    for (const [r, version] of [
      ['x.AA', 0],
      ['.AA', 0],
      ['AA', 0],
      ['12.A', 12],
    ] as const) {
      const v = readTableFragment(`#r=${r}`);
      expect(v !== 'too-long' && v.rulings?.version, r).toBe(version);
    }
  });
  it('refuses an over-long link whole and reads junk without throwing', () => {
    expect(readTableFragment(`#seasons=5&r=2.${'A'.repeat(MAX_TABLE_FRAGMENT)}`)).toBe('too-long');
    expect(readTableFragment(`#${'a'.repeat(MAX_TABLE_FRAGMENT)}`)).not.toBe('too-long');
    for (const junk of ['#', '#main', '#%', '#rulings=%%%', '#rulings=&seasons=9&seasons=4', '#a=b=c&&&']) {
      const read = readTableFragment(junk);
      expect(read).not.toBe('too-long');
      if (read !== 'too-long') expect(() => parseSettings(non, read.params)).not.toThrow();
    }
    const read = readTableFragment('seasons=9&seasons=4');
    if (read === 'too-long') throw new Error('refused');
    expect(read.rulings).toBeUndefined();
    expect(parseSettings(non, read.params)).toEqual({ seasons: '4' });
  });
});
