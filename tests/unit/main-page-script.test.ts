// @vitest-environment happy-dom
/**
 * The page script every page runs (src/client/main.ts) starts what each page needs, and is built as one file
 * (src/integrations/main-chunk.ts: the modules it reaches by static imports, not those it loads on first use).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mainChunkGroup, MAIN_SCRIPT, staticImports } from '../../src/integrations/main-chunk';

const started: string[] = [];
const record = (name: string) => () => void started.push(name);
vi.mock('../../src/client/search-box', () => ({ startSearchBox: record('search box') }));
vi.mock('../../src/client/display', () => ({ startDisplaySettings: record('display') }));
vi.mock('../../src/client/service-worker', () => ({ startServiceWorker: record('service worker') }));
vi.mock('../../src/client/setup-note', () => ({ startSetupNote: record('setup note') }));
vi.mock('../../src/client/entry-head', () => ({ startEntryHead: record('entry head') }));
vi.mock('../../src/client/note-rulings', () => ({ startNoteRulings: record('note rulings') }));
vi.mock('../../src/client/row-marks', () => ({ startRowMarks: record('row marks') }));
const { RULE_PAGE_KIND, startPage } = await import('../../src/client/main');

const body = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;
beforeEach(() => void started.splice(0));

describe('the page script', () => {
  it('starts the search box, display settings and service worker on every page', () => {
    startPage(body({ kind: 'home' }));
    expect(started).toEqual(['search box', 'display', 'service worker']);
  });

  it("adds the shared-setup note's links on a game's pages", () => {
    startPage(body({ kind: 'terms', game: 'g' }));
    expect(started).toEqual(['search box', 'display', 'service worker', 'setup note']);
  });

  it("adds the title's buttons, row marks and the notes' ruling disclosures on a rule page", () => {
    startPage(body({ kind: RULE_PAGE_KIND, game: 'g' }));
    expect(started.slice(4)).toEqual(['entry head', 'row marks', 'note rulings']);
  });

  it('knows a rule page by the kind its page file gives the layout', () => {
    expect(readFileSync('src/pages/[game]/[slug].astro', 'utf8')).toContain(`kind="${RULE_PAGE_KIND}"`);
  });
});

describe('the main chunk', () => {
  const modules = staticImports(MAIN_SCRIPT);
  const file = (path: string) => resolve('src/client', path);

  it('holds what main.ts imports statically, directly or not', () => {
    for (const path of [
      'main.ts',
      'entry-head.ts',
      'note-rulings.ts',
      'rules.ts',
      'share.ts',
      'search-box.ts',
      'storage.ts',
      'setup-note.ts',
    ])
      expect(modules, path).toContain(file(path));
  });

  it('leaves out what is loaded on first use or when a page needs it, and what only other pages import', () => {
    for (const path of ['ruling-form.ts', 'ruled-notes.ts', 'search-ui.ts', 'qr.ts', 'options-form.ts', 'unclear-page.ts'])
      expect(modules, path).not.toContain(file(path));
  });

  it('leaves out modules reached only for a type or a constant: the option logic stays with the pages that run it', () => {
    expect(modules).toContain(resolve('src/lib/row-mark.ts'));
    for (const path of ['src/lib/options.ts', 'src/lib/table-rows.ts', 'src/client/head.ts', 'src/client/saved-setup.ts'])
      expect(modules, path).not.toContain(resolve(path));
    // Carrying a shared setup: the head script's copy (`RulesHead.carry`), not a second one.
    expect(modules).not.toContain(file('shared-setup.ts'));
  });

  it("takes the layout's script module (whatever its query), and no other virtual module by name", () => {
    const { name, test } = mainChunkGroup();
    expect(name).toBe('main');
    expect(test(`${file('entry-head.ts')}?v=1`)).toBe(true);
    // The bundler's own modules are left to it (it puts its dynamic-import helper with the script that uses it).
    expect(test('\0vite/preload-helper.js')).toBe(false);
    expect(test('\0virtual:astro:page:src/pages/[game]/options@_@astro')).toBe(false);
    expect(test(`${resolve('src/layouts/Base.astro')}?astro&type=script&index=0&lang.ts`)).toBe(true);
    expect(test(`${resolve('src/layouts/Base.astro')}?any-other=query`)).toBe(true);
    expect(test(resolve('src/layouts/Other.astro'))).toBe(false);
    // Its styles, and other pages' style sheets, stay out of the group (every page would load them).
    expect(test(`${resolve('src/layouts/Base.astro')}?astro&type=style&index=0&lang.css`)).toBe(false);
    expect(test(resolve('src/styles/game-pages.css'))).toBe(false);
    expect(test(file('ruling-form.ts'))).toBe(false);
    expect(test(`${resolve('src/pages/[game]/options.astro')}?astro&type=script&index=0&lang.ts`)).toBe(false);
  });
});
