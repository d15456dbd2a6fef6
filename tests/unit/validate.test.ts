import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { entrySchema } from '../../src/schemas/entry';
import { gameProblems, validateSite, type EntryRecord } from '../../src/lib/validate';
import { entryAnchors, linkProblem, siteIndex } from '../../src/lib/site-index';
import { invisibleCharacters, mixedScriptWords } from '../../src/lib/content-text';
import { bodyProblems } from '../../src/lib/entry-body';
import { transformRuleTree } from '../../src/lib/rule-tree';
import { parseEntryBody } from '../../src/integrations/entry-tree';

const game = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const games = [{ ...game, quickLinks: [], setupGuide: [], synonyms: {}, playAlong: undefined }];
let place = 0;
/** An entry of the overview section, each at its own place unless `data` says otherwise. */
const entry = (slug: string, data: Record<string, unknown> = {}): EntryRecord => ({
  game: 'now-or-never',
  slug,
  file: `content/now-or-never/${slug}.mdx`,
  data: entrySchema.parse({
    title: slug,
    section: 'overview',
    order: place++,
    summary: 'A full sentence of summary.',
    related: ['pass'],
    ...data,
  }),
});

describe('entrySchema', () => {
  it('names the field that is wrong', () => {
    const r = entrySchema.safeParse({ title: 'X', section: 'overview', order: 'first', summary: 'short', related: [], extra: 1 });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['order', 'summary', 'related', '']));
  });
  it('reads exceptionTo as a list of entry slugs, empty by default', () => {
    const base = { title: 'Inn', section: 'buildings', order: 1, summary: 'A full sentence of summary.', related: ['housing'] };
    expect(entrySchema.parse(base).exceptionTo).toEqual([]);
    expect(entrySchema.parse({ ...base, exceptionTo: ['housing'] }).exceptionTo).toEqual(['housing']);
    const r = entrySchema.safeParse({ ...base, exceptionTo: ['Housing rules'] });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['exceptionTo.0']);
    expect(entrySchema.safeParse({ ...base, exceptionTo: 'housing' }).success).toBe(false);
  });
});

describe('gameProblems', () => {
  const file = 'content/games/now-or-never.yaml';
  const problemsOf = (raw: unknown) => gameProblems(gameSchema.parse(raw), file).map((x) => `${x.file}: ${x.field}: ${x.message}`);
  it('passes the real game file', () => {
    expect(gameProblems(game, file)).toEqual([]);
  });

  it('refuses a section that names an option the game does not have, by its path', () => {
    const raw = parse(readFileSync('content/games/now-or-never.yaml', 'utf8'));
    const i = raw.sections.findIndex((s: { id: string }) => s.id === 'solo');
    raw.sections[i].option = 'sollo';
    expect(problemsOf(raw)).toEqual([`${file}: sections.${i}.option: no option "sollo" in this game's options`]);
  });

  it('refuses a section id given twice, on the second', () => {
    const raw = parse(readFileSync('content/games/now-or-never.yaml', 'utf8'));
    raw.sections[1].id = raw.sections[0].id;
    expect(problemsOf(raw)).toEqual([`${file}: sections.1.id: duplicate section id "${raw.sections[0].id}"`]);
  });

  it('refuses a choice value with a space, and a value given twice, by their paths', () => {
    const raw = parse(readFileSync('content/games/now-or-never.yaml', 'utf8'));
    const i = raw.options.findIndex((o: { id: string }) => o.id === 'seasons');
    raw.options[i].values[1].value = '5 seasons';
    raw.options[i].values[2].value = 6;
    expect(problemsOf(raw)).toEqual([
      `${file}: options.${i}.values.1.value: value "5 seasons" must be one word, without spaces (text for it could never show)`,
      `${file}: options.${i}.values.2.value: duplicate value "6" in option "seasons"`,
    ]);
  });
});

