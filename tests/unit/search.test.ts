/**
 * Search: text normalisation, edit distance, ranking pinned on a sample of the labelled query set
 * (bench/search-queries.json), the all-games merge and snippets. The index is built from the content folder
 * with the build's own code, so these run without a site build.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildSearchIndexes, givenName, searchDoc } from '../../src/lib/search/build-index';
import { contentIndexes } from './content-indexes';
import { closestEntries, parseMissingPath, safeDecode } from '../../src/lib/search/closest';
import { mdxToText } from '../../src/lib/search/mdx-text';
import { Searcher, SearchSet, inSetup, numberPairs, resultSnippet } from '../../src/lib/search/query';
import { STOP_WORDS } from '../../src/lib/english';
import { editDistance } from '../../src/lib/edit-distance';
import { indexWords, queryWords, stem } from '../../src/lib/search/text';
import { LIGHT_WORDS } from '../../src/lib/search/config';

const indexes = await contentIndexes();
const searchers = new Map([...indexes].map(([id, index]) => [id, new Searcher(index)]));
const slugs = (game: string, q: string, limit = 3) =>
  searchers
    .get(game)!
    .search(q, { limit })
    .map((r) => r.url.split('/')[2]);

describe('text', () => {
  it('normalises case, accents, possessives, hyphens and plurals alike in queries and entries', () => {
    expect(indexWords("The Hero's Abilities")).toEqual(['hero', 'ability']);
    expect(indexWords('Re-rolls & coins')).toEqual(['re', 'roll', 'coin']);
    expect(stem('boxes')).toBe('box');
    expect(stem('pass')).toBe('pass');
  });
  it('never lists a stop word as a light word (it would never reach the search)', () => {
    expect([...LIGHT_WORDS].filter((w) => STOP_WORDS.has(w))).toEqual([]);
  });
  it('drops question words but keeps a lone stop word searchable', () => {
    expect(queryWords('how many coins do we start with').words).toEqual(['coin', 'start']);
    expect(queryWords('do').words).toEqual(['do']);
  });
  it('finds the closing phrase that sets a question\'s scene ("... in story mode")', () => {
    expect(queryWords('who reads the story in story mode').context).toEqual([2, 3]);
    expect(queryWords('how do fights work in the underworld').context).toEqual([2]);
    expect(queryWords('in story mode').context).toEqual([]);
    expect(queryWords('story mode').context).toEqual([]);
  });
  it('knows whether a query asks which things of a kind ("which mods…", "What characters…")', () => {
    expect(queryWords('which mods decide which building i lose').asksWhich).toBe(true);
    expect(queryWords('  What characters get more actions').asksWhich).toBe(true);
    expect(queryWords('mods which decide').asksWhich).toBe(false);
    expect(queryWords('somewhat odd mods').asksWhich).toBe(false);
    expect(queryWords('which').asksWhich).toBe(false);
  });
  it('knows whether the last word is still being typed', () => {
    expect(queryWords('retr').typing).toBe(true);
    expect(queryWords('retreat ').typing).toBe(false);
  });
  it('counts a swap of 2 letters as 1 edit and stops early past the limit', () => {
    expect(editDistance('stirke', 'strike')).toBe(1);
    expect(editDistance('defnce', 'defence')).toBe(1);
    expect(editDistance('monster', 'monastery', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('MDX to text (syntax tree, not regular expressions)', () => {
  const body = [
    '## Setup steps',
    '',
    'Each player takes <Pick players={{2: "5 coins", 3: "4 coins", other: "3 coins"}} />.<When solo> The bot takes the [first seat](seats).</When><When not solo>Pass left.</When>',
    '',
    '| Card | Cost |',
    '|---|---|',
    '| **Sword** | 3 `iron` |',
    '',
    '- one',
    '- ![trap icon](trap.png) two',
  ].join('\n');
  const { text, headings } = mdxToText(body);
  it('keeps every option variant, Pick values (not their keys) and link text', () => {
    expect(text).toContain('5 coins / 4 coins / 3 coins');
    expect(text).not.toContain('other');
    expect(text).toContain('The bot takes the first seat.');
    expect(text).not.toMatch(/seat\.Pass/);
    expect(text).not.toContain('](');
  });
  it('returns headings apart and ends each block with a line', () => {
    expect(headings).toEqual(['Setup steps']);
    expect(text.split('\n')).toContain('Setup steps.');
    expect(text.split('\n')).toContain('Sword · 3 iron');
    expect(text.split('\n')).toContain('trap icon two');
  });
});

// Ranking regression: each of these lookups from bench/search-queries.json must keep its answer first.
const PINNED: [game: string, query: string, first: string][] = [
  ['now-or-never', 'retreet', 'retreat'],
  ['now-or-never', 'montain spaces', 'mountains'],
  ['now-or-never', 'worker fee', 'specialist-tax'],
  ['now-or-never', 'can heroes move diagonally', 'move'],
  ['now-or-never', '4 season game', 'game-length'],
  ['now-or-never', 'pack bird', 'pack-bird'],
  ['now-or-never', 'bot villager order', 'bot-villager-priority'],
  ['vindication', 'vindicaton', 'vindication'],
  ['vindication', 'treachary cards', 'treachery-expansion'],
  ['vindication', 'green perk cards', 'traits'],
  ['vindication', 'how many companions can i activate', 'activate'],
  ['vindication', 'how do i get blocks back', 'recover-influence'],
  ['vindication', 'end game scoring', 'end-game-scoring'],
  ['forge-war', 'adventruer levels', 'leveling-up'],
  ['forge-war', 'craft a sword', 'forging-weapons'],
  ['forge-war', 'how many quests can i have', 'active-quests'],
  ['forge-war', 'how many adventurers to start', 'player-starting-items'],
  ['forge-war', 'clerk', 'clerk'],
  ['pencilvillage', 'nebucadnezzar', 'character-nebuchadnezzar'],
  ['pencilvillage', 'rubbel', 'rubble'],
  ['pencilvillage', 'idle workers', 'population'],
  ['pencilvillage', 'how to get timber', 'wood'],
  ['pencilvillage', 'does the worse reroll count', 're-rolls'],
  ['pencilvillage', 'tier 3 buildings list', 'buildings-by-tier'],
  ['pencilvillage', 'low randomness scoring', 'low-randomness-scoring-variant'],
];

describe('ranking', () => {
  it.each(PINNED)('%s: "%s" → %s first', (game, query, first) => {
    expect(slugs(game, query)[0]).toBe(first);
  });
  it('answers at least 95% of the labelled lookups within the top 3', () => {
    const queries: { q: string; game: string; answers: string[] }[] = JSON.parse(readFileSync('bench/search-queries.json', 'utf8'));
    const answered = queries.filter(({ q, game, answers }) => slugs(game, q).some((s) => answers.includes(s!)));
    expect(answered.length / queries.length).toBeGreaterThanOrEqual(0.95);
  });
  it("matches players' words through synonyms and typos through edit distance", () => {
    expect(slugs('now-or-never', 'xp')).toContain('experience');
    expect(slugs('forge-war', 'stirkes')).toContain('strikes');
  });
  it('finds a word still being typed as a prefix', () => {
    expect(slugs('now-or-never', 'retre')).toContain('retreat');
  });
  it("matches a word's root through a derivational ending, both ways", () => {
    const s = searchers.get('pencilvillage')!;
    const forms = (word: string) => s.candidates(word, false).map((c) => s.index.vocab[c.term]);
    expect(forms('production')).toContain('produce');
    expect(forms('produce')).toContain('production');
    expect(forms('movement')).toContain('move');
  });
});

describe("players' own phrasings (frontmatter asked)", () => {
  const doc = (slug: string, data: Partial<{ title: string; aliases: string[]; asked: string[] }>) =>
    searchDoc({ id: 'g', title: 'G' }, slug, { title: slug, summary: 'A summary.', aliases: [], terms: [], ...data }, 'Body text.');
  const small = new Searcher(
    buildSearchIndexes([
      doc('relics', { aliases: ['artifact'] }),
      doc('recharging', { asked: ['item ran out of uses'] }),
      doc('other', { asked: ['artifact shop'] }),
    ]).get('g')!,
  );
  it("leads a player's words to the entry that lists them", () => {
    expect(small.search('my item ran out', { limit: 1 })[0]!.url).toBe('/g/recharging/');
  });
  it("weighs an alias (the game's own name) above a phrasing", () => {
    expect(small.search('artifact', { limit: 2 }).map((r) => r.url)).toEqual(['/g/relics/', '/g/other/']);
  });
});

describe('exceptions (frontmatter exceptionTo)', () => {
  const doc = (slug: string, data: Partial<{ title: string; aliases: string[]; exceptionTo: string[] }>, body: string) =>
    searchDoc({ id: 'g', title: 'G' }, slug, { title: slug, summary: 'A summary.', aliases: [], terms: [], ...data }, body);
  const docs = [
    doc('coins', { title: 'Coins' }, 'Coins buy goods.'),
    doc('housing', { title: 'Rooms' }, 'A housed villager stays in its row: you may not shift it.'),
    doc(
      'inn',
      { title: 'Inn', exceptionTo: ['housing', 'gone', 'inn'] },
      'Shift a housed villager from the Inn row to another row, and shift it again later.',
    ),
  ];
  const built = buildSearchIndexes(docs).get('g')!;
  it('are listed in the index by doc, with their general rules (an unknown slug or the entry itself left out)', () => {
    const at = (slug: string) => built.docs.findIndex((d) => d[0] === `/g/${slug}/`);
    expect(built.exceptions).toEqual([[at('inn'), at('housing')]]);
    expect(buildSearchIndexes([docs[0]!]).get('g')!.exceptions).toBeUndefined();
  });
  it('come after their general rule unless the query names them', () => {
    const s = new Searcher(built);
    const plain = new Searcher(buildSearchIndexes(docs.map(({ exceptionTo: _, ...d }) => d)).get('g')!);
    expect(plain.search('can I shift a housed villager', { limit: 2 }).map((r) => r.url)).toEqual(['/g/inn/', '/g/housing/']);
    expect(s.search('can I shift a housed villager', { limit: 2 }).map((r) => r.url)).toEqual(['/g/housing/', '/g/inn/']);
    expect(s.search('can I shift a housed villager at the inn', { limit: 2 }).map((r) => r.url)).toEqual(['/g/inn/', '/g/housing/']);
  });
});

describe('SearchSet', () => {
  const all = new SearchSet(searchers);
  it('keeps a game-scoped search inside its game', () => {
    expect(all.search('setup', { game: 'forge-war' }).every((r) => r.game === 'forge-war')).toBe(true);
  });
  it('merges every game when unscoped: the entries the query names first, then the rest, each part by score', () => {
    const games = new Set(all.search('setup', { limit: 20 }).map((r) => r.game));
    expect(games.size).toBeGreaterThan(1);
    const results = all.search('setup');
    const named = results.map((r) => !!r.named);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    for (const part of [true, false]) {
      const scores = results.filter((r) => !!r.named === part).map((r) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });
  it("finds the body text of any game's result", () => {
    expect(all.bodyOf('/pencilvillage/fight/').length).toBeGreaterThan(50);
  });
});

describe('all games', () => {
  const all = new SearchSet(searchers);
  const top = (q: string) => all.search(q, { limit: 3 }).map((r) => r.url);
  it("ranks a close match on one game's title above a weak match in another (one idf scale for every index)", () => {
    expect(top('stirkes')[0]).toBe('/forge-war/strikes/');
  });
  it("puts every game's entry the query names word for word before passing mentions of the word", () => {
    // "coins" is Now or Never's Coins and an alias of Gold in Forge War and Pencilvillage; Now or Never's other
    // entries that only mention coins come after all three (another game's entry may name coins too).
    const urls = all.search('coins', { limit: 20 }).map((r) => r.url);
    const names = ['/now-or-never/coins/', '/forge-war/gold/', '/pencilvillage/gold/'];
    expect(urls).toEqual(expect.arrayContaining(names));
    const mentions = urls.filter((u) => u.startsWith('/now-or-never/') && !names.includes(u));
    expect(mentions.length).toBeGreaterThan(0);
    expect(Math.min(...mentions.map((u) => urls.indexOf(u)))).toBeGreaterThan(Math.max(...names.map((u) => urls.indexOf(u))));
  });
  it('counts a word only one game has against the games that lack it', () => {
    // "underworld" is Pencilvillage's alone: Now or Never's Combat, which lacks it, used to cover the whole query.
    const results = all.search('how do fights work in the underworld', { limit: 3 });
    expect(results.map((r) => r.url)).toContain('/pencilvillage/fight/');
    // Pencilvillage's objective "Fight 10 times" (an option-only entry) no longer stands first for it: with
    // Pencilvillage being played, its general rule, Fight, does.
    expect(all.search('how do fights work in the underworld', { limit: 3, current: 'pencilvillage' })[0]!.url).toBe(
      '/pencilvillage/fight/',
    );
  });
  it("takes each game's own words for players' words from its game file", () => {
    // Vindication's game file: "victory" → honor. Forge War's: → prestige.
    expect(indexes.get('vindication')!.synonyms!.victory).toEqual(['honor']);
    expect(all.search('victory', { game: 'vindication', limit: 3 }).map((r) => r.url)).toContain('/vindication/honor/');
    expect(all.search('victory', { game: 'forge-war', limit: 3 }).map((r) => r.url)).toContain('/forge-war/prestige-points/');
  });
  it("shows each result's game", () => {
    expect(all.search('setup').every((r) => r.gameTitle.length > 0)).toBe(true);
  });
});

describe('symbols and question phrasing', () => {
  it('reads an asterisk standing alone as the word, not markdown emphasis', () => {
    expect(indexWords('* quests')).toEqual(['asterisk', 'quest']);
    expect(indexWords('the “*” quests')).toEqual(['asterisk', 'quest']);
    expect(indexWords('**bold** 2*3')).toEqual(['bold', '2', '3']);
    expect(slugs('forge-war', '* quests')[0]).toBe('quest-deck-setup');
  });
  it('takes a long unknown word one edit from a single word as that word mistyped', () => {
    const v = searchers.get('vindication')!;
    const found = v.candidates('jewlcrafter', false).map((c) => [v.index.vocab[c.term], c.factor]);
    expect(found).toContainEqual(['jewelcrafter', 0.9]);
    expect(slugs('vindication', 'jewlcrafter crystals')).toContain('jewelcrafter');
  });
  it('pairs each number of a query with the word it counts', () => {
    expect(numberPairs(queryWords('lose 5 hearts get 5 coins').words)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(numberPairs(queryWords('quests cost 0 1 or 2 gold').words)).toEqual([
      [2, 5],
      [3, 5],
      [4, 5],
    ]);
    expect(numberPairs(queryWords('hexes 61').words)).toEqual([[1, 0]]);
    expect(numberPairs(queryWords('mill production').words)).toEqual([]);
  });
  it('lifts the entries that hold a number beside its noun, in the game\'s short forms too ("7p")', () => {
    // Flying Casino (underground) trades 5 hearts for 5 coins; hearts and coins alone are pages about the words.
    expect(slugs('now-or-never', 'lose 5 hearts get 5 coins')).toContain('flying-casino');
    // Population writes its cap "7p"; the objective "27 population by Round 21" spells out "cap is 7".
    expect(slugs('pencilvillage', '7 population cap')[0]).toBe('population');
  });
  it('finds symbols printed on the sheets', () => {
    expect(slugs('pencilvillage', 'what does ! mean')[0]).toBe('traps');
    expect(slugs('pencilvillage', '∇')[0]).toBe('passages');
  });
  it('weighs the setting of a question and words like "someone else" less than what it asks', () => {
    expect(slugs('now-or-never', 'can i rest someone elses specialist')).toContain('rest-specialist');
    expect(slugs('now-or-never', 'how many villagers fit in one row')).toContain('beds');
  });
  it('weighs the thing a question asks about over its verbs', () => {
    expect(slugs('pencilvillage', 'mill production')[0]).toBe('mill');
    expect(slugs('now-or-never', 'how does searching work')[0]).toBe('search');
  });
});

describe('entries for one choice of a play option', () => {
  const groups = (game: string) => {
    const index = indexes.get(game)!;
    return new Map(index.choices!.map(({ option, docs }) => [option, new Set(docs.map((d) => index.docs[d]![0].split('/')[2]))]));
  };
  it('come after the general rule unless the query names them', () => {
    // Pencilvillage's objectives, characters and mods are option values with an entry each.
    const pv = groups('pencilvillage');
    expect(pv.get('objective')!.has('objective-27-population')).toBe(true);
    expect(pv.get('character')!.has('character-malikai')).toBe(true);
    expect([...pv.values()].some((docs) => docs.has('population'))).toBe(false);
    expect(slugs('pencilvillage', '7 population cap')[0]).toBe('population');
    expect(slugs('pencilvillage', '27 population')[0]).toBe('objective-27-population');
    expect(slugs('pencilvillage', 'malikia stealth')).toContain('character-malikai');
  });
  it('are named by the given name of a card printed as "Name, epithet", unless another entry goes by it', () => {
    expect(givenName('Strann, the Oppressor')).toBe('Strann');
    expect(givenName("Vak'kk, Warden of the Coast")).toBe("Vak'kk");
    expect(givenName('Armguards of the Beast Mistress')).toBeUndefined();
    expect(givenName('Wim, Sprightly Squire')).toBe('Wim');
    expect(givenName('Al, a short name')).toBeUndefined();
    const index = indexes.get('vindication')!;
    const phrasesOf = (slug: string) => index.phrases[index.docs.findIndex((x) => x[0] === `/vindication/${slug}/`)]!;
    expect(phrasesOf('yellow-companions')).toContain('grenn');
    // "Ronak, the Earth Trembler" is a term of Provoking Ronak, but "Ronak" is Myths & Wonders' alias.
    expect(phrasesOf('provoking-ronak')).not.toContain('ronak');
    expect(slugs('vindication', 'ronak')[0]).toBe('myths-and-wonders');
  });
  it('are not named by a phrasing that shrinks to another entry\'s title ("which book" → "book")', () => {
    const index = indexes.get('now-or-never')!;
    const d = index.docs.findIndex((x) => x[0] === '/now-or-never/story-setup/');
    expect(index.phrases[d]).not.toContain('book');
    expect(index.phrases[d]).toContain('chapter book');
    const named = new SearchSet(searchers)
      .search('book', { limit: 8 })
      .filter((r) => r.named)
      .map((r) => r.url);
    expect(named).toContain('/now-or-never/books/');
    expect(named).not.toContain('/now-or-never/story-setup/');
    // Nor is any entry: Heroes tracker's "how many heroes can i have" is "hero", which names Heroes.
    expect(slugs('pencilvillage', 'how do i get heroes')[0]).toBe('heroes');
  });
  it("come first when the reader's setup has that choice (solo on, that character)", () => {
    const all = new SearchSet(searchers);
    const top = (q: string, game: string, setup: Record<string, unknown>) =>
      all.search(q, { game, limit: 3, setups: { [game]: setup } }).map((r) => r.url.split('/')[2]);
    expect(top('season end', 'now-or-never', {})[0]).not.toBe('solo-season-end');
    expect(top('season end', 'now-or-never', { solo: true })[0]).toBe('solo-season-end');
    expect(top('season end', 'now-or-never', { solo: false })[0]).not.toBe('solo-season-end');
    expect(top('stealth', 'pencilvillage', { character: 'malikai' }).slice(0, 2)).toEqual(['stealth', 'character-malikai']);
    // All games: each game's own setup.
    expect(all.search('season end', { limit: 1, setups: { 'now-or-never': { solo: true } } })[0]!.url).toBe(
      '/now-or-never/solo-season-end/',
    );
  });
  it('know a setup by option and value: a choice, a list, an option on; anything else matches nothing', () => {
    expect(inSetup({ character: 'malikai' }, 'character', 'malikai')).toBe(true);
    expect(inSetup({ mods: ['tire', 'homesick'] }, 'mods', 'tire')).toBe(true);
    expect(inSetup({ players: 3 }, 'players', '3')).toBe(true);
    expect(inSetup({ solo: true }, 'solo', '')).toBe(true);
    expect(inSetup({ solo: 'true' }, 'solo', '')).toBe(false);
    expect(inSetup({ character: { toString: () => 'malikai' } }, 'character', 'malikai')).toBe(false);
    expect(inSetup(undefined, 'solo', '')).toBe(false);
  });
  it('and so do the rules of a section that belongs to an option (solo play, an expansion)', () => {
    expect(groups('now-or-never').get('solo')!.has('solo-season-end')).toBe(true);
    expect(groups('vindication').get('treachery')!.size).toBeGreaterThan(1);
    expect(slugs('now-or-never', 'season end')[0]).not.toBe('solo-season-end');
    expect(slugs('now-or-never', 'solo season end')[0]).toBe('solo-season-end');
  });
});

describe('limit questions', () => {
  it('put the entry whose summary states the limit first ("at most 4 specialists"), not the thing\'s own page', () => {
    expect(slugs('now-or-never', 'how many specialists can i have')[0]).toBe('specialist-slots');
    expect(slugs('now-or-never', 'specialists')[0]).toBe('specialist-tiles');
  });
});

describe('answer in the list', () => {
  it('shows the sentence holding the number a lookup asks for', () => {
    const r = searchers.get('now-or-never')!.search('how many coins does each player get at setup', { limit: 1 })[0]!;
    const text = resultSnippet(r, () => '')
      .map((p) => p.text)
      .join('');
    expect(r.url).toBe('/now-or-never/setup-player-area/');
    expect(text).toContain('17 coins');
  });
});

describe('closest entries to a missing address (404)', () => {
  const all = new SearchSet(searchers);
  const games = [...indexes.keys()];
  const closest = (path: string) => closestEntries(all, path, games).map((r) => r.url);
  it("puts the mistyped slug's nearest entry first", () => {
    expect(closest('/forge-war/strikse/')[0]).toBe('/forge-war/strikes/');
    expect(closest('/now-or-never/warp-stones-rule/')[0]).toBe('/now-or-never/warp-stone/');
  });
  it('reads the slug, not the game, and never throws on a malformed address', () => {
    expect(parseMissingPath('/now-or-never/not-a-rule/', games)).toEqual({ game: 'now-or-never', slug: 'not-a-rule' });
    expect(() => safeDecode('/now-or-never/%E0%A4%A/')).not.toThrow();
    expect(() => closest('/now-or-never/%E0%A4%A/')).not.toThrow();
    expect(closest('/now-or-never/%E0%A4%A/').length).toBeGreaterThan(0);
    // An address with no words at all: the games' starting points, never nothing.
    const start = closest('/%%%/');
    expect(start).toHaveLength(5);
    expect(start).toEqual(all.search('overview setup turn ', { limit: 5 }).map((r) => r.url));
  });
});
