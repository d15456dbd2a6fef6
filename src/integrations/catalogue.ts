/**
 * The content catalogue: the games and every entry's frontmatter and body, read from the content folder once and
 * validated, with problems named by file and field. The one reader of content: the content collections (through
 * `catalogueLoader`), the remark plugin, the build check, the content checker and the search index all use it.
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument, isMap, isScalar, type Document } from 'yaml';
import { gameSchema, type Game } from '../schemas/game';
import { entrySchema, type EntryData } from '../schemas/entry';
import { gameProblems, type EntryRecord, type Problem } from '../lib/validate';
import { bodyChecked, invisibleCharacters, ENTRY_MAX_BYTES, sizeProblem } from '../lib/content-text';

/** The content folder: `RULES_CONTENT_DIR` (for fixture sites in tests) or `./content`. */
const contentDir = (): string => resolve(process.env.RULES_CONTENT_DIR ?? 'content');

/**
 * The content as read once per build: the folder, the games, each entry with its body, the problems found reading them
 * (file and field), and where a field is written (for messages that name a line).
 */
export interface Catalogue {
  dir: string;
  games: Game[];
  /** `bodyUnchecked`: the entry is far over the size limit (reported); its body is left empty and not checked. */
  entries: (EntryRecord & { body: string; bodyLine: number; bodyUnchecked?: boolean })[];
  problems: Problem[];
  /** The line of a field (`aliases.2`, `options.0.values.1.value`) in a game or entry file, when it is written there. */
  lineOf: (file: string, field: string) => number | undefined;
  /** A game's file as read (`content/games/<id>.yaml`, or under a fixture's folder), by game id. */
  gameFile: (id: string) => string;
}

type ZodIssue = { path: PropertyKey[]; message: string };
const issueProblems = (file: string, issues: readonly ZodIssue[]): Problem[] =>
  issues.map((i) => ({ file, field: i.path.map(String).join('.') || '(root)', message: i.message }));

/** A YAML text's field lines: `field` (dotted path) → line in the file, the YAML's first line being `firstLine`. */
function yamlLines(doc: Document, counter: LineCounter, firstLine: number): (field: string) => number | undefined {
  const lineAt = (node: unknown) => {
    const range = (node as { range?: readonly number[] } | null | undefined)?.range;
    return range ? counter.linePos(range[0]!).line + firstLine - 1 : undefined;
  };
  return (field) => {
    if (field.startsWith('(')) return firstLine;
    const path = field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    // The deepest part written in the file (a missing field points at its parent); a map key points at its key.
    for (let n = path.length; n > 0; n--) {
      const parent = n > 1 ? doc.getIn(path.slice(0, n - 1), true) : doc.contents;
      const pair = isMap(parent) ? parent.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === path[n - 1]) : undefined;
      const line = lineAt(pair ? pair.key : doc.getIn(path.slice(0, n), true));
      if (line !== undefined) return line;
    }
    return firstLine;
  };
}

/** Strips a byte-order mark, reporting it: editors hide it, and it would otherwise hide the frontmatter. */
function withoutBom(file: string, text: string, problems: Problem[]): string {
  if (!text.startsWith('\uFEFF')) return text;
  const message = 'the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM';
  problems.push({ file, line: 1, field: '(encoding)', message });
  return text.slice(1);
}

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

/** An empty value for each frontmatter field, standing in for a field that fails its schema. */
const EMPTY: Record<string, unknown> = {
  title: '',
  section: '',
  order: -1,
  summary: '',
  aliases: [],
  asked: [],
  terms: [],
  related: [],
  options: [],
};

/**
 * An entry's frontmatter, field by field: a field that fails its schema is reported (`issues`) and left empty
 * (`invalid`), so that the entry's other fields and its body are still checked.
 */
