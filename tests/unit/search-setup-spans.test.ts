/**
 * Inline variants in search snippets and answers (setup-text.ts): an inline `<When>` or a `<Pick>` value shows in
 * a snippet only for the setups whose page shows it. The index side (mdx-text.ts marked text and spans,
 * setup-marks.ts conditions and the game's table, build-index.ts, index-files.ts text file) and the searcher's
 * (rank.ts bodyOf, answers), with the scorer's text left as it was: every variant stays searchable.
 */
import { describe, expect, it } from 'vitest';
import { packSpans, shownLines, spanMark, spanText, setupTokens } from '../../src/lib/search/setup-text';
import { mdxToText } from '../../src/lib/search/mdx-text';
import { buildSearchIndexes, searchDoc } from '../../src/lib/search/build-index';
import { gameSpans, setupMarks } from '../../src/lib/search/setup-marks';
import { joinIndex, rankIndex, splitIndex } from '../../src/lib/search/index-files';
import { Searcher } from '../../src/lib/search/rank';
import { runtimeOptions } from '../../src/lib/option-authoring';
import type { Game } from '../../src/schemas/game';
import type { WhenAttrs } from '../../src/lib/fragments';

/** Marked text made readable: ⟨k⟩ for an inline spans[k], ⟨*⟩ for every setup's text, [k] for a line's spans[k]. */
const show = (text: string) =>
  text.replace(/[\ue000-\uf8ff]/g, (c) => {
    const code = c.charCodeAt(0);
    return code >= 0xf000 ? `[${code - 0xf000}]` : code === 0xe000 ? '⟨*⟩' : `⟨${code - 0xe001}⟩`;
  });
/** Readable marked text back to markers. */
const marks = (text: string) =>
  text
    .replace(/⟨(\*|\d+)⟩/g, (_, k: string) => spanMark(k === '*' ? -1 : Number(k)))
    .replace(/\[(\d+)\]/g, (_, k: string) => spanMark(Number(k), true));

const game = {
  id: 'g',
  title: 'G',
  options: [
    {
      id: 'players',
      type: 'choice',
      label: 'Players',
      default: '3',
      values: [
        { value: '2', label: '2 players' },
        { value: '3', label: '3 players' },
        { value: '4', label: '4 players' },
      ],
    },
    { id: 'solo', type: 'boolean', label: 'Solo', offLabel: 'Multiplayer', default: false },
    {
      id: 'mods',
      type: 'multi',
      label: 'Mods',
      default: [],
      noneLabel: 'No mods',
      values: [
        { value: 'tire', label: 'Tire' },
        { value: 'glom', label: 'Glom' },
      ],
    },
  ] as Game['options'],
};
const options = runtimeOptions(game);
const tokens = (setup?: Record<string, unknown>) => setupTokens(options, setup);
const entry = (title: string) => ({ title, summary: `${title}.`, aliases: [], terms: [] });

describe('spanMark', () => {
  it('gives one private-use character per span, the first for text every setup shows', () => {
    expect(spanMark(-1)).toBe('\ue000');
    expect(spanMark(0)).toBe('\ue001');
    expect(spanMark(4094)).toBe('\uefff');
    expect(() => spanMark(4095)).toThrow(/no span marker/);
    expect(() => spanMark(-2)).toThrow(/no span marker/);
    expect(() => spanMark(1.5)).toThrow(/no span marker/);
  });
  it("gives a line's marker from another range, every setup's text having none", () => {
    expect(spanMark(0, true)).toBe('\uf000');
    expect(spanMark(2303, true)).toBe('\uf8ff');
    expect(() => spanMark(2304, true)).toThrow(/no line marker/);
    expect(() => spanMark(-1, true)).toThrow(/no line marker/);
  });
});

describe('packSpans', () => {
  it('leaves out the markers that change nothing, line by line', () => {
    expect(show(packSpans(marks('a ⟨*⟩b ⟨0⟩⟨1⟩c⟨1⟩d⟨*⟩ e⟨0⟩\n⟨*⟩f ⟨2⟩g⟨*⟩')))).toBe('a b ⟨1⟩cd⟨*⟩ e\nf ⟨2⟩g');
    expect(packSpans('plain\ntext')).toBe('plain\ntext');
  });
  it("renumbers the spans, -1 making a run text every setup shows and dropping a line's marker", () => {
    expect(show(packSpans(marks('x ⟨0⟩one⟨1⟩two⟨*⟩ y'), (k) => [5, -1][k]!))).toBe('x ⟨5⟩one⟨*⟩two y');
    expect(show(packSpans(marks('[0]⟨1⟩a⟨*⟩ b\n[1]c\n[2]d'), (k) => [3, 4, -1][k]!))).toBe('[3]⟨4⟩a⟨*⟩ b\n[4]c\nd');
  });
});

