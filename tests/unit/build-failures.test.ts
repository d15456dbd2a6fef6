/**
 * Bad content fails with a message naming the file and the field (or line). Each case copies the small fixture
 * site and breaks one thing. The cases go through the content check (src/integrations/content-problems.ts), which runs the
 * build's own checks: the content-check integration's schemas and cross-entry rules, and the remark plugin's
 * rule-tree transform on every entry. One real `astro build` shows that a broken entry fails the build itself with
 * the same message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { contentProblems } from '../../src/integrations/content-problems';

const FIXTURE = 'tests/fixtures/mini/content';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the fixture's content folder, changed by `edit`. */
function fixture(edit: (content: string) => void): string {
  mkdirSync('tests/.tmp', { recursive: true });
  const dir = mkdtempSync(join('tests/.tmp', 'fixture-'));
  dirs.push(dir);
  const content = join(dir, 'content');
  cpSync(FIXTURE, content, { recursive: true });
  edit(content);
  return content;
}
const patch = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text)) throw new Error(`fixture ${file} no longer contains ${from}`);
  writeFileSync(file, text.replace(from, to));
};
const check = async (edit: (content: string) => void) => (await contentProblems(loadCatalogue(fixture(edit)))).problems.join('\n');

describe('a broken entry fails the content check, naming the file and field', () => {
  it('passes the intact fixture', async () => {
    expect(await check(() => {})).toBe('');
  });
  it('invalid frontmatter', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), /^summary:.*$/m, 'summary: 12'))).toMatch(
      /now-or-never\/pass\.mdx:5: summary: /,
    );
  });
  it('unknown section', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), 'section: overview', 'section: nowhere'))).toMatch(
      /now-or-never\/pass\.mdx:3: section: unknown section "nowhere"/,
    );
  });
  it('unknown option in conditional text', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), '<When solo>', '<When solos>'))).toMatch(
      /now-or-never\/pass\.mdx:\d+: <When> names unknown option "solos"/,
    );
  });
  it('unknown option value in conditional text', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/seasons.mdx'), 'seasons={[5, 4]}', 'seasons={[5, 3]}'))).toMatch(
      /now-or-never\/seasons\.mdx:\d+: option "seasons" has no value 3/,
    );
  });
  it('link to a missing entry', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), '(anytime-actions)', '(any-time-actions)'))).toMatch(
      /now-or-never\/pass\.mdx:\d+: link to missing entry "any-time-actions"/,
    );
  });
  it('an alias claimed by two entries, and a related entry that does not exist', async () => {
    const out = await check((c) => {
      patch(join(c, 'now-or-never/seasons.mdx'), 'aliases: [rounds', 'aliases: [passing, rounds');
      patch(join(c, 'pencilvillage/quest.mdx'), 'related: [movement]', 'related: [movements]');
    });
    expect(out).toMatch(/now-or-never\/seasons\.mdx:6: aliases\.0: "passing" is already claimed/);
    expect(out).toMatch(/pencilvillage\/quest\.mdx:7: related\.0: no entry "movements"/);
  });
  it('another origin: an image, a link, a bare address and raw HTML, each with its line', async () => {
    const out = await check((c) =>
      writeFileSync(
        join(c, 'now-or-never/pass.mdx'),
        `${readFileSync(join(c, 'now-or-never/pass.mdx'), 'utf8').trimEnd()}\n\n![map](https://example.com/map.png)\n\nSee [the FAQ](https://example.com/faq) or https://example.org/faq.\n\n<iframe src="https://example.com/video"></iframe>\n`,
      ),
    );
    const file = /now-or-never\/pass\.mdx:(\d+): /.source;
    expect(out).toMatch(new RegExp(`${file}image "https://example.com/map.png" points to another site \\(example.com\\)`));
    expect(out).toMatch(new RegExp(`${file}link "https://example.com/faq" points to another site`));
    expect(out).toMatch(new RegExp(`${file}link "https://example.org/faq" points to another site`));
    expect(out).toMatch(new RegExp(`${file}<iframe> is not allowed in an entry`));
  });
});

