/** scripts/build-sw.mjs on a small built site: what the offline copy holds, the same on a second run. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { precacheUrls } from '../../scripts/precache-list.mjs';

mkdirSync('tests/.tmp', { recursive: true });
const dist = mkdtempSync(join('tests/.tmp', 'build-sw-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const file = (path: string, text: string) => {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
};
file('index.html', '<h1>Home</h1>');
file('game/pass/index.html', '<h1>Pass</h1>');
file('404.html', '<h1>No rule</h1>');
file('search/game.json', '{}');
file('manifest.webmanifest', '{}');
// What an earlier run left beside the site (the script is run again without a rebuild).
file('sw.js', '// an earlier build');

describe('the service worker build', () => {
  it('precaches the site, never its own output: run again without a rebuild, it counts the same files', () => {
    // One run over a dist that already holds sw.js is the second run (workbox takes ~3 s of CPU).
    const r = spawnSync(process.execPath, ['scripts/build-sw.mjs'], { env: { ...process.env, RULES_OUT_DIR: dist }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^service worker: precaches 5 files, .*; 0 packs hold 0 pages/);
    // sw.js loads the list from a file named by its hash; the list names the site's files, never the worker's own.
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    const listUrl = /importScripts\("(\/offline\/files-[\w-]+\.js)"\)/.exec(sw)?.[1];
    expect(listUrl).toBeDefined();
    const list = readFileSync(join(dist, listUrl!), 'utf8');
    expect(precacheUrls(list).sort()).toEqual([
      '404.html',
      'game/pass/index.html',
      'index.html',
      'manifest.webmanifest',
      'search/game.json',
    ]);
    expect(sw).not.toContain('game/pass/index.html');
  });
});
