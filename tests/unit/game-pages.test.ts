/**
 * The one list of page types: it matches the page files in src/pages/[game]/, reserves every slug, and builds a page's
 * routes and links for exactly the games that have it.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { PAGE_TYPES, RESERVED_SLUGS, gamePages, hasMySetup, pagePaths, type PageSlug } from '../../src/lib/game-pages';
import type { Game } from '../../src/schemas/game';

const pagesDir = 'src/pages/[game]';
/** The page files of a game's page types: every file of the folder but the rule entries' route and the game's home. */
const pageFiles = readdirSync(pagesDir).filter((f) => f.endsWith('.astro') && f !== '[slug].astro' && f !== 'index.astro');
const slugs = PAGE_TYPES.map((t) => t.slug);
const games = loadCatalogue().games;

/** When a game has each page, written out apart from the list so that a changed condition shows. */
const expected: Record<PageSlug, (game: Game) => boolean> = {
  'setup-guide': (game) => game.setupGuide.length > 0,
  play: (game) => game.playAlong !== undefined,
  'my-setup': (game) => hasMySetup(game),
  terms: () => true,
  options: (game) => game.options.length > 0,
  changes: (game) => game.options.length > 0,
  unclear: () => true,
  table: () => true,
  print: () => true,
  'quick-reference': (game) => game.quickLinks.length > 0,
};

/** The games of the site, and each stripped of everything optional (no options, guide, play-along or quick links). */
const bare = (game: Game): Game => ({ ...game, options: [], setupGuide: [], playAlong: undefined, quickLinks: [] });
const cases = [...games, ...games.map(bare)];

describe('page types', () => {
  it('has one page file per page type and one page type per page file', () => {
    expect(pageFiles.map((f) => f.replace(/\.astro$/, '')).sort()).toEqual([...slugs].sort());
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('gives each page file its routes from its own page type', () => {
    for (const file of pageFiles) {
      const text = readFileSync(join(pagesDir, file), 'utf8');
      expect(text, file).toContain(`export const getStaticPaths = () => gamePagePaths('${file.replace(/\.astro$/, '')}');`);
    }
  });

  it("loads the game pages' styles on every game page but a rule page, after the layout's", () => {
    for (const file of [...pageFiles, 'index.astro']) {
      const text = readFileSync(join(pagesDir, file), 'utf8');
      const style = text.indexOf("import '../../styles/game-pages.css';");
      expect(style, file).toBeGreaterThan(text.indexOf("import Base from '../../layouts/Base.astro';"));
    }
    expect(readFileSync(join(pagesDir, '[slug].astro'), 'utf8')).not.toContain('game-pages.css');
    expect(readFileSync('src/layouts/Base.astro', 'utf8')).not.toContain('game-pages.css');
  });

  it('reserves every page slug and index as entry slugs, and nothing else', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual([...slugs, 'index'].sort());
  });

  it('builds a page type for exactly the games that have it', () => {
    expect(games.length).toBeGreaterThan(0);
    for (const type of PAGE_TYPES) {
      const want = cases.filter((game) => expected[type.slug](game));
      const paths = pagePaths(cases, type.slug);
      expect(
        paths.map((p) => p.props.game),
        type.slug,
      ).toEqual(want);
      expect(
        paths.map((p) => p.params.game),
        type.slug,
      ).toEqual(want.map((game) => game.id));
    }
    expect(pagePaths(games.map(bare), 'options')).toEqual([]);
    expect(pagePaths(games.map(bare), 'terms')).toHaveLength(games.length);
  });

  it("links a game's pages exactly where a route is built, in list order", () => {
    for (const game of cases) {
      const built = slugs.filter((slug) => pagePaths([game], slug).length > 0);
      const pages = gamePages(game);
      expect(
        pages.map((p) => p.slug),
        game.id,
      ).toEqual(built);
      for (const page of pages) expect(page.url).toBe(`/${game.id}/${page.slug}/`);
    }
    const quick = gamePages(games[0]!)
      .filter((p) => p.quick)
      .map((p) => p.slug);
    expect(quick).toContain('terms');
    expect(quick).not.toContain('print');
    expect(
      gamePages(bare(games[0]!))
        .filter((p) => p.footer)
        .map((p) => p.slug),
    ).toEqual(['terms', 'unclear', 'table', 'print']);
  });
});