/** The 1-based line of the first line of `file` that contains `text`. */
const lineOf = (file: string, text: string) => {
  const i = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`fixture ${file} no longer contains ${text}`);
  return i + 1;
};
const FIX = (rel: string) => join(FIXTURE, rel);
/** The problems of a changed fixture, each with the temporary folder's prefix taken off (`content/...`). */
const problemsOf = async (edit: (content: string) => void) =>
  (await check(edit))
    .split('\n')
    .filter(Boolean)
    .map((l) => l.replace(/^tests\/\.tmp\/fixture-[^/]+\//, ''));

describe('authoring mistakes that used to pass, each refused with its file and real line, once', () => {
  it('a link to a missing #fragment of an entry, or to a missing site path; links to ones that exist pass', async () => {
    const pass = 'now-or-never/pass.mdx';
    const out = await problemsOf((c) => {
      patch(join(c, 'now-or-never/anytime-actions.mdx'), 'Fixture text', '## Acting after you pass\n\nFixture text');
      patch(
        join(c, pass),
        '[Anytime actions](anytime-actions)',
        '[Anytime actions](anytime-actions#acting-after-you-pass) ([not this](anytime-actions#acting-later))',
      );
      patch(
        join(c, pass),
        'the [production phase](production-phase) at the same time',
        '[Vindication](/vindicaton/) then [the A-Z](/now-or-never/terms/)',
      );
    });
    const body = lineOf(FIX(pass), '[Anytime actions]');
    const when = lineOf(FIX(pass), 'at the same time');
    expect(out).toEqual([
      `content/${pass}:${body}: link "anytime-actions#acting-later": no #acting-later on /now-or-never/anytime-actions/ (its anchors: #acting-after-you-pass)`,
      `content/${pass}:${when}: link "/vindicaton/": no page /vindicaton/ on this site`,
    ]);
  });
  it('a <When> inside a <When> whose conditions cannot both hold', async () => {
    const out = await problemsOf((c) =>
      patch(
        join(c, 'now-or-never/pass.mdx'),
        'The others keep taking turns',
        '<When solo>\n\nNever seen.\n\n</When>\n\nThe others keep taking turns',
      ),
    );
    const line = lineOf(FIX('now-or-never/pass.mdx'), 'The others keep taking turns');
    expect(out).toEqual([
      `content/now-or-never/pass.mdx:${line}: this <When> can never show: it asks for Solo play (bot) inside a <When> for Multiplayer`,
    ]);
  });
  it('a malformed <When any>: one option, or with not', async () => {
    const pass = 'now-or-never/pass.mdx';
    const out = await problemsOf((c) => {
      patch(join(c, pass), '<When not solo>', '<When any not solo>');
      patch(join(c, pass), '<When solo>', '<When any solo>');
    });
    expect(out).toEqual([
      `content/${pass}:${lineOf(FIX(pass), '<When not solo>')}: <When any ...> cannot take not: ` +
        'write each alternative as a value, e.g. <When any solo={false} story>',
      `content/${pass}:${lineOf(FIX(pass), '<When solo>')}: <When any ...> takes 2 or more options, ` +
        'e.g. <When any solo story>; for one option write <When solo>',
    ]);
  });
  it('a choice value that is not one word, and a duplicate choice value: one line each, no noise from the entries', async () => {
    const game = 'games/now-or-never.yaml';
    const out = await problemsOf((c) => {
      patch(join(c, game), '{ value: 5, label: 5 seasons }', '{ value: 6, label: 5 seasons }');
      patch(join(c, game), '{ value: 4, label: 4 seasons }', '{ value: four seasons, label: 4 seasons }');
    });
    expect(out).toEqual([
      `content/${game}:${lineOf(FIX(game), 'value: 5, label: 5 seasons')}: options.4.values.1.value: duplicate value "6" in option "seasons"`,
      `content/${game}:${lineOf(FIX(game), 'value: 4, label: 4 seasons')}: options.4.values.2.value: value "four seasons" must be one word, without spaces (text for it could never show)`,
    ]);
  });
  it('two entries at the same place in a section', async () => {
    const out = await problemsOf((c) => patch(join(c, 'now-or-never/seasons.mdx'), 'order: 0', 'order: 2'));
    // The other entry is named by its path as read (here under the test's temporary folder).
    expect(out).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/now-or-never/seasons\\.mdx:${lineOf(FIX('now-or-never/seasons.mdx'), 'order:')}: order: order 2 is also \\S*content/now-or-never/pass\\.mdx's place in section "overview"; give each entry of a section its own$`,
        ),
      ),
    ]);
  });
  it('files the site would not read: a .md, an .mdx outside a game folder, a folder that is not a game', async () => {
    const out = await problemsOf((c) => {
      writeFileSync(join(c, 'foo.mdx'), readFileSync(join(c, 'now-or-never/pass.mdx')));
      writeFileSync(join(c, 'games/x.mdx'), readFileSync(join(c, 'now-or-never/pass.mdx')));
      writeFileSync(join(c, 'now-or-never/notes.md'), readFileSync(join(c, 'now-or-never/pass.mdx')));
      mkdirSync(join(c, 'vindicaton'));
      writeFileSync(join(c, 'vindicaton/pass.mdx'), readFileSync(join(c, 'now-or-never/pass.mdx')));
    });
    expect(out).toEqual([
      'content/games/x.mdx: (file): not read: content/games/ holds only game files, <game>.yaml',
      'content/foo.mdx: (file): not read: entries go in content/<game>/<slug>.mdx, games in content/games/<game>.yaml',
      'content/now-or-never/notes.md: (file): not read: a game folder holds only rule entries, <slug>.mdx (rename it to .mdx)',
      'content/vindicaton/: (folder): not read: "vindicaton" is not a game (no content/games/vindicaton.yaml; games: now-or-never, pencilvillage)',
    ]);
  });
  it('bidi controls and zero-width characters in frontmatter text, by line and column', async () => {
    const out = await problemsOf((c) => {
      patch(join(c, 'now-or-never/pass.mdx'), 'aliases: [passing,', 'aliases: [pas\u200Bsing,');
      patch(join(c, 'now-or-never/pass.mdx'), 'title: Pass', 'title: \u202EPass');
    });
    expect(out).toEqual([
      'content/now-or-never/pass.mdx:2: (text): invisible character U+202E (right-to-left override) at column 8: delete it',
      `content/now-or-never/pass.mdx:${lineOf(FIX('now-or-never/pass.mdx'), 'aliases:')}: (text): invisible character U+200B (zero width space) at column 14: delete it`,
    ]);
  });
  it('an entry over the size limit', async () => {
    const out = await problemsOf((c) =>
      patch(join(c, 'pencilvillage/quest.mdx'), /\n*$/, `\n\n${'A long paragraph of rule text. '.repeat(600)}\n`),
    );
    expect(out).toEqual([
      'content/pencilvillage/quest.mdx:1: (size): the entry is 18.5 KB, over the 16.0 KB an entry may hold: split it into entries of one rule each',
    ]);
    // A runaway file (megabytes) is not read at all: the check stays fast, and says so.
    const huge = await problemsOf((c) =>
      patch(join(c, 'pencilvillage/quest.mdx'), /\n*$/, `\n\n${'A long paragraph of rule text. '.repeat(90_000)}\n`),
    );
    expect(huge).toEqual([
      'content/pencilvillage/quest.mdx:1: (size): the entry is 2.7 MB, over the 16.0 KB an entry may hold: split it into entries of one rule each (its text is checked once it is shorter)',
    ]);
  });
  it('a byte-order mark is named as such, and the entry is still checked', async () => {
    const out = await problemsOf((c) => {
      const file = join(c, 'now-or-never/pass.mdx');
      writeFileSync(file, `\uFEFF${readFileSync(file, 'utf8').replace('(production-phase)', '(production-phases)')}`);
    });
    expect(out).toEqual([
      'content/now-or-never/pass.mdx:1: (encoding): the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM',
      `content/now-or-never/pass.mdx:${lineOf(FIX('now-or-never/pass.mdx'), '(production-phase) at the same')}: link to missing entry "production-phases" of now-or-never`,
    ]);
  });
  it('an unclosed <When>, at the end or inside a paragraph: the line of its opening tag in the whole file', async () => {
    const pass = 'now-or-never/pass.mdx';
    const atEnd = await problemsOf((c) => patch(join(c, pass), /<\/When>\s*$/, '\n'));
    const open = lineOf(FIX(pass), '<When solo>');
    expect(atEnd).toEqual([`content/${pass}:${open}: MDX syntax: Expected a closing tag for \`<When>\` (line ${open})`]);
    const inline = await problemsOf((c) => patch(join(c, pass), 'take no more turns', 'take <When solo>no more turns'));
    const line = lineOf(FIX(pass), 'take no more turns');
    expect(inline).toEqual([
      `content/${pass}:${line}: MDX syntax: Expected a closing tag for \`<When>\` (line ${line}) before the end of \`paragraph\``,
    ]);
  });
  it("a schema failure does not hide the entry's other problems", async () => {
    const pass = 'now-or-never/pass.mdx';
    const out = await problemsOf((c) => {
      patch(join(c, pass), /^summary:.*$/m, 'summary: 12');
      patch(join(c, pass), 'related: [seasons,', 'related: [season,');
      patch(join(c, pass), '(anytime-actions)', '(any-time-actions)');
    });
    expect(out).toEqual([
      expect.stringMatching(new RegExp(`^content/${pass}:${lineOf(FIX(pass), 'summary:')}: summary: `)),
      `content/${pass}:${lineOf(FIX(pass), 'related:')}: related.0: no entry "season" in now-or-never`,
      `content/${pass}:${lineOf(FIX(pass), '(anytime-actions)')}: link to missing entry "any-time-actions" of now-or-never`,
    ]);
  });
  it("frontmatter that is not YAML: its line, the body's problems, and nothing from entries that link to it", async () => {
    const pass = 'now-or-never/pass.mdx';
    const out = await problemsOf((c) => {
      patch(join(c, pass), 'aliases: [passing,', 'aliases: ][passing,');
      patch(join(c, pass), '(anytime-actions)', '(any-time-actions)');
    });
    expect(out).toEqual([
      `content/${pass}:${lineOf(FIX(pass), 'aliases:')}: (yaml): Unexpected flow-seq-end token in YAML stream: "]" (column 10)`,
      `content/${pass}:${lineOf(FIX(pass), '(anytime-actions)')}: link to missing entry "any-time-actions" of now-or-never`,
    ]);
  });
  it('a broken game file: its problem and nothing about its entries', async () => {
    const out = await problemsOf((c) => patch(join(c, 'games/now-or-never.yaml'), 'order: 1', 'order: first'));
    expect(out).toEqual([expect.stringMatching(/^content\/games\/now-or-never\.yaml:3: order: /)]);
  });
});

