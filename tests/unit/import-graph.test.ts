/**
 * The code's imports form no circle (static `import ... from` and `import()` alike), and the format of a ruling's key
 * (`<slug>#<id>`) is written in one module only, `src/lib/storage-keys.ts`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|astro)$/.test(name) ? [path] : [];
  });

/** The modules of `src/` each module imports (relative imports only, types left out: they leave no code). */
function graph(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of files('src')) {
    const text = readFileSync(file, 'utf8');
    const targets = [
      ...text.matchAll(/(?:^|\n)\s*import\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)|export\s+[^'"]*?from\s+'(\.[^']+)'/g),
    ]
      .map((m) => m[1] ?? m[2] ?? m[3]!)
      .map((spec) => resolve(dirname(file), spec))
      .map((abs) => [abs, `${abs}.ts`, join(abs, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile()))
      .filter((p): p is string => !!p)
      .map((p) => p.slice(resolve('.').length + 1));
    out.set(file, targets);
  }
  return out;
}

describe('imports', () => {
  it('no module imports itself through others', () => {
    const g = graph();
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (m: string, path: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        circles.push([...path.slice(path.indexOf(m)), m].join(' -> '));
        return;
      }
      state.set(m, 'open');
      for (const t of g.get(m) ?? []) visit(t, [...path, m]);
      state.set(m, 'done');
    };
    for (const m of g.keys()) visit(m, []);
    expect(circles).toEqual([]);
    // The test can fail: it sees the imports of a module it knows.
    expect(g.get('src/client/rulings.ts')).toContain('src/client/storage.ts');
  });
  it('a ruling’s key format is written in src/lib/storage-keys.ts only', () => {
    const writers = files('src').filter((f) => /\$\{(\w+\.)*slug\}#\$\{/.test(readFileSync(f, 'utf8')));
    expect(writers).toEqual(['src/lib/storage-keys.ts']);
  });
});
