import { describe, expect, it } from 'vitest';
import { parseEntryBody } from '../../src/integrations/entry-tree';
import { checkConsistency, entryFacts, type Finding } from '../../scripts/consistency/check';
import { splitSentences } from '../../scripts/consistency/read';
import { compatible, implies } from '../../scripts/consistency/setups';
import type { EntryInput } from '../../scripts/consistency/types';
import { lemma } from '../../src/lib/english';
import type { WordedGame } from '../../src/lib/options';

/** A small game: solo, players 2-4 (1 in solo), an underground map, characters with their own entries. */
const game = {
  id: 'test-game',
  options: [
    { id: 'solo', label: 'Solo play (bot)', type: 'boolean', offLabel: 'Multiplayer', default: false },
    {
      id: 'players',
      label: 'Players',
      type: 'choice',
      values: [
        { value: '2', label: '2 players' },
        { value: '3', label: '3 players' },
        { value: '4', label: '4 players' },
      ],
      default: '2',
      requires: { solo: false },
      fallback: { value: '1', label: '1 player (solo)' },
    },
    { id: 'underground', label: 'Underground map', type: 'boolean', offLabel: 'Standard map', default: false },
    {
      id: 'mode',
      label: 'Game mode',
      type: 'choice',
      values: [
        { value: 'simple', label: 'Simple game (7 rounds)' },
        { value: 'epic', label: 'Epic game (3 stages)' },
      ],
      default: 'simple',
    },
    {
      id: 'character',
      label: 'Character',
      type: 'choice',
      values: [
        { value: 'none', label: 'No character' },
        { value: 'zara', label: 'Zara, Miner', entry: 'character-zara' },
      ],
      default: 'none',
    },
  ],
} as unknown as WordedGame;

type Page = { slug: string; title: string; body: string; terms?: string[]; summary?: string };
const entry = (p: Page): EntryInput => ({
  slug: p.slug,
  title: p.title,
  terms: p.terms ?? [p.title],
  summary: p.summary,
  tree: parseEntryBody(p.body),
  file: `${p.slug}.mdx`,
});

/** Pages every test shares: the terms the facts attach to. */
const base: Page[] = [
  { slug: 'warp-stone', title: 'Warp Stone', body: 'Warp Stone gives 2 crystals.' },
  { slug: 'bazaar', title: 'Bazaar', body: 'A market space.' },
  { slug: 'crystals', title: 'Crystals', body: 'Crystals are a good. You may hold 1 crystal or 7 crystals.' },
  { slug: 'gold', title: 'Gold', body: 'Gold is money: 1 gold, 2 gold, 3 gold.' },
  { slug: 'tokens', title: 'Tokens', body: 'Tokens are small: 1 token, 2 tokens.' },
];

function run(pages: Page[]): Finding[] {
  const all = [...base.filter((b) => !pages.some((p) => p.slug === b.slug)), ...pages];
  return checkConsistency(game, all.map(entry)).findings;
}
const of = (findings: Finding[], kind: Finding['kind']) => findings.filter((f) => f.kind === kind);
const between = (findings: Finding[], a: string, b: string) =>
  findings.filter((f) => [f.a.slug, f.b?.slug].sort().join() === [a, b].sort().join());

describe('words and setups', () => {
  it('normalises plural and singular', () => {
    expect(['coins', 'dice', 'abilities', 'glass', 'boxes', 'heroes', 'bonus'].map(lemma)).toEqual([
      'coin',
      'die',
      'ability',
      'glass',
      'box',
      'hero',
      'bonus',
    ]);
  });
  it('splits sentences but not after abbreviations', () => {
    expect(splitSentences('See p. 9 for it. Then pay 2 gold, e.g. at the Bazaar. Done.')).toEqual([
      'See p. 9 for it.',
      'Then pay 2 gold, e.g. at the Bazaar.',
      'Done.',
    ]);
  });
  it('knows which setups can hold together, requirements included', () => {
    expect(compatible(game, [{ players: ['3'] }], [{ players: ['4'] }])).toBe(false);
    expect(compatible(game, [{ players: ['3'] }], [{}])).toBe(true);
    // 3 players is a multiplayer game; solo means 1 player.
    expect(compatible(game, [{ players: ['3'] }], [{ solo: ['1'] }])).toBe(false);
    expect(compatible(game, [{ players: ['1'] }], [{ solo: ['1'] }])).toBe(true);
    expect(implies([{ underground: ['1'], players: ['2'] }], [{ underground: ['1'] }])).toBe(true);
    expect(implies([{}], [{ underground: ['1'] }])).toBe(false);
  });
});

