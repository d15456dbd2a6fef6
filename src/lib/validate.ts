/**
 * Checks across entries that a single frontmatter schema cannot see: sections, options and related links
 * that must exist in the game, slugs that must be well-formed and free, and aliases/terms that must not
 * point two ways. Every problem names the entry's file and the field.
 */
import type { Game } from '../schemas/game';
import type { EntryData } from '../schemas/entry';
import { RESERVED_SLUGS } from './game-pages';
import { optionProblems, optionValues } from './option-authoring';
import { playAlongProblems } from './play-along';
import { indexWords } from './search/text';
import { mixedScriptWords } from './content-text';

/** An entry as the checks see it: where it lives and its parsed frontmatter. */
export interface EntryRecord {
  game: string;
  slug: string;
  /** Path shown in messages, e.g. `content/<game>/<slug>.mdx`. */
  file: string;
  data: EntryData;
  /** Frontmatter fields that failed their schema (reported already; their values here are empty). */
  invalid?: ReadonlySet<string>;
}

/** One problem: the file, the field (dotted path) and what was expected; the line where the field is written. */
export interface Problem {
  file: string;
  field: string;
  message: string;
  line?: number;
}

/**
 * What is wrong across the fields of one game file that its schema (shapes only) cannot see: a section id given twice,
 * a section naming an option the game does not have, and option definitions that do not hold together (see
 * `optionProblems`). `file` is the game file's path, for the messages. A game with any of these is not read.
 */
export function gameProblems(game: Game, file: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  game.sections.forEach((s, i) => {
    if (seen.has(s.id)) problems.push({ file, field: `sections.${i}.id`, message: `duplicate section id "${s.id}"` });
    seen.add(s.id);
    if (s.option && !game.options.some((o) => o.id === s.option))
      problems.push({ file, field: `sections.${i}.option`, message: `no option "${s.option}" in this game's options` });
  });
  for (const p of optionProblems(game)) problems.push({ file, field: ['options', ...p.path].join('.'), message: p.message });
  return problems;
}

/** A value given twice in one list (`related`, `aliases`, `setupGuide`...), compared as `normaliseTerm` does: on the second. */
function listedTwice(file: string, field: string, list: readonly string[]): Problem[] {
  const first = new Map<string, number>();
  return list.flatMap((value, i) => {
    const key = normaliseTerm(value);
    const at = first.get(key);
    if (at === undefined) first.set(key, i);
    return at === undefined ? [] : [{ file, field: `${field}.${i}`, message: `"${value}" is listed twice (also ${field}.${at})` }];
  });
}

/** The frontmatter fields a reader or the search reads as words, by their field paths (a failed field is empty). */
const wordFields = (data: EntryData): [string, string][] => [
  ['title', data.title],
  ['summary', data.summary],
  ...data.aliases.map((a, i): [string, string] => [`aliases.${i}`, a]),
  ...data.asked.map((a, i): [string, string] => [`asked.${i}`, a]),
  ...data.terms.map((t, i): [string, string] => [`terms.${i}`, t]),
];