describe('more authoring mistakes, each refused with its file and line (they used to pass)', () => {
  const pass = 'now-or-never/pass.mdx';
  const anytime = 'now-or-never/anytime-actions.mdx';
  const game = 'games/now-or-never.yaml';
  /** Writes `text` into an entry's body just before its first body line that holds `before`. */
  const insertBefore = (c: string, file: string, before: string, text: string) => patch(join(c, file), before, `${text}\n\n${before}`);
  /** The line that the text put before `before` (and a blank line) lands on. */
  const insertedAt = (file: string, before: string) => lineOf(FIX(file), before);

  it('a heading with no letter or digit (its id would be empty)', async () => {
    const out = await problemsOf((c) => insertBefore(c, pass, 'Pass when', '## ???'));
    expect(out).toEqual([
      `content/${pass}:${insertedAt(pass, 'Pass when')}: heading "???" has no letter or digit, so its id (the anchor links use) would be empty: give it words`,
    ]);
  });
  it('an entry with no text', async () => {
    const out = await problemsOf((c) => patch(join(c, anytime), /\n---\n[\s\S]*$/, '\n---\n\n'));
    expect(out).toEqual([
      `content/${anytime}:${lineOf(FIX(anytime), 'Fixture text')}: the entry has no text: write its rule below the frontmatter`,
    ]);
  });
  it('a related entry listed twice', async () => {
    const out = await problemsOf((c) => patch(join(c, pass), 'solo-season-end]', 'solo-season-end, seasons]'));
    expect(out).toEqual([`content/${pass}:${lineOf(FIX(pass), 'related:')}: related.4: "seasons" is listed twice (also related.0)`]);
  });
  it('an image from the site (a local file)', async () => {
    const out = await problemsOf((c) => insertBefore(c, pass, 'Pass when', '![the board](board.png)'));
    expect(out).toEqual([
      `content/${pass}:${insertedAt(pass, 'Pass when')}: image "board.png": an entry holds no pictures (none ships with the rules, and none is in the offline copy): say it in words`,
    ]);
  });
  it('a table row with a cell more than its header', async () => {
    const out = await problemsOf((c) => insertBefore(c, pass, 'Pass when', '| Season | Coins |\n|---|---|\n| 1 | 2 |\n| 2 | 3 | 4 |'));
    expect(out).toEqual([
      `content/${pass}:${insertedAt(pass, 'Pass when') + 3}: a table row has 3 cells but its header 2: the cell past the header would never show`,
    ]);
  });
  it('a title mixing scripts (a Cyrillic letter in a Latin word)', async () => {
    const out = await problemsOf((c) => patch(join(c, pass), 'title: Pass', 'title: F\u0430rsight Pass'));
    expect(out).toEqual([
      `content/${pass}:2: title: "F\u0430rsight" mixes Latin and Cyrillic letters in one word: type it again in one script (a look-alike letter hides the word from search)`,
    ]);
  });
  it('a summary longer than the entry it sums up', async () => {
    const long = 'A fixture entry whose summary says far more than its text does, which cannot be a summary of it at all.';
    const out = await problemsOf((c) => patch(join(c, anytime), /^summary:.*$/m, `summary: ${long}`));
    expect(out).toEqual([
      `content/${anytime}:${lineOf(FIX(anytime), 'summary:')}: summary: ${long.length} characters, longer than the entry's text (78): a summary sums up the text, the text says more`,
    ]);
  });
  it('an alias listed twice in one entry', async () => {
    const out = await problemsOf((c) => patch(join(c, pass), 'stop taking turns]', 'stop taking turns, Passing]'));
    expect(out).toEqual([`content/${pass}:${lineOf(FIX(pass), 'aliases:')}: aliases.4: "Passing" is listed twice (also aliases.0)`]);
  });
  it('an entry listed twice in the setup guide', async () => {
    const out = await problemsOf((c) => patch(join(c, game), 'quickLinks: []', 'quickLinks: []\nsetupGuide: [seasons, pass, seasons]'));
    expect(out).toEqual([
      `content/${game}:${lineOf(FIX(game), 'quickLinks:') + 1}: setupGuide.2: "seasons" is listed twice (also setupGuide.0)`,
    ]);
  });
  it("a game file's schema failure does not hide its other problems, nor its entries'", async () => {
    const out = await problemsOf((c) => {
      patch(join(c, game), 'order: 1', 'order: first');
      patch(join(c, game), '{ id: setup, title: Setup }', '{ id: overview, title: Setup }');
      patch(join(c, pass), '(anytime-actions)', '(any-time-actions)');
    });
    expect(out).toEqual([
      expect.stringMatching(new RegExp(`^content/${game}:${lineOf(FIX(game), 'order: 1')}: order: `)),
      `content/${game}:${lineOf(FIX(game), '{ id: setup, title: Setup }')}: sections.1.id: duplicate section id "overview"`,
      `content/${pass}:${lineOf(FIX(pass), '(anytime-actions)')}: link to missing entry "any-time-actions" of now-or-never`,
    ]);
  });
});