describe('facts', () => {
  const facts = (body: string, extra: Page[] = []) => {
    const pages = [...base, ...extra, { slug: 'page', title: 'Some Page', body }].map(entry);
    return entryFacts(game, pages, 'page').map((f) => `${f.subjectLabel} | ${f.unit} | ${f.value}`);
  };
  it('reads numbers with their unit noun and the term they belong to', () => {
    expect(facts('Warp Stone gives 2 crystals.')).toEqual(['Warp Stone | crystal | 2']);
    expect(facts('The Bazaar sells two crystals.')).toEqual(['Bazaar | crystal | 2']);
    expect(facts('At the end, Warp Stone gives +1 gold.')).toEqual(['Warp Stone | +gold | 1']);
    expect(facts('Warp Stone needs level 9.')).toEqual(['Warp Stone | level # | 9']);
    expect(facts('A Warp Stone costs 3A.')).toEqual(['Warp Stone | A | 3']);
    expect(facts('Warp Stone gives 6 / 8 / 8 points.')).toEqual(['Warp Stone | point | 6/8/8']);
  });
  it('keeps rates, bounds and parts apart from totals', () => {
    expect(facts('Warp Stone gives 2 gold per player.')).toEqual(['Warp Stone | gold per player | 2']);
    expect(facts('Warp Stone needs at least 2 crystals.')).toEqual(['Warp Stone | ≥ crystal | 2']);
    expect(facts('Warp Stone gives 3 face-up tokens.')).toEqual(['Warp Stone | face-up token | 3']);
  });
  it('takes the row of a table for the subject, and a heading column for the setup', () => {
    const body = '| Place | Simple game | Epic game |\n|---|---|---|\n| Bazaar | 2 gold | 4 gold |';
    const pages = [...base, { slug: 'page', title: 'Some Page', body }].map(entry);
    const found = entryFacts(game, pages, 'page').map((f) => `${f.subjectLabel} | ${f.unit} | ${f.value} | ${JSON.stringify(f.setups)}`);
    expect(found).toContain('Bazaar | gold | 2 | [{"mode":["simple"]}]');
    expect(found).toContain('Bazaar | gold | 4 | [{"mode":["epic"]}]');
  });
  it('reads "it" as the thing named before, or the entry itself', () => {
    const pages = [...base, { slug: 'iron', title: 'Iron', body: 'Iron is a metal cube; the Bazaar sells it for 3 gold.' }].map(entry);
    expect(entryFacts(game, pages, 'iron').map((f) => `${f.subjectLabel} | ${f.value}`)).toEqual(['Iron | 3']);
  });
});