function entryData(raw: unknown): { data: EntryData; invalid: Set<string>; issues: readonly ZodIssue[] } {
  const whole = entrySchema.safeParse(raw);
  if (whole.success) return { data: whole.data, invalid: new Set(), issues: [] };
  const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const data: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(entrySchema.shape)) {
    const r = schema.safeParse(fields[key]);
    data[key] = r.success ? r.data : EMPTY[key];
  }
  return { data: data as EntryData, invalid: new Set(whole.error.issues.map((i) => String(i.path[0] ?? ''))), issues: whole.error.issues };
}

/** An empty value for each game-file field that has no default, standing in for a field that fails its schema. */
const GAME_EMPTY: Record<string, unknown> = { id: '', title: '', order: -1, publisher: '', players: '', blurb: '', sections: [] };

/**
 * A game file's fields, field by field as for an entry: a field that fails its schema is reported (`issues`) and
 * left empty (`invalid`), so that its other fields are still checked, and its entries too while the game is usable.
 */
function gameData(raw: unknown): { data: Game; invalid: Set<string>; issues: readonly ZodIssue[] } {
  const whole = gameSchema.safeParse(raw);
  if (whole.success) return { data: whole.data, invalid: new Set(), issues: [] };
  const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const data: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(gameSchema.shape)) {
    const r = schema.safeParse(fields?.[key]);
    data[key] = r.success ? r.data : GAME_EMPTY[key];
  }
  const invalid = new Set(whole.error.issues.map((i) => String(i.path[0] ?? '')));
  if (!fields) for (const key of Object.keys(GAME_EMPTY)) invalid.add(key);
  return { data: data as Game, invalid, issues: whole.error.issues };
}

/**
 * Whether a game's entries can be checked against it: its id, sections and options read, and its options hold
 * together (the conditions of its entries are read through them).
 */
const usableGame = (invalid: ReadonlySet<string>, crossField: readonly Problem[]): boolean =>
  !['id', 'sections', 'options'].some((k) => invalid.has(k)) && !crossField.some((p) => p.field.startsWith('options'));

/** The names in a folder, sorted; names starting with a dot (editor and system files) are not content. */
const listDir = (d: string): string[] =>
  existsSync(d)
    ? readdirSync(d)
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];

/**
 * Reads and validates every game and entry under `dir`. Never throws for bad content: see `problems`, each with
 * the line it is on where it has one. Every file of the folder is either read or reported: a stray `.md`, an
 * `.mdx` outside a game folder, a folder that is not a game. Entries of a game whose id, sections or options do not read
 * (or whose options do not hold together) are left out (the game file's problems are reported; its entries are checked
 * once it reads); a game file's other problems hide nothing.
 */
