/**
 * A game is content only: no game's id appears in src/. That a game file and its entries then add the game
 * everywhere (home, routes, options, my setup, search index, app shortcut) is checked on a fixture site with a game
 * the code has never seen: tests/e2e/fixture/fifth-game.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