describe('spanText', () => {
  const spans: WhenAttrs[] = [{ 'data-w-players': '2' }, { 'data-w-players': '3 4' }, { 'data-w-solo': '1' }];
  const line = marks('Take ⟨0⟩5 coins⟨1⟩4 coins⟨*⟩ each.⟨2⟩ The bot takes none.');
  it('shows the runs whose conditions hold for the setup, spaces closed up', () => {
    expect(spanText(line, spans, tokens())).toBe('Take 4 coins each.');
    expect(spanText(line, spans, tokens({ players: 2 }))).toBe('Take 5 coins each.');
    expect(spanText(line, spans, tokens({ players: 2, solo: true }))).toBe('Take 5 coins each. The bot takes none.');
    expect(spanText(marks('a ⟨2⟩b⟨*⟩ c'), spans, tokens())).toBe('a c');
  });
  it('leaves a line without markers as it is, and shows a run whose span the list lacks', () => {
    expect(spanText('a  b ', spans, tokens())).toBe('a  b ');
    expect(spanText(marks('a ⟨7⟩b⟨*⟩ c'), spans, tokens())).toBe('a b c');
  });
});

describe('shownLines', () => {
  it('leaves out the lines and the inline variants a setup hides; a line is a variant when the default setup hides it', () => {
    const body = marks(
      'General ⟨0⟩2⟨1⟩3⟨*⟩ rule.\n⟨2⟩Solo only, inline.\n[3]Tire line ⟨0⟩two⟨1⟩more⟨*⟩.\n[4]Multiplayer  line.\n[9]Unknown line.',
    );
    const spans: WhenAttrs[] = [
      { 'data-w-players': '2' },
      { 'data-w-players': '3 4' },
      { 'data-w-solo': '1' },
      { 'data-w-mods-tire': '1' },
      { 'data-w-solo': '0' },
    ];
    const lines = (setup?: Record<string, unknown>) =>
      shownLines(body, tokens(setup), tokens(), spans).map((l) => `${l.text}${l.variant ? ' (variant)' : ''}`);
    // A line without inline variants keeps its text as it is.
    expect(lines()).toEqual(['General 3 rule.', 'Multiplayer  line.', 'Unknown line.']);
    expect(lines({ players: 2, solo: true })).toEqual(['General 2 rule.', 'Solo only, inline.', 'Unknown line.']);
    expect(lines({ mods: ['tire'] })).toEqual(['General 3 rule.', 'Tire line more. (variant)', 'Multiplayer  line.', 'Unknown line.']);
    // Text with no markers: its lines as they are.
    expect(shownLines('a\n\nb', {}, {}, []).map((l) => l.text)).toEqual(['a', '', 'b']);
  });
});