describe('validateSite', () => {
  it('reports two entries at the same place in a section, on the second', () => {
    expect(
      validateSite(games, [
        entry('pass', { related: ['seasons'], order: 2 }),
        entry('seasons', { order: 2 }),
        entry('production', { order: 2, section: 'setup' }),
      ]),
    ).toEqual([
      {
        file: 'content/now-or-never/seasons.mdx',
        field: 'order',
        message: 'order 2 is also content/now-or-never/pass.mdx\'s place in section "overview"; give each entry of a section its own',
      },
    ]);
  });
  it('skips the checks of fields that failed their schema (reported once, by the schema)', () => {
    const broken = {
      ...entry('seasons'),
      invalid: new Set(['section', 'title']),
      data: { ...entry('seasons').data, section: '', title: '' },
    };
    expect(
      validateSite(games, [
        entry('pass', { related: ['seasons'] }),
        broken,
        { ...broken, slug: 'other', file: 'content/now-or-never/other.mdx' },
      ]),
    ).toEqual([]);
  });
  it('accepts a consistent site', () => {
    expect(validateSite(games, [entry('pass', { related: ['seasons'] }), entry('seasons')])).toEqual([]);
  });
  it('reports unknown sections, options and related entries by file and field', () => {
    const problems = validateSite(games, [entry('pass', { section: 'nowhere', options: ['solos'], related: ['gone'] })]);
    expect(problems).toEqual([
      { file: 'content/now-or-never/pass.mdx', field: 'section', message: expect.stringContaining('unknown section "nowhere"') },
      { file: 'content/now-or-never/pass.mdx', field: 'options.0', message: expect.stringContaining('unknown option "solos"') },
      { file: 'content/now-or-never/pass.mdx', field: 'related.0', message: 'no entry "gone" in now-or-never' },
    ]);
  });
  it('reports an exceptionTo slug that is no entry of the game, the entry itself, or listed twice', () => {
    const problems = validateSite(games, [
      entry('pass', { related: ['seasons'], exceptionTo: ['gone', 'pass', 'seasons', 'seasons'] }),
      entry('seasons'),
    ]);
    expect(problems).toEqual([
      { file: 'content/now-or-never/pass.mdx', field: 'exceptionTo.3', message: '"seasons" is listed twice (also exceptionTo.2)' },
      { file: 'content/now-or-never/pass.mdx', field: 'exceptionTo.0', message: 'no entry "gone" in now-or-never' },
      { file: 'content/now-or-never/pass.mdx', field: 'exceptionTo.1', message: 'an entry cannot be an exception to itself' },
    ]);
    expect(validateSite(games, [entry('pass', { related: ['seasons'], exceptionTo: ['seasons'] }), entry('seasons')])).toEqual([]);
  });
  it('reports a game synonym that leads to no term of the game, by its path', () => {
    const withSynonyms = [{ ...games[0]!, synonyms: { vp: ['seasons'], hp: ['hartz'] } }];
    expect(validateSite(withSynonyms, [entry('pass', { related: ['seasons'] }), entry('seasons')])).toEqual([
      {
        file: 'content/games/now-or-never.yaml',
        field: 'synonyms.hp.0',
        message: '"hartz" is not a word of any title, alias or term in now-or-never',
      },
    ]);
  });
  it('reports an alias that two entries claim, and duplicate or reserved slugs', () => {
    const problems = validateSite(games, [
      entry('pass', { aliases: ['skip'], related: ['seasons'] }),
      entry('seasons', { aliases: ['Skip'] }),
      entry('seasons'),
      entry('terms'),
    ]);
    expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^aliases\.0: "Skip" is already claimed by content\/now-or-never\/pass\.mdx/),
        'slug: duplicate slug "seasons" in now-or-never',
        'slug: "terms" is a reserved page name',
      ]),
    );
  });
  it('reports a player phrasing that names an entry or that two entries share', () => {
    const problems = validateSite(games, [
      entry('pass', { aliases: ['skip'], asked: ['do nothing', 'Seasons', 'skip'], related: ['seasons'] }),
      entry('seasons', { asked: ['do  nothing', 'how long'] }),
    ]);
    expect(problems.map((p) => `${p.file} ${p.field}: ${p.message}`)).toEqual([
      'content/now-or-never/pass.mdx asked.1: "Seasons" is a name of content/now-or-never/seasons.mdx (title); a phrasing must not lead elsewhere',
      `content/now-or-never/pass.mdx asked.2: "skip" repeats this entry's aliases.0`,
      'content/now-or-never/seasons.mdx asked.0: "do  nothing" is also asked in content/now-or-never/pass.mdx (asked.0); give it to one entry only',
    ]);
  });
});

