/**
 * What a table link would change (`src/lib/table-offer.ts`): the link's options read (unknown ones quoted, cleaned and
 * cut), only the options of the reader's setup that differ, the reader's rulings it would replace named, every part it
 * cannot use said with its count, and the sharer's lines (the status, the rulings to shorten).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { defaultSettings, describeValue, type OptionValue } from '../../src/lib/options';
import { MAX_TABLE_FRAGMENT, type LinkRulings } from '../../src/lib/table-link';
import {
  droppedLines,
  hasUse,
  isTableLink,
  linkOptions,
  nothingToUse,
  offerText,
  shareStatus,
  tableOffer,
  tooLongLink,
  tooLongToShare,
  toShorten,
  usedMessage,
} from '../../src/lib/table-offer';

const non = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const read = (over: Partial<LinkRulings> = {}): LinkRulings => ({
  rulings: {},
  unreadable: 0,
  garbled: false,
  cannotUnpack: false,
  gone: 0,
  ...over,
});
const words = {
  title: (key: string) => ({ 'pass#a': 'Pass', 'books#b': 'Books' })[key] ?? key,
  value: (id: string, value: OptionValue) =>
    describeValue(
      non.options.find((o) => o.id === id)!,
      value,
    ),
};

describe('the link’s options', () => {
  it('keeps the first valid value of each option, quotes the rest as they came, cleaned and cut', () => {
    const params = new URLSearchParams(
      `solo=banana&players=99&players=<script>&seasons=5&seasons=4&junk&r=2.AA&rulings=x&story=1&x=${'y'.repeat(60)}&z=%E2%80%AEabc`,
    );
    const { named, unknown } = linkOptions(non, params);
    expect(named).toEqual({ seasons: '5', story: true });
    expect(unknown).toEqual(['solo=banana', 'players=99', 'players=<script>', 'seasons=4', 'junk', `x=${'y'.repeat(37)}…`, 'z=abc']);
  });
  it('a fragment is a table link when it names an option or holds rulings', () => {
    expect(isTableLink(non, new URLSearchParams('main'))).toBe(false);
    expect(isTableLink(non, new URLSearchParams('a=1&b'))).toBe(false);
    for (const t of ['solo=banana', 'rulings=!!!', 'r=2.A', 'x=1&seasons=9'])
      expect(isTableLink(non, new URLSearchParams(t)), t).toBe(true);
  });
});

describe('what a link would change', () => {
  const current = { 'pass#a': { text: 'Our own way' }, 'books#b': { text: 'Same' }, 'other#c': { text: 'Stays' } };
  const rulings = { 'pass#a': { text: 'At once', reading: 0 }, 'books#b': { text: 'Same' }, 'new#d': { text: 'New' } };
  it('the whole setup, only the options that differ from the reader’s; the rulings it replaces by name', () => {
    const offer = tableOffer(
      non,
      new URLSearchParams('seasons=5&players=4&solo=0'),
      read({ rulings }),
      { solo: true, players: '4' },
      current,
    );
    expect(offer.settings).toEqual({ ...defaultSettings(non), seasons: '5', players: '4' });
    expect(offer.changes).toEqual(['solo', 'seasons']);
    expect(offer.replaced).toEqual(['pass#a']);
    expect(hasUse(offer)).toBe(true);
    const text = offerText(offer, current, words);
    expect(text).toEqual({
      question: "Use this table's setup and its 3 rulings?",
      setup: 'Your setup will change: Multiplayer instead of Solo play (bot) · 5 seasons instead of 6 seasons (full game).',
      replaced: ['Replaces your ruling on Pass: “Our own way”.'],
      dropped: [],
      note: 'Your own rulings on other points stay.',
    });
    expect(usedMessage(offer)).toBe('Table setup and 3 rulings saved');
  });
  it('a setup like the reader’s, one ruling, one of theirs left: said so', () => {
    const offer = tableOffer(
      non,
      new URLSearchParams('seasons=5'),
      read({ rulings: { 'new#d': { text: 'x' } } }),
      { seasons: '5' },
      { 'pass#a': { text: 'y' } },
    );
    expect(offer.changes).toEqual([]);
    const text = offerText(offer, { 'pass#a': { text: 'y' } }, words);
    expect(text.question).toBe("Use this table's setup and its 1 ruling?");
    expect(text.setup).toBe('Your setup stays as it is: the link has the same.');
    expect(text.note).toBe('Your own ruling on other points stays.');
    expect(offerText(offer, {}, words).note).toBe('');
    expect(usedMessage(offer)).toBe('Table setup and 1 ruling saved');
  });
  it('rulings without a valid option: the setup is not touched', () => {
    const offer = tableOffer(non, new URLSearchParams('solo=banana&r=2.x'), read({ rulings: { 'new#d': { text: 'x' } } }), {}, {});
    expect(offer.settings).toBeUndefined();
    expect(offer.changes).toEqual([]);
    const text = offerText(offer, {}, words);
    expect(text.question).toBe("Use this table's 1 ruling?");
    expect(text.setup).toBe('Your setup stays as it is: the link names none.');
    expect(text.dropped).toEqual(['Options not recognised: solo=banana.']);
    expect(usedMessage(offer)).toBe('1 ruling saved');
  });
  it('a setup without rulings', () => {
    const offer = tableOffer(non, new URLSearchParams('seasons=4'), read(), {}, current);
    const text = offerText(offer, current, words);
    expect(text.question).toBe("Use this table's setup?");
    expect(text.note).toBe('');
    expect(text.replaced).toEqual([]);
    expect(usedMessage(offer)).toBe('Table setup saved');
  });
  it('every part that cannot be used is named with its count', () => {
    const offer = tableOffer(non, new URLSearchParams('players=<script>&seasons=4'), read({ unreadable: 2, gone: 3 }), {}, {});
    expect(droppedLines(offer)).toEqual([
      '2 rulings in this link could not be read.',
      'Options not recognised: players=<script>.',
      'Rulings for rules that no longer exist: 3.',
    ]);
    expect(droppedLines(tableOffer(non, new URLSearchParams(''), read({ unreadable: 1 }), {}, {}))).toEqual([
      '1 ruling in this link could not be read.',
    ]);
    expect(droppedLines(tableOffer(non, new URLSearchParams(''), read({ garbled: true }), {}, {}))).toEqual([
      'The rulings in this link could not be read.',
    ]);
    expect(droppedLines(tableOffer(non, new URLSearchParams(''), read({ cannotUnpack: true, garbled: true }), {}, {}))).toEqual([
      'The rulings in this link are packed in a way this browser cannot unpack: they were left out.',
    ]);
    const nothing = tableOffer(non, new URLSearchParams('solo=banana&players=99&rulings=!!!'), read({ garbled: true }), {}, {});
    expect(hasUse(nothing)).toBe(false);
    expect(nothingToUse(nothing)).toBe(
      'Nothing in this table link can be used: The rulings in this link could not be read. Options not recognised: solo=banana, players=99. Nothing was changed.',
    );
  });
});

describe('the sharer’s lines', () => {
  it('count, length and what to shorten', async () => {
    expect(shareStatus(2)).toBe('The link holds your setup and 2 rulings.');
    expect(shareStatus(1)).toBe('The link holds your setup and 1 ruling.');
    expect(shareStatus(0)).toBe('The link holds your setup and 0 rulings.');
    expect(tooLongLink(2345)).toBe(`That table link is too long (2345 characters, at most ${MAX_TABLE_FRAGMENT}): nothing was changed.`);
    expect(
      tooLongToShare(2100, [
        { title: 'Pass', length: 300 },
        { title: 'Books', length: 250 },
      ]),
    ).toBe(
      'Your rulings make the link too long to share (2100 characters, at most 2000). Shorten your own words on the Unclear rules page: Pass (300 characters), Books (250 characters).',
    );
    expect(tooLongToShare(2100, [])).toBe(
      'Your rulings make the link too long to share (2100 characters, at most 2000). Record fewer rulings in your own words.',
    );
    const own = [
      { key: 'a', length: 100 },
      { key: 'b', length: 300 },
      { key: 'c', length: 200 },
    ];
    // Each left out saves its length: the link is 2,400 characters.
    const lengthWithout = async (keys: readonly string[]) =>
      2400 - own.filter((o) => keys.includes(o.key)).reduce((n, o) => n + o.length, 0);
    expect(await toShorten(own, lengthWithout)).toEqual(['b', 'c']);
    expect(await toShorten(own, async () => MAX_TABLE_FRAGMENT)).toEqual(['b']);
    expect(await toShorten(own, async () => MAX_TABLE_FRAGMENT + 1)).toEqual(['b', 'c', 'a']);
  });
});
