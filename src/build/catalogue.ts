/**
 * The content catalogue: the games and every entry's frontmatter and body, read from the content folder once and
 * validated, with problems named by file and field. The one reader of content: the content collections (through
 * `catalogueLoader`), the remark plugin, the build check, the content checker and the search index all use it.
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { gameSchema, type Game } from '../schemas/game';
import { entrySchema } from '../schemas/entry';
import type { EntryRecord, Problem } from '../lib/validate';

/** The content folder: `RULES_CONTENT_DIR` (for fixture sites in tests) or `./content`. */
const contentDir = (): string => resolve(process.env.RULES_CONTENT_DIR ?? 'content');

export interface Catalogue {
  dir: string;
  games: Game[];
  entries: (EntryRecord & { body: string; bodyLine: number })[];
  problems: Problem[];
}

type ZodIssue = { path: PropertyKey[]; message: string };
const issueProblems = (file: string, issues: readonly ZodIssue[]): Problem[] =>
  issues.map((i) => ({ file, field: i.path.map(String).join('.') || '(root)', message: i.message }));

/** Splits an MDX file into its YAML frontmatter and body (with the body's first line number). */
function splitFrontmatter(text: string): { frontmatter: string; body: string; bodyLine: number } | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return undefined;
  return { frontmatter: m[1]!, body: text.slice(m[0].length), bodyLine: m[0].split('\n').length };
}

const CACHE = Symbol.for('rules-at-the-table.catalogue');
type Cache = { stamp: string; cat: Catalogue };
const cacheOf = (): Map<string, Cache> => {
  // Astro loads the config and the content config as separate module instances: share the cache between them.
  const g = globalThis as { [CACHE]?: Map<string, Cache> };
  return (g[CACHE] ??= new Map());
};
let frozen = false;

/** During a build content does not change: stop checking file times (the dev server keeps checking). */
export function freezeCatalogue(): void {
  frozen = true;
  (globalThis as Record<symbol, unknown>)[Symbol.for('rules-at-the-table.catalogue.frozen')] = true;
}
const isFrozen = () => frozen || (globalThis as Record<symbol, unknown>)[Symbol.for('rules-at-the-table.catalogue.frozen')] === true;

/** A cheap fingerprint of the content folder: every file's path, size and modification time. */
function stampOf(dir: string): string {
  const parts: string[] = [];
  const walk = (d: string) => {
    for (const name of existsSync(d) ? readdirSync(d).sort() : []) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else parts.push(`${p}:${st.size}:${st.mtimeMs}`);
    }
  };
  walk(dir);
  return parts.join('|');
}

/** The catalogue of `dir`, read once (and again only when a file changed, outside builds). */
export function catalogue(dir: string = contentDir()): Catalogue {
  const cache = cacheOf();
  const hit = cache.get(dir);
  if (hit && isFrozen()) return hit.cat;
  const stamp = stampOf(dir);
  if (hit && hit.stamp === stamp) return hit.cat;
  const cat = loadCatalogue(dir);
  cache.set(dir, { stamp, cat });
  return cat;
}

/** Reads and validates every game and entry under `dir`. Never throws for bad content: see `problems`. */
export function loadCatalogue(dir: string = contentDir()): Catalogue {
  const cat: Catalogue = { dir, games: [], entries: [], problems: [] };
  const rel = (p: string) => relative(process.cwd(), p) || p;
  const gamesDir = join(dir, 'games');
  for (const name of existsSync(gamesDir) ? readdirSync(gamesDir).sort() : []) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = rel(join(gamesDir, name));
    try {
      const parsed = gameSchema.safeParse(parseYaml(readFileSync(join(gamesDir, name), 'utf8')));
      if (parsed.success) {
        if (`${parsed.data.id}.yaml` !== name && `${parsed.data.id}.yml` !== name)
          cat.problems.push({ file, field: 'id', message: `id "${parsed.data.id}" must match the file name` });
        cat.games.push(parsed.data);
      } else cat.problems.push(...issueProblems(file, parsed.error.issues));
    } catch (e) {
      cat.problems.push({ file, field: '(yaml)', message: (e as Error).message });
    }
  }
  for (const game of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const gameDir = join(dir, game);
    if (game === 'games' || !statSync(gameDir).isDirectory()) continue;
    for (const name of readdirSync(gameDir).sort()) {
      if (!name.endsWith('.mdx')) continue;
      const file = rel(join(gameDir, name));
      const split = splitFrontmatter(readFileSync(join(gameDir, name), 'utf8'));
      if (!split) {
        cat.problems.push({ file, field: '(frontmatter)', message: 'the file must start with a --- frontmatter block' });
        continue;
      }
      let raw: unknown;
      try {
        raw = parseYaml(split.frontmatter);
      } catch (e) {
        cat.problems.push({ file, field: '(frontmatter)', message: (e as Error).message });
        continue;
      }
      const parsed = entrySchema.safeParse(raw);
      if (!parsed.success) {
        cat.problems.push(...issueProblems(file, parsed.error.issues));
        continue;
      }
      cat.entries.push({ game, slug: name.slice(0, -4), file, data: parsed.data, body: split.body, bodyLine: split.bodyLine });
    }
  }
  return cat;
}
