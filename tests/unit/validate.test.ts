import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import { entrySchema } from '../../src/schemas/entry';
import { validateSite, type EntryRecord } from '../../src/lib/validate';

const game = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const games = [{ ...game, quickLinks: [], setupGuide: [], synonyms: {}, playAlong: undefined }];
const entry = (slug: string, data: Record<string, unknown> = {}): EntryRecord => ({
  game: 'now-or-never',
  slug,
  file: `content/now-or-never/${slug}.mdx`,
  data: entrySchema.parse({ title: slug, section: 'overview', order: 0, summary: 'A full sentence of summary.', related: ['pass'], ...data }),
});

describe('entrySchema', () => {
  it('names the field that is wrong', () => {
    const r = entrySchema.safeParse({ title: 'X', section: 'overview', order: 'first', summary: 'short', related: [], extra: 1 });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['order', 'summary', 'related', '']));
  });
});

describe('gameSchema', () => {
  it('refuses a section that names an option the game does not have, by its path', () => {
    const raw = parse(readFileSync('content/games/now-or-never.yaml', 'utf8'));
    const i = raw.sections.findIndex((s: { id: string }) => s.id === 'solo');
    raw.sections[i].option = 'sollo';
    const r = gameSchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((x) => `${x.path.join('.')}: ${x.message}`)).toEqual([`sections.${i}.option: no option "sollo" in this game's options`]);
  });
});

describe('validateSite', () => {
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
  it('reports a game synonym that leads to no term of the game, by its path', () => {
    const withSynonyms = [{ ...games[0]!, synonyms: { vp: ['seasons'], hp: ['hartz'] } }];
    expect(validateSite(withSynonyms, [entry('pass', { related: ['seasons'] }), entry('seasons')])).toEqual([
      { file: 'content/games/now-or-never.yaml', field: 'synonyms.hp.0', message: '"hartz" is not a word of any title, alias or term in now-or-never' },
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
