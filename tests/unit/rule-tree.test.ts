import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { transformRuleTree, type RuleReport } from '../../src/lib/rule-tree';
import { literalValue } from '../../src/lib/estree-value';

const game = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const slugs = new Set(['pass', 'seasons']);

async function run(mdx: string): Promise<{ report: RuleReport; js: string }> {
  let report!: RuleReport;
  const js = String(
    await compile(mdx, {
      remarkPlugins: [remarkGfm, () => (tree: unknown) => void (report = transformRuleTree(tree as never, { game, slugs }))],
    }),
  );
  return { report, js };
}

describe('transformRuleTree', () => {
  it('turns When blocks into tagged divs and inline When into spans', async () => {
    const { report, js } = await run('<When solo>\n\nSolo text.\n\n</When>\n\nYou start with <When not solo>more</When> coins.');
    expect(report.errors).toEqual([]);
    expect(js).toContain('"data-w-solo": "1"');
    expect(js).toContain('"data-w-solo": "0"');
    expect(js).toContain('"span"');
    expect([...report.usedOptions]).toEqual(['solo']);
    expect([...report.variantKeys]).toEqual(['solo']);
  });
  it('labels variant blocks that the default setup hides', async () => {
    const { js } = await run('<When seasons={[5, 4]}>\n\nShort.\n\n</When>');
    expect(js).toContain('"data-w-seasons": "5 4"');
    expect(js).toContain('"data-label": "5 seasons or 4 seasons"');
  });
  it('expands Pick into one span per value', async () => {
    const { report, js } = await run('Lasts <Pick seasons={{6: "six", other: "fewer"}} /> seasons.');
    expect(report.errors).toEqual([]);
    expect(js).toContain('"data-w-seasons": "6"');
    expect(js).toContain('"data-w-seasons": "5 4"');
  });
  it('rewrites entry links and reports missing ones with the line', async () => {
    const { report, js } = await run('See [pass](pass).\n\nAnd [nothing](no-such-entry).');
    expect(js).toContain('/now-or-never/pass/');
    expect(report.errors).toEqual([{ line: 3, message: 'link to missing entry "no-such-entry" of now-or-never' }]);
  });
  it('reports unknown options, unknown values and incomplete Picks', async () => {
    const { report } = await run('<When solos>x</When>\n\n<When seasons={7}>y</When>\n\n<Pick seasons={{6: "six"}} />');
    expect(report.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('unknown option "solos"'),
      expect.stringContaining('has no value 7'),
      expect.stringContaining('gives no text for 5, 4'),
    ]);
    expect(report.errors.map((e) => e.line)).toEqual([1, 3, 5]);
  });
  it('refuses a table with an empty header cell', async () => {
    const { report } = await run('| | A |\n|---|---|\n| x | y |');
    expect(report.errors.map((e) => e.message)).toEqual([expect.stringContaining('empty header cell')]);
  });
  it('rejects not with several props and unknown components', async () => {
    const { report } = await run('<When not solo story>x</When>\n\n<Foo />');
    expect(report.errors.map((e) => e.message)).toEqual([
      '<When not ...> takes exactly one option',
      expect.stringContaining('<Foo> is not allowed'),
    ]);
  });
  it('turns <When any ...> into one element listing every alternative as key=token pairs', async () => {
    const { report, js } = await run(
      '<When any solo story>\n\nSolo or story.\n\n</When>\n\nYou <When any players={[3, 4]} seasons={5}>wait</When>.',
    );
    expect(report.errors).toEqual([]);
    expect(js).toContain('"data-w-any": "solo=1 story=1"');
    expect(js).toContain('"data-w-any": "players=3 players=4 seasons=5"');
    expect(js).not.toContain('"data-w-solo"');
    // Hidden by default: a labelled variant naming its alternatives, listed under each of them.
    expect(js).toMatch(
      /class: "when variant",\s*"data-w-any": "solo=1 story=1",\s*"data-label": "Solo play \(bot\) or Story mode \(campaign\)"/,
    );
    expect([...report.usedOptions].sort()).toEqual(['players', 'seasons', 'solo', 'story']);
    expect([...report.variantKeys].sort()).toEqual(['solo', 'story']);
    expect([...report.variantPairs].sort()).toEqual(['solo=1', 'story=1']);
    expect(report.changedPairs).toEqual(new Set(['solo=1', 'story=1', 'players=1', 'players=3', 'players=4', 'seasons=5', 'seasons=4']));
  });
  it('labels an any block with 3 or more alternatives as a list, and leaves one the default shows unlabelled', async () => {
    const three = await run('<When any solo story underground>\n\nX.\n\n</When>');
    expect(three.js).toContain('"data-label": "Solo play (bot), Story mode (campaign) or Underground map"');
    const shown = await run('<When any solo={false} story>\n\nShown by default.\n\n</When>');
    expect(shown.report.errors).toEqual([]);
    expect(shown.js).toContain('"data-w-any": "solo=0 story=1"');
    expect(shown.js).not.toContain('data-label');
    expect([...shown.report.variantPairs]).toEqual([]);
  });
  it('refuses a malformed <When any>: one prop, with not, with a value, nested, or an alternative that cannot hold', async () => {
    const messages = async (mdx: string) => (await run(mdx)).report.errors.map((e) => [e.line, e.message]);
    expect(await messages('<When any solo>x</When>')).toEqual([[1, expect.stringContaining('<When any ...> takes 2 or more options')]]);
    expect(await messages('<When any>x</When>')).toEqual([[1, expect.stringContaining('<When> needs a condition')]]);
    expect(await messages('<When any not solo story>x</When>')).toEqual([[1, expect.stringContaining('<When any ...> cannot take not')]]);
    expect(await messages('<When not any solo story>x</When>')).toEqual([[1, expect.stringContaining('<When any ...> cannot take not')]]);
    expect(await messages('<When any={false} solo story>x</When>')).toEqual([[1, expect.stringContaining('<When any> takes no value')]]);
    expect(await messages('<When any solo solos>x</When>')).toEqual([[1, expect.stringContaining('unknown option "solos"')]]);
    expect(await messages('<When any solo story>\n\n<When any underground reroll>\n\nx\n\n</When>\n\n</When>')).toEqual([
      [3, expect.stringContaining('cannot sit inside another <When any ...>')],
    ]);
    // In solo, players takes its fallback (1): 3 players can never hold there.
    expect(await messages('<When solo>\n\n<When any players={3} story>\n\nx\n\n</When>\n\n</When>')).toEqual([
      [3, 'this <When any> lists 3 players, which can never hold inside a <When> for Solo play (bot)'],
    ]);
    // A block inside an any block must be able to show under one of its alternatives.
    expect(await messages('<When any solo story>\n\n<When solo={false} story={false}>\n\nx\n\n</When>\n\n</When>')).toEqual([
      [
        3,
        'this <When> can never show: it asks for Multiplayer · Standard game (no story) ' +
          'inside a <When> for Solo play (bot) or Story mode (campaign)',
      ],
    ]);
    expect(await messages('<When any solo story>\n\n<When solo={false}>\n\nx\n\n</When>\n\n</When>')).toEqual([]);
  });
  it('renders an Unclear note with its label, id and readings, and reports it', async () => {
    const { report, js } = await run(
      '<Unclear id="row-points" readings={["6 / 8 / 8", "6 / 7 / 8"]}>\n\nThe sources disagree on [pass](pass).\n\n</Unclear>',
    );
    expect(report.errors).toEqual([]);
    expect(report.unclear.map((u) => [u.id, u.readings, u.line])).toEqual([['row-points', ['6 / 8 / 8', '6 / 7 / 8'], 1]]);
    expect(js).toContain('"data-unclear": "row-points"');
    expect(js).toContain('"unclear-row-points"');
    expect(js).toContain('"Unclear in the rules:"');
    expect(js).toContain('/now-or-never/pass/');
  });
  it('refuses malformed Unclear notes and old blockquote notes, naming the line', async () => {
    const { report } = await run(
      [
        '<Unclear readings={["a"]}>\n\nNo id.\n\n</Unclear>',
        '<Unclear id="x" readings="a">\n\nBad readings.\n\n</Unclear>',
        '<Unclear id="x">\n\nOne.\n\n</Unclear>',
        '<Unclear id="x">\n\nTwice.\n\n</Unclear>',
        'Inline <Unclear id="y">z</Unclear> here.',
        '> **Unclear in the rules:** old style.',
      ].join('\n\n'),
    );
    expect(report.errors.map((e) => [e.line, e.message])).toEqual([
      [1, expect.stringContaining('needs an id')],
      [7, expect.stringContaining('takes id="kebab-case-id" and readings')],
      [19, '<Unclear id="x"> is used twice in this entry'],
      [25, expect.stringContaining('<Unclear> is a block')],
      [27, expect.stringContaining('must be an <Unclear id="..." readings={[...]}> block')],
    ]);
    expect(report.unclear.map((u) => u.id)).toEqual(['x']);
  });
  it('marks each row of a <Rows> table for the setup its values name', async () => {
    const table = '| Players | Tokens |\n|---|---|\n| 1 (solo) | 1 |\n| 2 | 2 |\n| 3 or 4 | 3 |';
    const { report, js } = await run(`<Rows players={[1, 2, [3, 4]]}>\n\n${table}\n\n</Rows>`);
    expect(report.errors).toEqual([]);
    expect([...report.usedOptions]).toEqual(['players']);
    expect(js).toContain('"data-w-players": "1"');
    expect(js).toContain('"data-w-players": "3 4"');
    expect(js.match(/"row-mark"/g)).toHaveLength(3);
    expect(js).toContain('"keyed"');
    // Several props: a row is marked when all hold.
    const seasons = '| Game length | X |\n|---|---|\n| 6 seasons | a |\n| 5 seasons | b |';
    const two = await run(`<Rows seasons={[6, 5]} solo={[false, true]}>\n\n${seasons}\n\n</Rows>`);
    expect(two.report.errors).toEqual([]);
    expect(two.js).toMatch(/"data-w-seasons": "5",\s*"data-w-solo": "1"/);
    // null: a row for no setup.
    const none = await run('<Rows players={[2, null]}>\n\n| Players | X |\n|---|---|\n| 2 | a |\n| Total | b |\n\n</Rows>');
    expect(none.report.errors).toEqual([]);
    expect(none.js.match(/"row-mark"/g)).toHaveLength(1);
  });
  it('refuses a <Rows> whose values do not fit the table, and a keyed table without <Rows>', async () => {
    const table = '| Players | X |\n|---|---|\n| 2 | a |\n| 3 | b |';
    const wrap = (props: string) => `<Rows ${props}>\n\n${table}\n\n</Rows>`;
    const messages = async (mdx: string) => (await run(mdx)).report.errors.map((e) => e.message);
    expect(await messages(wrap('players={[2]}'))).toEqual([expect.stringContaining('one value per row of the table (2 rows)')]);
    expect(await messages(wrap('players={[3, 2]}'))).toEqual([expect.stringContaining('row 1 ("2") is given 3, which its first cell')]);
    expect(await messages(wrap('players={[2, 7]}'))).toEqual([expect.stringContaining('has no value 7')]);
    expect(await messages('<Rows players={[2]}>\n\nNo table.\n\n</Rows>')).toEqual([expect.stringContaining('<Rows> wraps one table')]);
    expect(await messages(table)).toEqual([expect.stringContaining('needs <Rows players={[...]}> around it')]);
    const seasons = '| Game length | X |\n|---|---|\n| 6 seasons | a |\n| 5 seasons | b |';
    expect(await messages(seasons)).toEqual([expect.stringContaining('keyed by seasons')]);
    // One row, or a first column that names no option: an ordinary table.
    expect(await messages('| Players | Age |\n|---|---|\n| 1 to 4 | 14+ |')).toEqual([]);
    expect(await messages('| Seat | Coins |\n|---|---|\n| 2 | a |\n| 3 | b |')).toEqual([]);
  });
});

describe('literalValue', () => {
  it('evaluates literals only', () => {
    expect(literalValue({ type: 'ArrayExpression', elements: [{ type: 'Literal', value: 5 }] })).toEqual([5]);
    expect(() => literalValue({ type: 'CallExpression' })).toThrow(/not a literal/);
  });
});
