/**
 * The real content: every content-map topic has an entry, everything validates, glossary terms are indexed. The
 * content maps live in ../shared/content-map, beside the repo: without them the map checks are skipped, loudly (a
 * warning and each test's skip note), and under CI (which always has ../shared) they fail instead.
 */
import { describe, expect, it, type TestContext } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { validateSite } from '../../src/lib/validate';
import { normaliseTerm } from '../../src/lib/validate';

const cat = loadCatalogue();
const MAPS = '../shared/content-map';
const mapFile = (game: string) => `${MAPS}/${game}.md`;
const mapOf = (game: string) => readFileSync(mapFile(game), 'utf8');
/** Why the content-map checks cannot run here, if they cannot. */
const noMaps = existsSync(MAPS) ? undefined : `no content maps: ${resolve(MAPS)} is missing (../shared must sit beside the repo)`;
const inCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!);
if (noMaps)
  console.warn(
    `tests/unit/content.test.ts: ${noMaps}; ${inCi ? 'CI is set: the content-map tests fail' : 'the content-map tests are skipped'}.`,
  );

/**
 * A content-map check of a game: skipped with the reason when ../shared is missing (failed under CI, which always has
 * it), or when the game has no map of its own (a game added without one).
 */
const mapCheck = (game: string, check: (map: string) => void) => (ctx: TestContext) => {
  if (noMaps) {
    if (inCi) throw new Error(`${noMaps}; CI always has ../shared, so this is a failure, not a skip`);
    return ctx.skip(noMaps);
  }
  if (!existsSync(mapFile(game))) return ctx.skip(`no content map for ${game}: ${resolve(mapFile(game))} is missing`);
  check(mapOf(game));
};

describe('content', () => {
  it('validates: schemas, sections, options, related entries, aliases', () => {
    expect(cat.problems).toEqual([]);
    expect(validateSite(cat.games, cat.entries)).toEqual([]);
  });

  for (const game of cat.games.map((g) => g.id)) {
    it(
      `${game}: every topic of the content map has an entry`,
      mapCheck(game, (map) => {
        const text = map.split(/^## 2\./m)[1]!.split(/^## 3\./m)[0]!;
        const slugs = new Set<string>();
        for (const m of text.matchAll(/— `([a-z0-9]+(?:-[a-z0-9]+)*)`/g)) slugs.add(m[1]!);
        if (game === 'pencilvillage') for (const m of text.matchAll(/`((?:character|mod)-[a-z0-9-]+)`/g)) slugs.add(m[1]!);
        const have = new Set(cat.entries.filter((e) => e.game === game).map((e) => e.slug));
        slugs.delete('slug'); // the map's own format line
        const missing = [...slugs].filter((s) => !have.has(s));
        expect(missing).toEqual([]);
        expect(slugs.size).toBeGreaterThan(100);
      }),
    );

    it(
      `${game}: glossary terms reach the A-Z index`,
      mapCheck(game, (map) => {
        const glossary = map.split(/^## 3\./m)[1]!.split(/^## 4\./m)[0]!;
        const terms = [...glossary.matchAll(/^(?:- (.+?) → `|\| (.+?) \| `)/gm)].map((m) => (m[1] ?? m[2])!.replace(/\s+—.*$/, ''));
        const words = new Set(
          cat.entries.filter((e) => e.game === game).flatMap((e) => [e.data.title, ...e.data.terms, ...e.data.aliases].map(normaliseTerm)),
        );
        // A term counts when its text, or its text without a parenthesised tag, is indexed.
        const found = terms.filter((t) => words.has(normaliseTerm(t)) || words.has(normaliseTerm(t.replace(/\s*\(.*?\)\s*/g, ' '))));
        expect(found.length / terms.length).toBeGreaterThan(0.85);
      }),
    );
  }
});
