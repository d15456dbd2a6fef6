/**
 * The table link's edges, written against the survivors of `npx stryker run stryker.table-link.config.mjs`: varint
 * boundaries (own words of 127 and 128 bytes), a reading's number checked against its text when encoding, packed
 * bytes that do not inflate, the version's digits, line breaks and hidden characters, quoting at 40 characters, and
 * what counts as something to use.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import {
  decodeRulings,
  encodeRulings,
  fromBase64Url,
  readTableFragment,
  streamPacker,
  toBase64Url,
  type LinkNote,
} from '../../src/lib/table-link';
import { cleanText } from '../../src/lib/clean-text';
import { cleanRuling, sortRulings } from '../../src/lib/rulings';
import { hasUse, linkOptions, offerText, tableOffer } from '../../src/lib/table-offer';

const non = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const packer = streamPacker()!;
const notes: LinkNote[] = [
  { key: 'pass#timing', readings: ['At once', 'At the end of the turn'] },
  { key: 'books#tie', readings: [] },
];

describe('codec edges', () => {
  it('own words of 127, 128, 255 and 256 bytes: the length travels in 1 or 2 bytes and reads back', async () => {
    const cases: [number, number][] = [
      [127, 1],
      [128, 2],
      [255, 2],
      [256, 2],
    ];
    for (const [length, bytes] of cases) {
      const text = 'w'.repeat(length);
      const encoded = await encodeRulings({ 'books#tie': { text } }, notes, undefined);
      // flags, count, 3 bytes of note, the length, the text
      expect(fromBase64Url(encoded.slice(2))!.length, String(length)).toBe(1 + 1 + 3 + bytes + length);
      const read = await decodeRulings({ version: 2, data: encoded.slice(2) }, notes, packer);
      expect(read.rulings['books#tie'], String(length)).toEqual({ text });
    }
  });
  it('a ruling whose number names another reading than its text travels as the reading of its text', async () => {
    const encoded = await encodeRulings({ 'pass#timing': { text: 'At once', reading: 1 } }, notes, undefined);
    const read = await decodeRulings({ version: 2, data: encoded.slice(2) }, notes, packer);
    expect({ ...read.rulings }).toEqual({ 'pass#timing': { text: 'At once', reading: 0 } });
    const v1 = await decodeRulings(
      {
        version: 1,
        data: Buffer.from(JSON.stringify({ 'pass#timing': { text: 'At the end of the turn', reading: 1 } })).toString('base64url'),
      },
      notes,
      packer,
    );
    expect({ ...v1.rulings }).toEqual({ 'pass#timing': { text: 'At the end of the turn', reading: 1 } });
  });
  it('packed bytes that do not inflate are garbled, even when they would read as a body', async () => {
    const read = await decodeRulings({ version: 2, data: toBase64Url(Uint8Array.of(1, 0)) }, notes, packer);
    expect(read.garbled).toBe(true);
    // An empty body (no count) and a count with its rulings cut short.
    expect((await decodeRulings({ version: 2, data: toBase64Url(Uint8Array.of(0)) }, notes, packer)).garbled).toBe(true);
    expect((await decodeRulings({ version: 2, data: toBase64Url(Uint8Array.of(0, 1, 0, 0)) }, notes, packer)).garbled).toBe(true);
    // Own words longer than a ruling can be: that ruling is lost.
    const big = await encodeRulings({ 'books#tie': { text: 'é'.repeat(601) } }, notes, undefined);
    const lost = await decodeRulings({ version: 2, data: big.slice(2) }, notes, packer);
    expect([Object.keys(lost.rulings).length, lost.unreadable]).toEqual([0, 1]);
  });
  it('the version is digits before the first dot, else 0', () => {
    for (const [r, version] of [
      ['x1.AA', 0],
      ['1x.AA', 0],
      ['2.AA', 2],
      ['02.AA', 2],
    ] as const) {
      const v = readTableFragment(`r=${r}`);
      expect(v !== 'too-long' && v.rulings?.version, r).toBe(version);
    }
    const hashless = readTableFragment('seasons=5');
    expect(hashless !== 'too-long' && hashless.params.get('seasons')).toBe('5');
    const hashed = readTableFragment('#seasons=5');
    expect(hashed !== 'too-long' && [...hashed.params.keys()]).toEqual(['seasons']);
  });
});

describe('text and rulings', () => {
  it('line breaks and tabs become one space; hidden characters go; the rest stays', () => {
    expect(cleanText(' a\r\n\tb\u2028c\u0085d\u061ce ')).toBe('a b cde');
    expect(cleanText('x\u0000y')).toBe('xy');
  });
  it('only objects hold a ruling', () => {
    for (const v of [null, undefined, 'text', 3, ['a'], [{ text: 'a' }]]) expect(cleanRuling(v), String(v)).toBeUndefined();
    expect(cleanRuling({ text: 'a', reading: -1 })).toEqual({ text: 'a' });
    expect(cleanRuling({ text: 'a', reading: 1.5 })).toEqual({ text: 'a' });
    expect(sortRulings([{ text: 'a' }])).toEqual({ rulings: {}, bad: 0, unreadable: true });
    expect(sortRulings(null).unreadable).toBe(true);
  });
});

describe('offer edges', () => {
  it('a part of exactly 40 characters is quoted whole, 41 cut', () => {
    expect(linkOptions(non, new URLSearchParams(`x=${'a'.repeat(38)}`)).unknown).toEqual([`x=${'a'.repeat(38)}`]);
    expect(linkOptions(non, new URLSearchParams(`x=${'a'.repeat(39)}`)).unknown).toEqual([`x=${'a'.repeat(37)}…`]);
  });
  it('rulings alone are something to use; nothing is not', () => {
    const read = { unreadable: 0, garbled: false, cannotUnpack: false, gone: 0 };
    expect(hasUse(tableOffer(non, new URLSearchParams(''), { ...read, rulings: { 'a#b': { text: 'x' } } }, {}, {}))).toBe(true);
    expect(hasUse(tableOffer(non, new URLSearchParams(''), { ...read, rulings: {} }, {}, {}))).toBe(false);
    const none = tableOffer(non, new URLSearchParams(''), { ...read, rulings: {} }, {}, {});
    expect(offerText(none, {}, { title: (k) => k, value: () => '' }).setup).toBe('');
  });
  it('counts the reader’s rulings that stay: theirs minus those replaced', () => {
    const read = { unreadable: 0, garbled: false, cannotUnpack: false, gone: 0 };
    const current = { 'a#b': { text: 'mine' }, 'c#d': { text: 'stays' } };
    const offer = tableOffer(non, new URLSearchParams(''), { ...read, rulings: { 'a#b': { text: 'theirs' } } }, {}, current);
    expect(offerText(offer, current, { title: (k) => k, value: () => '' }).note).toBe('Your own ruling on other points stays.');
    const all = tableOffer(non, new URLSearchParams(''), { ...read, rulings: { 'a#b': { text: 'x' }, 'c#d': { text: 'y' } } }, {}, current);
    expect(offerText(all, current, { title: (k) => k, value: () => '' }).note).toBe('');
  });
});