describe('disagreements', () => {
  it('finds the same term and unit with different numbers on two entries', () => {
    const found = of(run([{ slug: 'locations', title: 'Locations', body: 'Warp Stone gives 3 crystals.' }]), 'disagreement');
    const f = between(found, 'warp-stone', 'locations');
    expect(f).toHaveLength(1);
    expect(f[0]!.confidence).toBe('high');
    expect(f[0]!.topic).toBe('Warp Stone · crystal');
    expect(f[0]!.a.line).toBe(1);
  });
  it('finds an unconditional statement against a setup-dependent one', () => {
    const found = run([
      {
        slug: 'bazaar',
        title: 'Bazaar',
        body: '<When players={3}>\n\nThe Bazaar holds 3 tokens.\n\n</When>\n\n<When players={4}>\n\nThe Bazaar holds 4 tokens.\n\n</When>',
      },
      { slug: 'market', title: 'Market', body: 'The Bazaar holds 4 tokens.' },
    ]);
    expect(between(of(found, 'disagreement'), 'bazaar', 'market').map((f) => f.reason)).toEqual(['3 tokens here, 4 tokens there']);
  });
  it('does not compare numbers of different setups (blocks, Pick, words)', () => {
    const found = run([
      {
        slug: 'bazaar',
        title: 'Bazaar',
        body: '<When players={3}>\n\nThe Bazaar holds 3 tokens.\n\n</When>\n\n<When players={4}>\n\nThe Bazaar holds 4 tokens.\n\n</When>',
      },
      {
        slug: 'market',
        title: 'Market',
        body: 'The Bazaar holds <Pick players={{1: "1 token", 3: "3 tokens", 4: "4 tokens", other: "2 tokens"}} />.',
      },
      { slug: 'setup', title: 'Setup', body: 'With 4 players, the Bazaar holds 4 tokens; with 3 players, the Bazaar holds 3 tokens.' },
      { slug: 'solo', title: 'Solo', body: '<When solo>\n\nThe Bazaar holds 1 token.\n\n</When>' },
    ]);
    expect(of(found, 'disagreement')).toEqual([]);
  });
  it('does not report the same value written twice ways, nor a page that tells both values apart', () => {
    const found = run([
      { slug: 'locations', title: 'Locations', body: 'Warp Stone gives two crystals.' },
      { slug: 'trade', title: 'Trade', body: 'Warp Stone gives 2 crystals, or 4 crystals with a Bazaar.' },
    ]);
    expect(of(found, 'disagreement')).toEqual([]);
  });
  it('keeps sibling entries that say one sentence of their own topics low', () => {
    const found = run([
      { slug: 'iron', title: 'Iron', body: 'Buying 1 at the Bazaar costs 3 gold.' },
      { slug: 'ruby', title: 'Ruby', body: 'Buying 1 at the Bazaar costs 4 gold.' },
    ]);
    expect(of(found, 'disagreement').filter((f) => f.confidence !== 'low')).toEqual([]);
  });
  it('does not read a replaced value as a statement ("3A instead of 2A")', () => {
    const found = run([
      { slug: 'build', title: 'Build', body: 'A Build on the Bazaar costs 2A.' },
      { slug: 'harsh', title: 'Harsh', body: 'A Build on the Bazaar costs 3A instead of 2A.' },
    ]);
    expect(between(of(found, 'disagreement'), 'build', 'harsh')).toEqual([]);
  });
  it('treats a character entry as speaking of its own setup', () => {
    const found = run([
      { slug: 'character-zara', title: 'Zara', body: 'The Bazaar holds 5 tokens.' },
      {
        slug: 'market',
        title: 'Market',
        body: '<When character="zara">\n\nThe Bazaar holds 5 tokens.\n\n</When>\n\n<When not character="zara">\n\nThe Bazaar holds 4 tokens.\n\n</When>',
      },
    ]);
    expect(of(found, 'disagreement')).toEqual([]);
  });
});

