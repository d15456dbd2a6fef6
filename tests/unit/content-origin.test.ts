/** Content stays on this origin: links, link definitions and images may not point at another site. */
import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { offSiteProblem } from '../../src/lib/content-origin';
import { transformRuleTree } from '../../src/lib/rule-tree';

describe('offSiteProblem', () => {
  it.each(['pass', 'pass#heading', '/now-or-never/pass/', '/icons/icon.svg', '#top', '/search/?q=coins', '%2F%2Fexample.com'])(
    'lets %s through (this site)',
    (url) => expect(offSiteProblem(url)).toBeUndefined(),
  );
  it.each([
    ['https://example.com/map.png', 'another site (example.com)'],
    ['http://example.com', 'another site (example.com)'],
    ['HTTPS://EXAMPLE.COM/', 'another site (example.com)'],
    ['//example.com/x.png', 'another site (example.com)'],
    ['/\\example.com/x.png', 'another site (example.com)'],
    ['\\\\example.com', 'another site (example.com)'],
    ['/\t/example.com', 'another site (example.com)'],
    ['http:example.com', 'another site (example.com)'],
    ['mailto:someone@example.com', 'a mailto: address'],
    ['data:image/png;base64,AAAA', 'a data: address'],
    ['javascript:alert(1)', 'a javascript: address'],
    ['https://this-site.invalid/now-or-never/', 'another site'],
    ['http://[::1', 'not a valid address'],
  ])('refuses %s', (url, why) => expect(offSiteProblem(url)).toContain(why));
});

describe('the rule-tree transform refuses other origins, naming the line', () => {
  const game = gameSchema.parse(parse(readFileSync('tests/fixtures/mini/content/games/now-or-never.yaml', 'utf8')));
  const errorsOf = async (mdx: string) => {
    let errors: { line?: number; message: string }[] = [];
    await compile(mdx, {
      remarkPlugins: [() => (tree: unknown) => void (errors = transformRuleTree(tree as never, { game, slugs: new Set(['pass']) }).errors)],
    });
    return errors;
  };

  it('an image', async () => {
    expect(await errorsOf('Intro.\n\n![map](https://example.com/map.png)')).toEqual([
      { line: 3, message: expect.stringMatching(/^image "https:\/\/example.com\/map.png" points to another site \(example.com\)/) },
    ]);
  });
  it('a link, a link definition and an image by reference', async () => {
    const errors = await errorsOf(
      'See [the rules](https://example.com/rules).\n\nSee [them][r] and ![map][m].\n\n[r]: //example.com/r\n[m]: https://example.com/m.png',
    );
    expect(errors.map((e) => [e.line, e.message.split(' ').slice(0, 2).join(' ')])).toEqual([
      [1, 'link "https://example.com/rules"'],
      [5, 'link "//example.com/r"'],
      [6, 'link "https://example.com/m.png"'],
    ]);
  });
  it('a mailto: link', async () => {
    expect((await errorsOf('Write to [us](mailto:rules@example.com).'))[0]?.message).toContain('is a mailto: address');
  });
  it('lets entry links and site paths through', async () => {
    expect(await errorsOf('[Pass](pass), [search](/search/), [top](#top)')).toEqual([]);
  });
  it('refuses an image of the site itself too: an entry holds no pictures', async () => {
    expect(await errorsOf('See ![icon](/icons/icon.svg).')).toEqual([
      { line: 1, message: expect.stringContaining('an entry holds no pictures') },
    ]);
  });
});