describe('mdxToText (marked text and spans)', () => {
  const body = [
    '## Setup for <Pick players={{2: "two", other: "more"}} />',
    '',
    'Take these <When solo>4</When><When not solo>3</When> actions, <Pick players={{2: "5 coins", 3: "4 coins", 4: "4 coins"}} /> each.',
    '',
    '| Step | Coins |',
    '|---|---|',
    '| Start | <Pick players={{2: "5", other: "4"}} /> |',
    '',
    '<Pick players={{2: "Block two.", other: "Block more."}} />',
    '',
    'Plain <When mods="tire">tire <When solo>solo tire</When> end</When>.',
  ].join('\n');
  const { text, marked, spans, headings } = mdxToText(body);
  it('keeps the plain text every variant side by side, as the scorer reads it', () => {
    expect(text).toBe(
      [
        'Setup for  two / more.',
        'Take these 4 3 actions, 5 coins / 4 coins each.',
        'Step · Coins',
        'Start · 5 / 4',
        'Block two. / Block more.',
        'Plain tire solo tire end .',
      ].join('\n'),
    );
    expect(headings).toEqual(['Setup for  two / more']);
  });
  it('marks each inline variant as a run of its own, with its conditions as written, no space added', () => {
    expect(show(marked).split('\n')).toEqual([
      'Setup for ⟨0⟩two⟨1⟩more⟨*⟩.',
      'Take these ⟨2⟩4⟨3⟩3⟨*⟩ actions, ⟨4⟩5 coins⟨5⟩4 coins⟨*⟩ each.',
      'Step · Coins',
      // The same conditions as written: the same span.
      'Start · ⟨0⟩5⟨1⟩4',
      '⟨0⟩Block two.⟨1⟩Block more.',
      'Plain ⟨6⟩tire ⟨7⟩solo tire⟨6⟩ end⟨*⟩.',
    ]);
    expect(spans[0]).toEqual({ whens: [], pick: { option: 'players', keys: ['2'], all: ['2', 'other'] } });
    expect(spans[1]).toEqual({ whens: [], pick: { option: 'players', keys: ['other'], all: ['2', 'other'] } });
    expect(spans[3]).toEqual({
      whens: [
        [
          ['not', true],
          ['solo', true],
        ],
      ],
    });
    // Two keys with one text are one run.
    expect(spans[5]).toEqual({ whens: [], pick: { option: 'players', keys: ['3', '4'], all: ['2', '3', '4'] } });
    expect(spans[7]).toEqual({ whens: [[['mods', 'tire']], [['solo', true]]] });
  });
  it("drops private-use characters of the entry's own text from the marked text (they are the markers)", () => {
    const own = mdxToText('Icon \ue005 here, <Pick players={{2: "two \ue001", other: "more"}} />.\n');
    expect(own.text).toBe('Icon \ue005 here, two \ue001 / more .');
    expect(show(own.marked)).toBe('Icon here, ⟨0⟩two ⟨1⟩more⟨*⟩.');
  });
  it('marks nothing in a body without inline variants', () => {
    const plain = mdxToText('One.\n\n<When solo>\n\nTwo.\n\n</When>\n');
    expect(plain.marked).toBe(plain.text);
    expect(plain.spans).toEqual([]);
  });
});

describe('setupMarks', () => {
  it("marks a body's lines inside <When> blocks and its inline variants with the conditions the page has", () => {
    const parsed = mdxToText(
      'Take <When solo>1</When><When not solo>2</When>.\n\n<When mods="tire">\n\nTire <When colour="red">red</When>.\n\n</When>\n',
    );
    const out = setupMarks(game, parsed);
    expect(out.conditional).toEqual([[1, { 'data-w-mods-tire': '1' }]]);
    // The unreadable <When colour> shows in every setup; a condition used twice is listed once.
    expect(show(out.marked!)).toBe('Take ⟨0⟩1⟨1⟩2⟨*⟩.\n[2]Tire red.');
    expect(out.spans).toEqual([{ 'data-w-solo': '1' }, { 'data-w-solo': '0' }, { 'data-w-mods-tire': '1' }]);
    expect(setupMarks(game, mdxToText('Nothing <When colour="red">red</When> hides.\n'))).toEqual({ conditional: [] });
  });
});

describe('gameSpans', () => {
  it("renumbers each body's markers to one list of the game's conditions, each once", () => {
    const solo = { 'data-w-solo': '1' };
    const two = { 'data-w-players': '2' };
    const { bodies, table } = gameSpans([
      { body: 'a', marked: marks('[0]a ⟨1⟩b'), spans: [solo, two] },
      { body: 'plain' },
      { body: 'c', marked: marks('c ⟨0⟩d⟨1⟩e'), spans: [two, { ...solo }] },
    ]);
    expect(table).toEqual([solo, two]);
    expect(bodies.map(show)).toEqual(['[0]a ⟨1⟩b', 'plain', 'c ⟨1⟩d⟨0⟩e']);
  });
});

