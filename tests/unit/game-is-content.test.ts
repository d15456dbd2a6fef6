/**
 * A game is content only: a game file and its entries add the game everywhere (home, routes, options, my setup,
 * search index, app shortcut) with no change in src/. Builds the small fixture site plus a game the code has never
 * seen, and checks what came out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** Every file under a folder. */
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));

describe('no game id in src/', () => {
  it('names no game of content/games anywhere in the code', () => {
    const ids = readdirSync('content/games').map((f) => f.replace(/\.ya?ml$/, ''));
    const hits = walk('src').flatMap((f) => ids.filter((id) => readFileSync(f, 'utf8').includes(id)).map((id) => `${f}: ${id}`));
    expect(hits).toEqual([]);
  });
});

describe('a fifth game, added as content only', () => {
  let dir = '';
  let dist = '';
  let output = '';
  beforeAll(() => {
    mkdirSync('tests/.tmp', { recursive: true });
    dir = mkdtempSync(join('tests/.tmp', 'fifth-'));
    const content = join(dir, 'content');
    cpSync('tests/fixtures/mini/content', content, { recursive: true });
    cpSync('tests/fixtures/fifth-game', content, { recursive: true });
    dist = join(dir, 'dist');
    const r = spawnSync('npx', ['astro', 'build'], {
      env: {
        ...process.env,
        RULES_CONTENT_DIR: content,
        RULES_OUT_DIR: dist,
        RULES_CACHE_DIR: join(dir, 'cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      encoding: 'utf8',
    });
    output = `${r.stdout}\n${r.stderr}`;
    if (r.status !== 0) throw new Error(`fixture build failed:\n${output.slice(-3000)}`);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const page = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');

  it('has its game page (first, by its order), entries, A–Z, options and my-setup pages', () => {
    expect(page('lantern-keep')).toContain('Lantern Keep');
    expect(page('lantern-keep')).toContain('href="/lantern-keep/turn/"');
    expect(page('lantern-keep/turn')).toContain('<h1');
    expect(page('lantern-keep/terms')).toContain('Warden');
    expect(page('lantern-keep/options')).toContain('name="night"');
    expect(page('lantern-keep/my-setup')).toContain('data-any="role=warden"');
    const home = page('');
    expect(home.indexOf('Lantern Keep')).toBeGreaterThan(-1);
    expect(home.indexOf('Lantern Keep')).toBeLessThan(home.indexOf('Now or Never'));
  });
  it('renders its conditional text and its unclear note', () => {
    const turn = page('lantern-keep/turn');
    expect(turn).toContain('data-w-night="1"');
    expect(turn).toContain('2 lanterns');
    expect(page('lantern-keep/role-warden')).toContain('data-unclear="relight-timing"');
  });
  it('has a search index and a head script with its options', () => {
    const index = JSON.parse(readFileSync(join(dist, 'search', 'lantern-keep.json'), 'utf8'));
    expect(JSON.stringify(index)).toContain('Warden');
    const heads = readdirSync(join(dist, 'scripts')).filter((f) => f.startsWith('head-lantern-keep-'));
    expect(heads).toHaveLength(1);
    expect(readFileSync(join(dist, 'scripts', heads[0]!), 'utf8')).toContain('"id":"night"');
  });
  it('is an app shortcut in the manifest, and a game no other game page mentions', () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8'));
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/lantern-keep/', '/now-or-never/', '/pencilvillage/']);
    expect(existsSync(join(dist, 'now-or-never', 'my-setup'))).toBe(false); // its values name no entries
  });
});
