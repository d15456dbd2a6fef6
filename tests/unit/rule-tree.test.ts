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
    await compile(mdx, { remarkPlugins: [remarkGfm, () => (tree: unknown) => void (report = transformRuleTree(tree as never, { game, slugs }))] }),
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
});

describe('literalValue', () => {
  it('evaluates literals only', () => {
    expect(literalValue({ type: 'ArrayExpression', elements: [{ type: 'Literal', value: 5 }] })).toEqual([5]);
    expect(() => literalValue({ type: 'CallExpression' })).toThrow(/not a literal/);
  });
});