describe('searchDoc and the index (inline variants)', () => {
  const body = [
    'Take <Pick players={{2: "5 coins", other: "4 coins"}} /> each.<When solo> The bot takes <When not mods="glom">none</When>.</When>',
    '',
    '<When mods="tire">',
    '',
    'Tire: <Pick players={{2: "1 more", other: "2 more"}} />.',
    '',
    '</When>',
  ].join('\n');
  const doc = searchDoc(game, 'coins', entry('Coins'), body);
  const other = searchDoc(game, 'bot', entry('Bot'), 'The bot moves <When solo>first</When><When not solo>never</When>.\n');
  const plain = searchDoc(game, 'plain', entry('Plain'), 'Nothing varies.\n');
  it('gives each span its conditions as the rule transform writes them ("other": the values no key names)', () => {
    expect(doc.body).toBe('Take 5 coins / 4 coins each. The bot takes none .\nTire: 1 more / 2 more .');
    // A line inside <When> blocks starts with its own marker; its inline variants are marked as any line's.
    expect(show(doc.marked!)).toBe('Take ⟨0⟩5 coins⟨1⟩4 coins⟨*⟩ each.⟨2⟩ The bot takes ⟨3⟩none⟨2⟩.\n[4]Tire: ⟨0⟩1 more⟨1⟩2 more⟨*⟩.');
    expect(doc.spans).toEqual([
      { 'data-w-players': '2' },
      { 'data-w-players': '3 4' },
      { 'data-w-solo': '1' },
      { 'data-w-solo': '1', 'data-w-mods-glom': '0' },
      { 'data-w-mods-tire': '1' },
    ]);
    expect(plain.marked).toBeUndefined();
    // A prop that names no option: its run shows in every setup (the build's rule transform reports it).
    expect(show(searchDoc(game, 'x', entry('X'), 'A <When colour="red">red</When> b.\n').marked ?? 'none')).toBe('none');
  });
  const built = buildSearchIndexes([doc, other, plain], [game]).get('g')!;
  it("keeps one table of the game's conditions, each once, and the marked bodies in the text file only", () => {
    expect(built.spans).toEqual([
      { 'data-w-solo': '1' },
      { 'data-w-solo': '0' },
      { 'data-w-players': '2' },
      { 'data-w-players': '3 4' },
      { 'data-w-solo': '1', 'data-w-mods-glom': '0' },
      { 'data-w-mods-tire': '1' },
    ]);
    // Docs sorted by slug: bot, coins, plain.
    expect(show(built.docs[0]![4])).toBe('The bot moves ⟨0⟩first⟨1⟩never⟨*⟩.');
    expect(show(built.docs[1]![4])).toBe(
      'Take ⟨2⟩5 coins⟨3⟩4 coins⟨*⟩ each.⟨0⟩ The bot takes ⟨4⟩none⟨0⟩.\n[5]Tire: ⟨2⟩1 more⟨3⟩2 more⟨*⟩.',
    );
    expect(built.docs[2]![4]).toBe('Nothing varies.');
    const { rank, text } = splitIndex(built);
    expect(rank).not.toHaveProperty('spans');
    expect(rank.docs.every((d) => d[4] === '')).toBe(true);
    expect(text.spans).toEqual(built.spans);
    expect(joinIndex(rank, text).spans).toEqual(built.spans);
  });
  it("shows in snippets and answers only the variants of the reader's setup; ranks on every variant", () => {
    const { rank, text } = splitIndex(built);
    const s = new Searcher(rankIndex(JSON.parse(JSON.stringify(rank))));
    const before = s.search('5 coins', { game: 'g' }).map((r) => [r.url, r.score]);
    s.addText(text.summaries, text.bodies, JSON.parse(JSON.stringify(text)));
    expect(s.bodyOf('/g/coins/')).toBe('Take 4 coins each.');
    expect(s.bodyOf('/g/coins/', { players: 2 })).toBe('Take 5 coins each.');
    expect(s.bodyOf('/g/coins/', { solo: true })).toBe('Take 4 coins each. The bot takes none.');
    expect(s.bodyOf('/g/coins/', { solo: true, mods: ['glom'] })).toBe('Take 4 coins each. The bot takes .');
    expect(s.bodyOf('/g/coins/', { mods: ['tire'] })).toBe('Take 4 coins each.\nTire: 2 more.');
    expect(s.bodyOf('/g/coins/', { mods: ['tire'], players: 2 })).toBe('Take 5 coins each.\nTire: 1 more.');
    expect(s.bodyOf('/g/bot/')).toBe('The bot moves never.');
    expect(s.bodyOf('/g/plain/')).toBe('Nothing varies.');
    // Every variant stays searchable: "5 coins" finds the entry with no setup saved, ranked as before the text came in.
    expect(s.search('5 coins', { game: 'g' }).map((r) => [r.url, r.score])).toEqual(before);
    expect(before[0]![0]).toBe('/g/coins/');
    expect(s.search('how many coins each', { game: 'g' })[0]!.answer).toBe('Take 4 coins each.');
    expect(s.search('how many coins each', { game: 'g', setup: { players: 2 } })[0]!.answer).toBe('Take 5 coins each.');
  });
});