describe('the build itself', () => {
  it('fails on broken content with every problem, each with its file and real line (one real astro build)', () => {
    const pass = 'now-or-never/pass.mdx';
    const content = fixture((c) => {
      patch(join(c, pass), '(anytime-actions)', '(any-time-actions)');
      patch(join(c, pass), 'the [production phase](production-phase) at the same time', '[Vindication](/vindicaton/)');
      patch(join(c, pass), 'The others keep taking turns', '<When solo>\n\nNever seen.\n\n</When>\n\nThe others keep taking turns');
      patch(join(c, 'now-or-never/seasons.mdx'), 'aliases: [rounds', 'aliases: [rou\u200Bnds');
      writeFileSync(join(c, 'now-or-never/notes.md'), 'stray');
    });
    const out = join(content, '..');
    const r = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: {
        ...process.env,
        RULES_CONTENT_DIR: content,
        RULES_OUT_DIR: join(out, 'dist'),
        RULES_CACHE_DIR: join(out, 'cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    const log = `${r.stdout}\n${r.stderr}`;
    expect(log).toContain('Invalid content (5 problems)');
    expect(log).toMatch(
      new RegExp(`now-or-never/pass\\.mdx:${lineOf(join(content, pass), '(any-time-actions)')}: link to missing entry "any-time-actions"`),
    );
    expect(log).toMatch(
      new RegExp(
        `now-or-never/pass\\.mdx:${lineOf(join(content, pass), '[Vindication]')}: link "/vindicaton/": no page /vindicaton/ on this site`,
      ),
    );
    expect(log).toMatch(new RegExp(`now-or-never/pass\\.mdx:${lineOf(join(content, pass), 'Never seen') - 2}: this <When> can never show`));
    expect(log).toMatch(/now-or-never\/seasons\.mdx:6: \(text\): invisible character U\+200B \(zero width space\) at column 14/);
    expect(log).toMatch(/now-or-never\/notes\.md: \(file\): not read/);
  });
});