describe('site links and anchors', () => {
  const tree = parseEntryBody('## Passing early\n\nText.\n\n## Passing early\n\n<Unclear id="bot-pass">\n\nNot said.\n\n</Unclear>\n');
  const site = siteIndex(games, [
    { game: 'now-or-never', slug: 'pass', anchors: entryAnchors(tree) },
    { game: 'vindication', slug: 'pass', anchors: new Set() },
  ]);
  it("knows an entry page's headings (numbered when repeated, as the pipeline numbers them) and notes", () => {
    expect([...entryAnchors(tree)]).toEqual(['passing-early', 'passing-early-1', 'unclear-bot-pass']);
  });
  it("accepts the site's pages and anchors, with or without the slash or a query", () => {
    for (const [path, fragment] of [
      ['/'],
      ['/search/?q=pass'],
      ['/now-or-never/terms/'],
      ['/now-or-never/pass'],
      ['/now-or-never/pass/', 'unclear-bot-pass'],
    ] as const)
      expect(linkProblem(site, path, fragment), path).toBeUndefined();
  });
  it('names a missing path, a missing anchor, and a fragment on a page that is not an entry', () => {
    expect(linkProblem(site, '/vindicaton/')).toBe('no page /vindicaton/ on this site');
    expect(linkProblem(site, '/vindication/pass/')).toBe('no page /vindication/pass/ on this site'); // not a game of the site
    expect(linkProblem(site, '/now-or-never/pass/', 'passing-late')).toBe(
      'no #passing-late on /now-or-never/pass/ (its anchors: #passing-early, #passing-early-1, #unclear-bot-pass)',
    );
    expect(linkProblem(site, '/now-or-never/terms/', 'p')).toBe(
      '/now-or-never/terms/ is not a rule entry: link the page without a #fragment',
    );
  });
  it('checks a link within the entry (#fragment) against its own anchors', () => {
    const body = parseEntryBody('## Passing early\n\nSee [above](#passing-early) and [below](#nowhere).\n');
    const report = transformRuleTree(body as never, { game: games[0]!, slugs: new Set(['pass']), site, slug: 'pass' });
    expect(report.errors).toEqual([
      {
        line: 3,
        message: 'link "#nowhere": no #nowhere on /now-or-never/pass/ (its anchors: #passing-early, #passing-early-1, #unclear-bot-pass)',
      },
    ]);
  });
  it('refuses a <When> that cannot show inside another, and accepts one that narrows it', () => {
    const body = parseEntryBody(
      '<When seasons={[5, 4]}>\n\n<When seasons={4}>\n\nok\n\n</When>\n\n<When seasons={6}>\n\nnever\n\n</When>\n\n</When>\n',
    );
    const report = transformRuleTree(body as never, { game: games[0]!, slugs: new Set() });
    expect(report.errors).toEqual([
      { line: 9, message: 'this <When> can never show: it asks for 6 seasons (full game) inside a <When> for 5 seasons or 4 seasons' },
    ]);
  });
  it('knows what requirements rule out: no 3 players in solo (players needs multiplayer), on one <When> or nested', () => {
    const body = parseEntryBody(
      '<When solo>\n\n<When players={3}>\n\nnever\n\n</When>\n\n<When not players={3}>\n\nshown\n\n</When>\n\n</When>\n\n<When solo players={[3, 4]}>\n\nnever\n\n</When>\n',
    );
    const report = transformRuleTree(body as never, { game: games[0]!, slugs: new Set() });
    expect(report.errors.map((e) => `${e.line}: ${e.message}`)).toEqual([
      '3: this <When> can never show: it asks for 3 players inside a <When> for Solo play (bot)',
      '17: this <When> can never show: Solo play (bot) · 3 players or 4 players cannot all hold',
    ]);
  });
});

describe('invisible characters', () => {
  it('finds each, by line and column, and lets tabs and line ends be', () => {
    expect(invisibleCharacters('a\tb\r\nc\u200Dd \u2066x\u2069\n\u0007')).toEqual([
      { line: 2, message: 'invisible character U+200D (zero width joiner) at column 2: delete it' },
      { line: 2, message: 'invisible character U+2066 (left-to-right isolate) at column 5: delete it' },
      { line: 2, message: 'invisible character U+2069 (pop directional isolate) at column 7: delete it' },
      { line: 3, message: 'invisible character U+0007 (control character) at column 1: delete it' },
    ]);
  });
});

describe('words mixing scripts', () => {
  it('names a word with a look-alike letter of another script, and passes words of one script', () => {
    expect(mixedScriptWords('F\u0430rsight and Farsight')).toEqual([{ word: 'F\u0430rsight', scripts: ['Latin', 'Cyrillic'] }]);
    expect(mixedScriptWords('\u03a9\u03bc\u03ad\u03b3\u03b1 point')).toEqual([]); // one Greek word, one Latin word
    expect(mixedScriptWords('O\u03bcega')).toEqual([{ word: 'O\u03bcega', scripts: ['Latin', 'Greek'] }]);
    expect(mixedScriptWords('naïve Ærøskøbing Москва 3A + 8w')).toEqual([]);
  });
});

describe("an entry's body as a whole", () => {
  const body = (text: string) => parseEntryBody(text);
  it('refuses a body with no text, and a summary longer than the text', () => {
    expect(bodyProblems(body('\n\n'), 'A summary of one sentence.')).toEqual([
      { message: 'the entry has no text: write its rule below the frontmatter' },
    ]);
    expect(bodyProblems(body('Gain 1s.'), 'You gain 1 stone for 1 action.')).toEqual([
      { field: 'summary', message: "30 characters, longer than the entry's text (8): a summary sums up the text, the text says more" },
    ]);
  });
  it('counts the text of every variant and the longest text of a <Pick>', () => {
    const summary = 'Upgrade costs A and 8 wood.';
    expect(bodyProblems(body('<Pick character={{yasmine: "A (no w)", other: "Costs A + 8w 6s to upgrade."}} />'), summary)).toEqual([]);
    expect(bodyProblems(body('<When solo>\n\nThe bot pays 8 wood to upgrade.\n\n</When>'), summary)).toEqual([]);
    expect(bodyProblems(body('<Pick character={{yasmine: "A", other: "A + 8w"}} />'), summary)).toHaveLength(1);
  });
});
