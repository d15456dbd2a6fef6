import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { parseEntryBody } from '../../src/integrations/entry-tree';
import { transformRuleTree } from '../../src/lib/rule-tree';
import { entryPart, partShows, partView } from '../../src/lib/entry-parts';
import { guideViewProblems, playViewProblems } from '../../src/lib/view-check';
import { currentTokens } from '../../src/lib/options';
import type { MdNode } from '../../src/lib/fragments';

// A fixture game (Now or Never's options, frozen) and entries written here, so the checks are tested on their own.
const fixture = gameSchema.parse(parse(readFileSync('tests/fixtures/games/now-or-never.yaml', 'utf8')));
const BODIES: Record<string, string> = {
  turns: 'Take 1 action per turn.\n\n<When solo>\n\n<Part id="bot">\n\nReveal a solo card.\n\n</Part>\n\n</When>\n',
  production: 'Produce goods.\n\n## Hearts\n\nHearts do not refill.\n\n## Other\n\nNothing else.\n',
  scoring: 'Count points.\n\n<Unclear id="rows" readings={["6", "7"]}>\n\nRows score 6 or 7.\n\n</Unclear>\n',
  solo: '<When solo>\n\nThe bot scores nothing.\n\n</When>\n',
  setup:
    '1. Lay out the board.\n2. <When solo>Shuffle the solo cards.</When>\n3. Deal <Pick players={{1: "1 card", other: "2 cards"}} />.\n',
};
const transformed = (slug: string): MdNode | undefined => {
  const body = BODIES[slug];
  if (body === undefined) return undefined;
  const tree = parseEntryBody(body) as MdNode;
  const report = transformRuleTree(tree as never, { game: fixture, slugs: new Set(Object.keys(BODIES)), slug });
  if (report.errors.length) throw new Error(report.errors.map((e) => e.message).join('; '));
  return tree;
};
const withPlay = (lines: Record<string, unknown>) =>
  gameSchema.parse({
    ...fixture,
    playAlong: {
      unit: ['season', 'seasons'],
      length: [{ rounds: 6 }],
      phases: [{ title: 'Turns', entry: 'turns' }],
      end: [{ title: 'Score', entry: 'scoring' }],
      ...lines,
    },
  });

describe('entry parts', () => {
  it('finds the whole entry, a <Part>, a heading section and an unclear note', () => {
    const text = (slug: string, anchor?: string) => partView(entryPart(transformed(slug)!, anchor)!).html.replace(/<[^>]+>/g, '');
    expect(text('turns')).toContain('Take 1 action per turn.');
    expect(entryPart(transformed('turns')!, 'bot')!.when).toEqual({ 'data-w-solo': '1' });
    expect(text('turns', 'bot')).toBe('Reveal a solo card.');
    expect(text('production', 'hearts')).toBe('Hearts do not refill.');
    expect(text('scoring', 'unclear-rows')).toContain('Rows score 6 or 7.');
    expect(entryPart(transformed('production')!, 'nope')).toBeUndefined();
  });
  it('shows the view without element ids, headings as bold lines', () => {
    const html = partView(entryPart(transformed('production')!)!).html;
    expect(html).not.toMatch(/<h2|id=/);
    expect(html).toContain('<strong>Hearts</strong>');
  });
  it('says whether a part has words in a setup', () => {
    const part = entryPart(transformed('solo')!)!;
    expect(partShows(part, currentTokens(fixture, { solo: true }))).toBe(true);
    expect(partShows(part, currentTokens(fixture, { solo: false }))).toBe(false);
  });
  it('refuses a <Part> without an id, with a bad or repeated id, or inline', () => {
    const errors = (body: string) =>
      transformRuleTree(parseEntryBody(body) as never, { game: fixture, slugs: new Set() }).errors.map((e) => e.message);
    expect(errors('<Part>\n\nText.\n\n</Part>\n')).toEqual([expect.stringContaining('one prop, id=')]);
    expect(errors('<Part id="Bad Id">\n\nText.\n\n</Part>\n')).toEqual([expect.stringContaining('one prop, id=')]);
    expect(errors('<Part id="a">\n\nOne.\n\n</Part>\n\n<Part id="a">\n\nTwo.\n\n</Part>\n')).toEqual([
      expect.stringContaining('used twice'),
    ]);
    expect(errors('Some <Part id="a">text</Part>.\n')).toEqual([expect.stringContaining('is a block')]);
    expect(errors('<Part id="a">\n\nText.\n\n</Part>\n')).toEqual([]);
  });
});

describe('the play-along lines against the entries', () => {
  it('accepts lines whose parts have words in every setup they show for', () => {
    const game = withPlay({ special: [{ title: 'Bot', entry: 'turns#bot', rounds: [1], when: { solo: true } }] });
    expect(playViewProblems(game, transformed)).toEqual([]);
  });
  it('refuses a missing entry or part, and a part with no words in a setup the line shows for', () => {
    const game = withPlay({
      phases: [
        { title: 'Turns', entry: 'turns#nope' },
        { title: 'Bot', entry: 'turns#bot' },
      ],
      special: [{ title: 'Target', entry: 'solo', rounds: ['last'] }],
      end: [{ title: 'Score', entry: 'gone' }],
    });
    const problems = playViewProblems(game, transformed).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^phases\.0: "turns#nope": the entry has no part/),
        expect.stringMatching(/^phases\.1: "turns#bot" shows nothing for solo=false/),
        expect.stringMatching(/^special\.0 \(Target\): "solo" shows nothing for solo=false/),
        expect.stringMatching(/^end\.0 \(Score\): no entry "gone"/),
      ]),
    );
    expect(problems).toHaveLength(4);
  });
});

describe('the setup guide against its entries', () => {
  it('refuses a step that has no words in a setup, and a missing entry', () => {
    const problems = guideViewProblems({ ...fixture, setupGuide: ['setup', 'gone'] }, transformed).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^setupGuide \(setup, step 2\): an empty step for solo=false/),
      'setupGuide (gone): no entry "gone"',
    ]);
  });
});