describe('stated vs flagged', () => {
  const meteorite: Page = {
    slug: 'crystal-meteorite',
    title: 'Crystal Meteorite',
    body: 'Crystal Meteorite gives 1 experience.\n\n<When underground>\n\n<Unclear id="underground-action" readings={["Same action as on the standard map", "Not on the underground map"]}>\n\nThe underground lists skip Crystal Meteorite, so it may not be there at all.\n\n</Unclear>\n\n</When>',
  };
  it('finds a statement for the very setup a note finds unclear', () => {
    const found = of(
      run([
        meteorite,
        { slug: 'experience', title: 'Experience', body: '<When underground>\n\nCrystal Meteorite gives 1 experience.\n\n</When>' },
      ]),
      'stated-vs-flagged',
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.a.slug).toBe('experience');
    expect(found[0]!.b?.slug).toBe('crystal-meteorite');
    expect(found[0]!.topic).toBe('crystal-meteorite#unclear-underground-action');
  });
  it('is satisfied by a link to the entry or to its note, and by a note of its own', () => {
    for (const body of [
      '<When underground>\n\n[Crystal Meteorite](crystal-meteorite) gives 1 experience.\n\n</When>',
      '<When underground>\n\nCrystal Meteorite gives 1 experience ([unclear](crystal-meteorite#unclear-underground-action)).\n\n</When>',
      '<When underground>\n\nCrystal Meteorite gives 1 experience.\n\n<Unclear id="meteorite-underground">\n\nWhether Crystal Meteorite is on this map is not stated.\n\n</Unclear>\n\n</When>',
    ])
      expect(of(run([meteorite, { slug: 'experience', title: 'Experience', body }]), 'stated-vs-flagged')).toEqual([]);
  });
  it('does not flag the same fact stated for other setups', () => {
    expect(
      of(
        run([
          meteorite,
          { slug: 'experience', title: 'Experience', body: '<When not underground>\n\nCrystal Meteorite gives 1 experience.\n\n</When>' },
        ]),
        'stated-vs-flagged',
      ),
    ).toEqual([]);
  });
  it('finds one reading of a note stated as certain, once for all entries that hold the note', () => {
    const note =
      '<Unclear id="quest-card-count" readings={["76 quest cards (the stated total)", "73 quest cards (the sum of the decks)"]}>\n\nThe box says 76 quest cards; its decks add up to 73.\n\n</Unclear>';
    const found = of(
      run([
        { slug: 'quest-cards', title: 'Quest cards', body: `The decks hold the quest cards.\n\n${note}` },
        { slug: 'components', title: 'Components', body: `Cards of every kind.\n\n${note}` },
        { slug: 'setup', title: 'Setup', body: 'Shuffle the 76 quest cards.' },
        { slug: 'decks', title: 'Decks', body: 'Shuffle the 80 quest cards.' },
      ]),
      'stated-vs-flagged',
    );
    expect(found.map((f) => [f.a.slug, f.a.quote, f.also?.length ?? 0])).toEqual([['setup', '76 quest cards', 1]]);
  });
  it("scores a reading stated without the words of the note's question lower", () => {
    const note =
      '<Unclear id="fee-per-roll" readings={["Pay 1 gold for each roll", "Pay 1 gold once, then roll once per Bazaar"]}>\n\nThe Abjura table sells rolls for gold; how many it costs is not settled.\n\n</Unclear>';
    const found = of(
      run([
        { slug: 'abjura', title: 'Abjura', body: note },
        { slug: 'loss', title: 'Loss', body: 'After a lost Attack, the Bazaar lets you pay 1 gold to roll on the Abjura table.' },
        { slug: 'reroll', title: 'Reroll', body: 'The Bazaar: pay 1 gold to roll a die again.' },
      ]),
      'stated-vs-flagged',
    );
    const score = (slug: string) => found.find((f) => f.a.slug === slug)?.score ?? 0;
    expect(score('loss')).toBeGreaterThan(score('reroll'));
  });
  it('does not flag a number every reading agrees on', () => {
    const note =
      '<Unclear id="bot-specialists" readings={["2 tokens for the Bazaar, chosen", "2 tokens for the Bazaar, at random"]}>\n\nWhich 2 tokens is not stated.\n\n</Unclear>';
    const found = of(
      run([
        { slug: 'bot', title: 'Bot', body: note },
        { slug: 'solo', title: 'Solo', body: 'The Bazaar takes 2 tokens.' },
      ]),
      'stated-vs-flagged',
    );
    expect(found).toEqual([]);
  });
});

describe('unlinked doubts', () => {
  it('finds plain words of doubt with no note and no link to one', () => {
    const found = of(run([{ slug: 'tokens', title: 'Tokens', body: 'How many tokens the box holds is not stated.' }]), 'unlinked-doubt');
    expect(found.map((f) => f.a.slug)).toEqual(['tokens']);
  });
  it('finds "see X" in plain words where X holds a note, but not when X is linked', () => {
    const noted: Page = {
      slug: 'zara',
      title: 'Zara',
      body: '<Unclear id="zara-power">\n\nHer Power is missing from the source.\n\n</Unclear>',
    };
    const plain = of(
      run([noted, { slug: 'church', title: 'Church', body: 'A new hero has Power 2 (for Zara, see Zara).' }]),
      'unlinked-doubt',
    );
    expect(plain.map((f) => [f.a.slug, f.a.quote])).toEqual([['church', 'see Zara']]);
    const linked = of(
      run([noted, { slug: 'church', title: 'Church', body: 'A new hero has Power 2 (for Zara, see [Zara](zara#unclear-zara-power)).' }]),
      'unlinked-doubt',
    );
    expect(linked).toEqual([]);
  });
  it('accepts a link to an entry with a note', () => {
    const found = of(
      run([
        { slug: 'tokens', title: 'Tokens', body: 'How many tokens the box holds is not stated ([components](components)).' },
        { slug: 'components', title: 'Components', body: '<Unclear id="token-count">\n\nThe token count is not given.\n\n</Unclear>' },
      ]),
      'unlinked-doubt',
    );
    expect(found).toEqual([]);
  });
});
