/** The real content: every content-map topic has an entry, everything validates, glossary terms are indexed. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { validateSite } from '../../src/lib/validate';
import { normaliseTerm } from '../../src/lib/validate';

const cat = loadCatalogue();
const mapOf = (game: string) => readFileSync(`../shared/content-map/${game}.md`, 'utf8');
const haveMaps = existsSync('../shared/content-map/now-or-never.md');

describe('content', () => {
  it('validates: schemas, sections, options, related entries, aliases', () => {
    expect(cat.problems).toEqual([]);
    expect(validateSite(cat.games, cat.entries)).toEqual([]);
  });

  for (const game of ['now-or-never', 'vindication', 'forge-war', 'pencilvillage']) {
    it.runIf(haveMaps)(`${game}: every topic of the content map has an entry`, () => {
      const text = mapOf(game)
        .split(/^## 2\./m)[1]!
        .split(/^## 3\./m)[0]!;
      const slugs = new Set<string>();
      for (const m of text.matchAll(/— `([a-z0-9]+(?:-[a-z0-9]+)*)`/g)) slugs.add(m[1]!);
      if (game === 'pencilvillage') for (const m of text.matchAll(/`((?:character|mod)-[a-z0-9-]+)`/g)) slugs.add(m[1]!);
      const have = new Set(cat.entries.filter((e) => e.game === game).map((e) => e.slug));
      slugs.delete('slug'); // the map's own format line
      const missing = [...slugs].filter((s) => !have.has(s));
      expect(missing).toEqual([]);
      expect(slugs.size).toBeGreaterThan(100);
    });

    it.runIf(haveMaps)(`${game}: glossary terms reach the A-Z index`, () => {
      const glossary = mapOf(game)
        .split(/^## 3\./m)[1]!
        .split(/^## 4\./m)[0]!;
      const terms = [...glossary.matchAll(/^(?:- (.+?) → `|\| (.+?) \| `)/gm)].map((m) => (m[1] ?? m[2])!.replace(/\s+—.*$/, ''));
      const words = new Set(
        cat.entries.filter((e) => e.game === game).flatMap((e) => [e.data.title, ...e.data.terms, ...e.data.aliases].map(normaliseTerm)),
      );
      // A term counts when its text, or its text without a parenthesised tag, is indexed.
      const found = terms.filter((t) => words.has(normaliseTerm(t)) || words.has(normaliseTerm(t.replace(/\s*\(.*?\)\s*/g, ' '))));
      expect(found.length / terms.length).toBeGreaterThan(0.85);
    });
  }
});