export function loadCatalogue(dir: string = contentDir()): Catalogue {
  const lines = new Map<string, (field: string) => number | undefined>();
  const gameFiles = new Map<string, string>();
  const cat: Catalogue = {
    dir,
    games: [],
    entries: [],
    problems: [],
    lineOf: (file, field) => lines.get(file)?.(field),
    gameFile: (id) => gameFiles.get(id) ?? `content/games/${id}.yaml`,
  };
  const rel = (p: string) => relative(process.cwd(), p) || p;
  const problem = (file: string, field: string, message: string, line?: number) =>
    cat.problems.push(line === undefined ? { file, field, message } : { file, line, field, message });
  /** A file's text, its BOM and invisible characters reported by line. */
  const read = (path: string, file: string) => {
    const text = withoutBom(file, readFileSync(path, 'utf8'), cat.problems);
    for (const c of invisibleCharacters(text)) problem(file, '(text)', c.message, c.line);
    return text;
  };
  /** A YAML text's value (its first line is `firstLine` of the file), or undefined when it is not valid YAML. */
  const yaml = (file: string, text: string, firstLine: number): unknown => {
    const counter = new LineCounter();
    const doc = parseDocument(text, { lineCounter: counter });
    // The first error only: the ones after it are mostly the parser losing its way after the first.
    const error = doc.errors[0];
    if (error) {
      const message = error.message.split('\n')[0]!.replace(/ at line \d+, column (\d+):?$/, ' (column $1)');
      problem(file, '(yaml)', message, (error.linePos?.[0].line ?? 1) + firstLine - 1);
      return undefined;
    }
    lines.set(file, yamlLines(doc, counter, firstLine));
    return doc.toJS();
  };

  const gamesDir = join(dir, 'games');
  const brokenGames = new Set<string>();
  for (const name of listDir(gamesDir)) {
    const path = join(gamesDir, name);
    const file = rel(path);
    if (!/\.ya?ml$/.test(name) || statSync(path).isDirectory()) {
      problem(file, '(file)', 'not read: content/games/ holds only game files, <game>.yaml');
      continue;
    }
    const raw = yaml(file, read(path, file), 1);
    if (raw === undefined) {
      brokenGames.add(name.replace(/\.ya?ml$/, ''));
      continue;
    }
    // Every problem of the file at once: its schema's, those across its fields, and (while the game is usable) its entries'.
    const { data, invalid, issues } = gameData(raw);
    const crossField = gameProblems(data, file);
    cat.problems.push(...issueProblems(file, issues), ...crossField);
    if (!usableGame(invalid, crossField)) {
      brokenGames.add(name.replace(/\.ya?ml$/, ''));
      continue;
    }
    if (`${data.id}.yaml` !== name && `${data.id}.yml` !== name) problem(file, 'id', `id "${data.id}" must match the file name`);
    cat.games.push(data);
    gameFiles.set(data.id, file);
  }
  const gameIds = cat.games.map((g) => g.id);
  for (const game of listDir(dir)) {
    const gameDir = join(dir, game);
    if (game === 'games') continue;
    if (!statSync(gameDir).isDirectory()) {
      problem(rel(gameDir), '(file)', 'not read: entries go in content/<game>/<slug>.mdx, games in content/games/<game>.yaml');
      continue;
    }
    if (brokenGames.has(game)) continue;
    if (!gameIds.includes(game)) {
      const message = `not read: "${game}" is not a game (no content/games/${game}.yaml; games: ${gameIds.join(', ')})`;
      problem(`${rel(gameDir)}/`, '(folder)', message);
      continue;
    }
    for (const name of listDir(gameDir)) {
      const path = join(gameDir, name);
      const file = rel(path);
      const stat = statSync(path);
      if (!name.endsWith('.mdx') || stat.isDirectory()) {
        const hint = name.endsWith('.md') ? ' (rename it to .mdx)' : '';
        problem(file, '(file)', `not read: a game folder holds only rule entries, <slug>.mdx${hint}`);
        continue;
      }
      if (stat.size > ENTRY_MAX_BYTES) problem(file, '(size)', sizeProblem(stat.size), 1);
      const split = splitFrontmatter(read(path, file));
      if (!split) problem(file, '(frontmatter)', 'the file must start with a --- frontmatter block', 1);
      // An entry whose frontmatter cannot be read still exists (links to it are not "missing"), with every field
      // invalid; its body is checked when it can be found.
      const raw = split ? yaml(file, split.frontmatter, 2) : undefined;
      const { data, invalid, issues } = entryData(raw === undefined ? null : raw);
      if (raw !== undefined) cat.problems.push(...issueProblems(file, issues));
      if (raw === undefined) for (const key of Object.keys(EMPTY)) invalid.add(key);
      const checked = !!split && bodyChecked(stat.size);
      const record = { game, slug: name.slice(0, -4), file, data, body: checked ? split.body : '', bodyLine: split?.bodyLine ?? 1 };
      cat.entries.push({ ...record, ...(invalid.size ? { invalid } : {}), ...(checked ? {} : { bodyUnchecked: true }) });
    }
  }
  for (const p of cat.problems) if (p.line === undefined) p.line = cat.lineOf(p.file, p.field);
  return cat;
}