/** Normalises an alias or term for comparison. */
export const normaliseTerm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Formats problems for a build log, one per line. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.file}${p.line === undefined ? '' : `:${p.line}`}: ${p.field}: ${p.message}`).join('\n');
}

/**
 * Every cross-entry problem in the site. `pending` slugs count as existing for `related` (work in progress);
 * `gameFile` names a game's file as read (for its problems' file and line).
 */
export function validateSite(
  games: readonly Game[],
  entries: readonly EntryRecord[],
  pending: ReadonlySet<string> = new Set(),
  gameFile: (id: string) => string = (id) => `content/games/${id}.yaml`,
): Problem[] {
  const problems: Problem[] = [];
  const byGame = new Map(games.map((g) => [g.id, g]));
  const slugsOf = new Map<string, Set<string>>();
  for (const e of entries) {
    if (!slugsOf.has(e.game)) slugsOf.set(e.game, new Set());
    const set = slugsOf.get(e.game)!;
    if (set.has(e.slug)) problems.push({ file: e.file, field: 'slug', message: `duplicate slug "${e.slug}" in ${e.game}` });
    set.add(e.slug);
  }

  // Which entry holds each position of a section, per game.
  const orders = new Map<string, string>();
  // Which entry claims each normalised word (alias, term or title), per game.
  const claims = new Map<string, Map<string, { slug: string; file: string; field: string }>>();
  for (const e of entries) {
    const game = byGame.get(e.game);
    if (!game) {
      problems.push({ file: e.file, field: 'game', message: `folder "${e.game}" is not a game (games: ${[...byGame.keys()].join(', ')})` });
      continue;
    }
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.slug))
      problems.push({ file: e.file, field: 'slug', message: `file name "${e.slug}" must be a kebab-case slug` });
    if (RESERVED_SLUGS.has(e.slug)) problems.push({ file: e.file, field: 'slug', message: `"${e.slug}" is a reserved page name` });
    const invalid = e.invalid ?? new Set<string>();
    if (!invalid.has('section') && !invalid.has('order')) {
      const key = `${e.game}\n${e.data.section}\n${e.data.order}`;
      const prev = orders.get(key);
      if (!prev) orders.set(key, e.file);
      else {
        const message = `order ${e.data.order} is also ${prev}'s place in section "${e.data.section}"; give each entry of a section its own`;
        problems.push({ file: e.file, field: 'order', message });
      }
    }
    if (!invalid.has('section') && !game.sections.some((s) => s.id === e.data.section))
      problems.push({
        file: e.file,
        field: 'section',
        message: `unknown section "${e.data.section}" (sections: ${game.sections.map((s) => s.id).join(', ')})`,
      });
    e.data.options.forEach((id, i) => {
      if (!game.options.some((o) => o.id === id))
        problems.push({
          file: e.file,
          field: `options.${i}`,
          message: `unknown option "${id}" (options: ${game.options.map((o) => o.id).join(', ')})`,
        });
    });
    const slugs = slugsOf.get(e.game)!;
    problems.push(...listedTwice(e.file, 'related', e.data.related), ...listedTwice(e.file, 'aliases', e.data.aliases));
    problems.push(...listedTwice(e.file, 'terms', e.data.terms), ...listedTwice(e.file, 'asked', e.data.asked));
    problems.push(...listedTwice(e.file, 'exceptionTo', e.data.exceptionTo));
    for (const [field, text] of wordFields(e.data))
      for (const word of mixedScriptWords(text))
        problems.push({
          file: e.file,
          field,
          message: `"${word.word}" mixes ${word.scripts.join(' and ')} letters in one word: type it again in one script (a look-alike letter hides the word from search)`,
        });
    e.data.related.forEach((slug, i) => {
      if (slug === e.slug) problems.push({ file: e.file, field: `related.${i}`, message: 'an entry cannot relate to itself' });
      else if (!slugs.has(slug) && !pending.has(`${e.game}/${slug}`))
        problems.push({ file: e.file, field: `related.${i}`, message: `no entry "${slug}" in ${e.game}` });
    });
    e.data.exceptionTo.forEach((slug, i) => {
      if (slug === e.slug) problems.push({ file: e.file, field: `exceptionTo.${i}`, message: 'an entry cannot be an exception to itself' });
      else if (!slugs.has(slug)) problems.push({ file: e.file, field: `exceptionTo.${i}`, message: `no entry "${slug}" in ${e.game}` });
    });
    if (!claims.has(e.game)) claims.set(e.game, new Map());
    const words = claims.get(e.game)!;
    const claim = (word: string, field: string) => {
      const key = normaliseTerm(word);
      const prev = words.get(key);
      if (prev && prev.slug !== e.slug)
        problems.push({
          file: e.file,
          field,
          message: `"${word}" is already claimed by ${prev.file} (${prev.field}); give it to one entry only`,
        });
      else if (!prev) words.set(key, { slug: e.slug, file: e.file, field });
    };
    if (!invalid.has('title')) claim(e.data.title, 'title');
    e.data.terms.forEach((t, i) => claim(t, `terms.${i}`));
    e.data.aliases.forEach((a, i) => {
      if (!invalid.has('title') && normaliseTerm(a) === normaliseTerm(e.data.title))
        problems.push({ file: e.file, field: `aliases.${i}`, message: `alias "${a}" repeats the title` });
      else claim(a, `aliases.${i}`);
    });
  }
  // Players' phrasings (`asked`) lead to one entry: not a word an entry claims (its own or another's), not a
  // phrasing of two entries.
  const askedBy = new Map<string, { slug: string; file: string; field: string }>();
  for (const e of entries) {
    const words = claims.get(e.game);
    e.data.asked.forEach((a, i) => {
      const key = `${e.game}\n${normaliseTerm(a)}`;
      const field = `asked.${i}`;
      const named = words?.get(normaliseTerm(a));
      const prev = askedBy.get(key);
      if (named)
        problems.push({
          file: e.file,
          field,
          message:
            named.slug === e.slug
              ? `"${a}" repeats this entry's ${named.field}`
              : `"${a}" is a name of ${named.file} (${named.field}); a phrasing must not lead elsewhere`,
        });
      else if (prev && prev.slug !== e.slug)
        problems.push({ file: e.file, field, message: `"${a}" is also asked in ${prev.file} (${prev.field}); give it to one entry only` });
      else if (!prev) askedBy.set(key, { slug: e.slug, file: e.file, field });
    });
  }
  for (const game of games) {
    const slugs = slugsOf.get(game.id) ?? new Set();
    const file = gameFile(game.id);
    const known = (slug: string) => slugs.has(slug) || pending.has(`${game.id}/${slug}`);
    game.quickLinks.forEach((q, i) => {
      if (!known(q.entry)) problems.push({ file, field: `quickLinks.${i}.entry`, message: `no entry "${q.entry}" in ${game.id}` });
    });
    problems.push(...listedTwice(file, 'setupGuide', game.setupGuide));
    game.setupGuide.forEach((slug, i) => {
      if (!known(slug)) problems.push({ file, field: `setupGuide.${i}`, message: `no entry "${slug}" in ${game.id}` });
    });
    // A game's synonyms lead players' words to the game's own terms: each must be a word of an entry's name.
    const named = new Set(
      entries.filter((e) => e.game === game.id).flatMap((e) => [e.data.title, ...e.data.aliases, ...e.data.terms].flatMap(indexWords)),
    );
    for (const [word, list] of Object.entries(game.synonyms ?? {}))
      list.forEach((term, i) => {
        const missing = indexWords(term).filter((w) => !named.has(w));
        if (missing.length)
          problems.push({
            file,
            field: `synonyms.${word}.${i}`,
            message: `"${term}" is not a word of any title, alias or term in ${game.id}`,
          });
      });
    game.options.forEach((o, i) => {
      optionValues(o).forEach((v, j) => {
        if (v.entry && !known(v.entry))
          problems.push({ file, field: `options.${i}.values.${j}.entry`, message: `no entry "${v.entry}" in ${game.id}` });
      });
    });
    for (const p of playAlongProblems(game, known)) problems.push({ file, field: ['playAlong', ...p.path].join('.'), message: p.message });
  }
  return problems;
}
