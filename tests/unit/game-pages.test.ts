/**
 * The one list of page types: it matches the page files in src/pages/[game]/, reserves every slug, and builds a page's
 * routes and links for exactly the games that have it. The expectations come from the list (`PAGE_TYPES`) and the
 * content, never from a copy of either; each page file's own `getStaticPaths` is run (src/data/site.ts over the
 * games, astro:content standing in for the collections), and its imports are read from its parsed frontmatter.
 */
import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';
import { loadCatalogue } from '../../src/integrations/catalogue';
import * as site from '../../src/data/site';
import * as gamePagesModule from '../../src/lib/game-pages';
import { PAGE_TYPES, RESERVED_SLUGS, gamePages, pagePaths, pageType, type PageSlug } from '../../src/lib/game-pages';
import { gameSchema, type Game } from '../../src/schemas/game';

/** The games `getCollection('games')` returns (set below, once the cases are known). */
const collection = vi.hoisted(() => ({ games: [] as unknown[] }));
vi.mock('astro:content', () => ({
  getCollection: async (name: string) => (name === 'games' ? collection.games.map((data) => ({ data })) : []),
  render: async () => ({}),
}));

const pagesDir = 'src/pages/[game]';
/** The page files of a game's page types: every file of the folder but the rule entries' route and the game's home. */
const pageFiles = readdirSync(pagesDir).filter((f) => f.endsWith('.astro') && f !== '[slug].astro' && f !== 'index.astro');
const slugs = PAGE_TYPES.map((t) => t.slug);

/** The site's games, and Lantern Keep (tests/fixtures/fifth-game), a game the code has never seen, unless content has it. */
const content = loadCatalogue().games;
const fifth = gameSchema.parse(parse(readFileSync('tests/fixtures/fifth-game/games/lantern-keep.yaml', 'utf8')));
const games = content.some((g) => g.id === fifth.id) ? content : [...content, fifth];
/** A game stripped of everything optional (no options, guide, play-along or quick links), under an id of its own. */
const bare = (game: Game): Game => ({ ...game, id: `${game.id}-bare`, options: [], setupGuide: [], playAlong: undefined, quickLinks: [] });
/** Each game as it is and stripped: every conditional page type has games on both sides. */
const cases = [...games, ...games.map(bare)];
collection.games = cases;

/** A page file's frontmatter (the TypeScript between its `---` fences), parsed. */
const frontmatter = (path: string): ts.SourceFile =>
  ts.createSourceFile(`${path}.ts`, readFileSync(path, 'utf8').split(/^---\s*$/m)[1] ?? '', ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** The modules a frontmatter imports for their values (type-only imports left out), in order. */
const valueImports = (source: ts.SourceFile): string[] =>
  source.statements
    .filter(ts.isImportDeclaration)
    .filter((d) => !d.importClause?.isTypeOnly)
    .map((d) => (d.moduleSpecifier as ts.StringLiteral).text);

/** The modules a page's `getStaticPaths` may use, as src/pages/[game]/ imports them: the real ones. */
const MODULES: Record<string, Record<string, unknown>> = { '../../data/site': site, '../../lib/game-pages': gamePagesModule };

/** Whether a statement is the exported `getStaticPaths` (a const or a function). */
const isStaticPaths = (s: ts.Statement): boolean =>
  Boolean(ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) &&
  ((ts.isFunctionDeclaration(s) && s.name?.text === 'getStaticPaths') ||
    (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === 'getStaticPaths')));

type Path = { params: { game: string }; props: { game: Game } };

/** Runs a page file's own `getStaticPaths`, with what it imports from MODULES bound to the real modules. */
async function staticPaths(file: string): Promise<Path[]> {
  const source = frontmatter(join(pagesDir, file));
  const bindings = new Map<string, unknown>();
  for (const d of source.statements.filter(ts.isImportDeclaration)) {
    const module = MODULES[(d.moduleSpecifier as ts.StringLiteral).text];
    const named = d.importClause?.namedBindings;
    if (module && named && ts.isNamedImports(named))
      for (const el of named.elements) if (!el.isTypeOnly) bindings.set(el.name.text, module[(el.propertyName ?? el.name).text]);
  }
  const declaration = source.statements.find(isStaticPaths);
  if (!declaration) throw new Error(`${file} exports no getStaticPaths`);
  const code = ts.transpileModule(declaration.getText(source).replace(/^export\s+/, ''), {
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const getStaticPaths = new Function(...bindings.keys(), `${code}\nreturn getStaticPaths;`)(...bindings.values()) as () => Promise<Path[]>;
  return getStaticPaths();
}

describe('page types', () => {
  it('has one page file per page type and one page type per page file', () => {
    expect(pageFiles.map((f) => f.replace(/\.astro$/, '')).sort()).toEqual([...slugs].sort());
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("builds each page file's routes, by its own getStaticPaths, for exactly the games its page type admits", async () => {
    const ordered = await site.getGames();
    expect(ordered).toHaveLength(cases.length);
    for (const file of pageFiles) {
      const type = pageType(file.replace(/\.astro$/, '') as PageSlug);
      const want = ordered.filter((game) => type.has(game));
      const paths = await staticPaths(file);
      expect(
        paths.map((p) => p.params.game),
        file,
      ).toEqual(want.map((game) => game.id));
      expect(
        paths.map((p) => p.props.game),
        file,
      ).toEqual(want);
    }
    // The game's home page: every game.
    expect((await staticPaths('index.astro')).map((p) => p.params.game)).toEqual(ordered.map((game) => game.id));
  });

  it("loads the game pages' styles on every game page but a rule page, after the layout's", () => {
    const css = '../../styles/game-pages.css';
    for (const file of [...pageFiles, 'index.astro']) {
      const imports = valueImports(frontmatter(join(pagesDir, file)));
      expect(imports, file).toContain('../../layouts/Base.astro');
      expect(imports.indexOf(css), file).toBeGreaterThan(imports.indexOf('../../layouts/Base.astro'));
    }
    expect(valueImports(frontmatter(join(pagesDir, '[slug].astro')))).not.toContain(css);
    expect(valueImports(frontmatter('src/layouts/Base.astro')).filter((m) => m.endsWith('game-pages.css'))).toEqual([]);
  });

  it('reserves every page slug and index as entry slugs, and nothing else', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual([...slugs, 'index'].sort());
  });

  it('builds a page type for exactly the games that have it, in the order given', () => {
    for (const type of PAGE_TYPES) {
      const want = cases.filter((game) => type.has(game));
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
  });

  it('gives a game stripped of its optional parts only pages it had, the same for every game', () => {
    const slugsOf = (game: Game) => gamePages(game).map((p) => p.slug);
    const always = slugsOf(bare(games[0]!));
    expect(always.length).toBeGreaterThan(0);
    for (const game of games) {
      expect(slugsOf(bare(game)), game.id).toEqual(always);
      expect(slugsOf(game), game.id).toEqual(expect.arrayContaining(always));
    }
  });

  it("links a game's pages exactly where a route is built, in list order, as its page type says", () => {
    for (const game of cases) {
      const built = slugs.filter((slug) => pagePaths([game], slug).length > 0);
      const pages = gamePages(game);
      expect(
        pages.map((p) => p.slug),
        game.id,
      ).toEqual(built);
      for (const page of pages) {
        const { slug, label, quick, footer } = pageType(page.slug as PageSlug);
        expect(page).toEqual({ slug, label, quick, footer, url: `/${game.id}/${slug}/` });
      }
    }
  });
});
