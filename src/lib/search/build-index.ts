/**
 * Builds a game's search index at build time: a weighted inverted index over every entry's fields, the sorted
 * vocabulary (the browser runs Fuse.js over it for typos) and what results show. Served as /search/<game>.json.
 */
import { FIELD_WEIGHTS, REPEAT_WEIGHT, TITLE_LENGTH_NORM, WORDNET_SENSES, type Field } from './config';
import { isEnglish, synonyms } from './wordnet';
import { setupWords, type SetupWord } from './query-setup';
import { indexWords, stem } from './text';
import { entrySentences, numberNeighbours, statesLimit } from './answer';
import { porterStem, STOP_WORDS } from '../english';
import { mdxToText } from './mdx-text';
import { conditionKeys, optionValues, runtimeOptions } from '../option-authoring';
import { ANY_ATTR, conditionAttr, currentTokens, type RuntimeOption } from '../options';
import { holds, type WhenAttrs } from '../fragments';
import { gameSpans, setupMarks } from './setup-marks';
import type { Game } from '../../schemas/game';

/** One entry as the index sees it. */
export interface SearchDoc {
  game: string;
  slug: string;
  title: string;
  gameTitle: string;
  summary: string;
  aliases: readonly string[];
  /** Players' own phrasings (frontmatter `asked`). */
  asked: readonly string[];
  terms: readonly string[];
  headings: readonly string[];
  /** Plain text of the body (all option variants). */
  body: string;
  /**
   * The play option the entry belongs to, when it applies only under one choice: the option and the value whose
   * entry it is (an objective, a character, a mod), or the option alone for a rule of a section that belongs to the
   * option (solo play, an expansion: it applies while the option is on).
   */
  choice?: { option: string; value?: string; label?: string };
  /** The lines of `body` inside `<When>` blocks: [line index, the blocks' conditions merged]. */
  conditional?: [number, WhenAttrs][];
  /**
   * `body` with the text a setup may hide marked (setup-text.ts: its lines inside `<When>` blocks, its inline
   * variants), marker k standing for `spans[k]`; absent when a setup hides none of it.
   */
  marked?: string;
  spans?: WhenAttrs[];
  /** The general rules (slugs of the same game) this entry is a special case of (frontmatter `exceptionTo`). */
  exceptionTo?: readonly string[];
}

/** The frontmatter fields the index reads. */
export interface IndexedEntry {
  title: string;
  section?: string;
  summary: string;
  aliases: readonly string[];
  asked?: readonly string[];
  terms: readonly string[];
  exceptionTo?: readonly string[];
}

/** The option an entry applies under only, if any: the option and value it describes, or its section's option. */
function choiceOption(game: Partial<Pick<Game, 'options' | 'sections'>>, slug: string, section?: string): SearchDoc['choice'] {
  for (const o of game.options ?? []) {
    const value = optionValues(o).find((v) => v.entry === slug);
    if (value) return { option: o.id, value: String(value.value), label: o.label };
  }
  const option = game.sections?.find((s) => s.id === section)?.option;
  const label = game.options?.find((o) => o.id === option)?.label;
  return option ? { option, ...(label ? { label } : {}) } : undefined;
}

/**
 * The option an entry applies under when its whole body is text the default setup hides (every line inside `<When>`
 * blocks that do not hold by default: a story location, a rule of one mode): the option of its first line's first
 * condition, at that condition's one value (none for a boolean option: it applies while on).
 */
function variantChoice(game: Pick<Game, 'id' | 'options'>, text: string, conditional: readonly [number, WhenAttrs][]): SearchDoc['choice'] {
  const lines = text ? text.split('\n').length : 0;
  if (!lines || conditional.length !== lines) return undefined;
  const defaults = currentTokens({ id: game.id, options: runtimeOptions(game) }, {});
  if (conditional.some(([, when]) => holds(when, defaults))) return undefined;
  const [name, tokens] = Object.entries(conditional[0]![1])[0] ?? [];
  const key = name && name !== ANY_ATTR ? conditionKeys(game).get(name.slice(conditionAttr('').length)) : undefined;
  if (!key) return undefined;
  const { id, label } = key.option;
  if (key.option.type === 'boolean') return { option: id, label };
  const value = key.value ?? (tokens!.split(' ').length === 1 ? tokens : undefined);
  return value ? { option: id, value, label } : undefined;
}

/** The index's view of one entry: its fields and the plain text of its MDX body. */
export function searchDoc(
  game: { id: string; title: string } & Partial<Pick<Game, 'options' | 'sections'>>,
  slug: string,
  data: IndexedEntry,
  body: string,
): SearchDoc {
  const { text, headings, ...parts } = mdxToText(body);
  const option = choiceOption(game, slug, data.section);
  const options = game.options;
  const { conditional, marked, spans } = options ? setupMarks({ id: game.id, options }, parts) : { conditional: [] };
  const variantOnly = !option && options && variantChoice({ id: game.id, options }, text, conditional);
  return {
    game: game.id,
    gameTitle: game.title,
    slug,
    title: data.title,
    summary: data.summary,
    aliases: data.aliases,
    asked: data.asked ?? [],
    terms: data.terms,
    headings,
    body: text,
    ...(option ? { choice: option } : variantOnly ? { choice: variantOnly } : {}),
    ...(conditional.length ? { conditional } : {}),
    ...(marked && spans ? { marked, spans } : {}),
    ...(data.exceptionTo?.length ? { exceptionTo: data.exceptionTo } : {}),
  };
}

/** The shipped index. Arrays rather than objects keep it small. */
export interface SearchIndex {
  version: 2;
  /** Games by index: [id, title]. */
  games: [string, string][];
  /** Per doc: [url, title, game index, summary, body text (what a setup hides marked: setup-text.ts, `spans`)]. */
  docs: [string, string, number, string, string][];
  /** Sorted distinct words. */
  vocab: string[];
  /** Per word: flat [doc, weight, doc, weight, ...] with weights rounded to 0.1. */
  postings: number[][];
  /** Per word: how many docs hold it (for idf). */
  df: number[];
  /** Per doc: normalised title and aliases, for phrase matches. */
  phrases: string[][];
  /** Words (vocab indices) that stand only in aliases and are not English: misspellings players make. */
  typos: number[];
  /** Words of one family by Porter stem ("search", "searching", "searched"): stem → vocab indices (a word that
   * is its own stem and has no family is left out: the vocabulary finds it). */
  forms: Record<string, number[]>;
  /** Words (vocab indices) that only WordNet brought (synonyms): matched exactly, never as a prefix or typo. */
  wordnet: number[];
  /** Entries of every game, and per word how many of them hold it: one idf scale for every game's index, so
   * that scores from different games' indexes compare (all-games search). Absent: this index's own counts. */
  totalDocs?: number;
  totalDf?: number[];
  /**
   * Docs (indices) that apply under one choice of a play option, by option (SearchDoc.choice): its id, the index words
   * of its id and label (a query holding one names the option: "solo", "bot", "objective"), and per doc the value it
   * is the entry of ('' for a rule that applies while the option is on).
   */
  choices?: { option: string; docs: number[]; values: string[]; words?: string[] }[];
  /**
   * Exception entries (SearchDoc.exceptionTo): per entry, [its doc, the docs of the general rules it is a special
   * case of]. Absent: none.
   */
  exceptions?: number[][];
  /** Players' words for this game's own terms (the game file's `synonyms`), as index words: "vp" → ["honor"]. */
  synonyms?: Record<string, string[]>;
  /**
   * Per doc: each number of its summary and body with the words within 2 of it (answer.ts numberNeighbours), as
   * vocab indices [number, word, word, …]: what a query's number-noun pairs rank by ("17 coins"), kept with the
   * ranking so that a list ranked before the entries' text is in (index-files.ts) is the list ranked after.
   * Absent (a hand-made index): read from the docs' text.
   */
  numbers?: number[][][];
  /** Docs (indices) whose summary states a limit ("at most 4 specialists": answer.ts statesLimit): a limit question
   * lifts them (SEARCH.limitBoost). Absent (a hand-made index): none. */
  limits?: number[];
  /** The game's options as the option model reads them: what a reader's setup is (setup-text.ts). Text file only. */
  options?: RuntimeOption[];
  /** The conditions the docs' bodies are marked with (setup-text.ts: marker k names spans[k]). Text file only. */
  spans?: WhenAttrs[];
  /** The option values a lookup can name, with the words that name them (query-setup.ts). Text file only. */
  setupWords?: SetupWord[];
}

/**
 * Each doc's phrases (title, aliases, phrasings, terms) as index words. A phrase that shrinks, once its stop words
 * go, to the title of another entry of the game is that entry's name, not this one's: "how many heroes can I have"
 * (Heroes tracker) and "get relics" (Arcane Tower) both become "hero", "relic", which name Heroes and Relics.
 */
function docPhrases(docs: readonly SearchDoc[]): string[][] {
  const phrase = (p: string) => indexWords(p).join(' ');
  const titles = new Map(docs.map((doc, d) => [`${doc.game} ${phrase(doc.title)}`, d]));
  // A given name ("Ronak" of "Ronak, the Earth Trembler") names this entry unless another's title or alias is that name.
  const named = new Map<string, number>();
  docs.forEach((doc, d) => [doc.title, ...doc.aliases].forEach((n) => named.set(`${doc.game} ${phrase(n)}`, d)));
  return docs.map((doc, d) => [
    ...new Set([
      ...[doc.title, ...doc.aliases, ...doc.asked, ...doc.terms]
        .map(phrase)
        .filter((p, i) => p && (i === 0 || (titles.get(`${doc.game} ${p}`) ?? d) === d)),
      ...doc.terms
        .map(givenName)
        .filter((n) => n !== undefined)
        .map(phrase)
        .filter((p) => p && (named.get(`${doc.game} ${p}`) ?? d) === d),
    ]),
  ]);
}

/**
 * The name a card or character goes by, of a term printed as "Name, epithet" ("Strann, the Oppressor" → "Strann"):
 * players call them by it. One word of 3 letters or more, else undefined.
 */
export function givenName(term: string): string | undefined {
  return /^([^\s,]{3,}),\s/.exec(term)?.[1];
}

/** The docs that apply under one choice of a play option, grouped by option. */
function choiceGroups(docs: readonly SearchDoc[]): NonNullable<SearchIndex['choices']> {
  const groups = new Map<string, NonNullable<SearchIndex['choices']>[number]>();
  docs.forEach((doc, d) => {
    if (!doc.choice) return;
    const { option, value = '', label = '' } = doc.choice;
    if (!groups.has(option)) groups.set(option, { option, docs: [], values: [], words: [...new Set(indexWords(`${option} ${label}`))] });
    groups.get(option)!.docs.push(d);
    groups.get(option)!.values.push(value);
  });
  return [...groups.values()];
}

/** The exception entries as doc indices (see SearchIndex.exceptions); a slug not in the docs is left out. */
function exceptionDocs(docs: readonly SearchDoc[]): number[][] {
  const at = new Map(docs.map((doc, d) => [`${doc.game}/${doc.slug}`, d]));
  return docs.flatMap((doc, d) => {
    const general = (doc.exceptionTo ?? []).flatMap((slug) => at.get(`${doc.game}/${slug}`) ?? []).filter((g) => g !== d);
    return general.length ? [[d, ...general]] : [];
  });
}

/** Each doc's numbers and the words beside them, as vocab indices (see SearchIndex.numbers). */
function docNumbers(docs: readonly SearchDoc[], vocab: readonly string[]): number[][][] {
  const at = new Map(vocab.map((w, i) => [w, i]));
  // Every word of a summary or body is in the vocabulary; one that were not could match no query word anyway.
  const ids = (words: Iterable<string>) => [...words].flatMap((w) => (at.has(w) ? [at.get(w)!] : [])).sort((a, b) => a - b);
  return docs.map((doc) =>
    [...numberNeighbours(entrySentences(doc.summary, doc.body))].flatMap(([number, near]) =>
      at.has(number) ? [[at.get(number)!, ...ids(near)]] : [],
    ),
  );
}

/** Families of words by Porter stem (numbers and WordNet-only words left out). */
function wordForms(vocab: readonly string[], keep: (w: string) => boolean): Record<string, number[]> {
  const groups = new Map<string, number[]>();
  vocab.forEach((w, i) => {
    if (/^\d/.test(w) || !keep(w)) return;
    const key = porterStem(w);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  // A lone word is worth listing only when its stem is not the word itself ("produced" under "produc").
  return Object.fromEntries([...groups].filter(([key, list]) => list.length > 1 || vocab[list[0]!] !== key));
}

/** Every index word of a doc, once. */
function docWords(doc: SearchDoc): Set<string> {
  return new Set([doc.title, doc.summary, doc.body, ...doc.aliases, ...doc.asked, ...doc.terms, ...doc.headings].flatMap(indexWords));
}

/** Document counts over every game's entries, for one idf scale across the games' indexes. */
interface Totals {
  docs: number;
  df: Map<string, number>;
}
function totalsOf(all: readonly SearchDoc[]): Totals {
  const df = new Map<string, number>();
  for (const doc of all) for (const w of docWords(doc)) df.set(w, (df.get(w) ?? 0) + 1);
  return { docs: all.length, df };
}

/** A game's players' words for its own terms, as its game file gives them (see SearchIndex.synonyms). */
export interface GameSynonyms {
  id: string;
  synonyms?: Readonly<Record<string, readonly string[]>>;
  /** The game's play options (for the text each setup shows: SearchIndex.options). */
  options?: Game['options'];
}

/** One index per game, with idf counted over all of them (see `SearchIndex.totalDf`), and each game's synonyms. */
export function buildSearchIndexes(all: readonly SearchDoc[], games: readonly GameSynonyms[] = []): Map<string, SearchIndex> {
  const totals = totalsOf(all);
  const ids = [...new Set(all.map((d) => d.game))];
  return new Map(
    ids.map((g) => [
      g,
      buildSearchIndex(
        all.filter((d) => d.game === g),
        totals,
        games.find((x) => x.id === g),
      ),
    ]),
  );
}

/** A synonym table as index words: each key and each of its words normalised and stemmed, empty ones dropped. */
function synonymWords(table: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [word, list] of Object.entries(table)) {
    const key = indexWords(word).join(' ');
    const words = [...new Set(list.flatMap(indexWords))];
    if (key && words.length) out[key] = [...new Set([...(out[key] ?? []), ...words])];
  }
  return out;
}

/** Builds the index from the docs, in any order (they are sorted by game and slug, so the output is stable). */
function buildSearchIndex(input: readonly SearchDoc[], totals?: Totals, game?: GameSynonyms): SearchIndex {
  const gameSynonyms = game?.synonyms;
  const docs = [...input].sort((a, b) => (a.game === b.game ? (a.slug < b.slug ? -1 : 1) : a.game < b.game ? -1 : 1));
  const games: [string, string][] = [];
  const gameIdx = new Map<string, number>();
  const weights = new Map<string, Map<number, number>>();
  /** Words found in some field other than aliases (so not a misspelling alias), and in any but WordNet's. */
  const inText = new Set<string>();
  const inEntry = new Set<string>();
  docs.forEach((doc, d) => {
    if (!gameIdx.has(doc.game)) {
      gameIdx.set(doc.game, games.length);
      games.push([doc.game, doc.gameTitle]);
    }
    // Per word: how often each field holds it. A word's weight in the entry is the sum over fields of the field's
    // weight, with diminishing returns for repeats (three aliases saying "xp" are not three times one).
    const counts = new Map<string, Map<Field, number>>();
    const add = (text: string, field: Field) => {
      const words = indexWords(text);
      // A word is worth more in a short title than in a long one ("Fight" vs "Objective: fight 10 times").
      const norm = field === 'title' ? 1 / Math.sqrt(Math.max(1, words.length)) ** TITLE_LENGTH_NORM : 1;
      const seen = new Map<string, number>();
      for (const w of words) seen.set(w, (seen.get(w) ?? 0) + 1);
      for (const [w, n] of seen) {
        if (!counts.has(w)) counts.set(w, new Map());
        const c = counts.get(w)!;
        // Repeats count in the body; in a title, alias or heading a word counts once per phrase.
        c.set(field, (c.get(field) ?? 0) + (field === 'title' ? norm : field === 'body' ? n : 1));
      }
    };
    add(doc.title, 'title');
    add(doc.summary, 'summary');
    add(doc.body, 'body');
    for (const a of doc.aliases) add(a, 'alias');
    for (const a of doc.asked) add(a, 'asked');
    for (const t of doc.terms) add(t, 'term');
    for (const h of doc.headings) add(h, 'heading');
    if (WORDNET_SENSES > 0) {
      // WordNet synonyms of the words that name the entry (title, aliases, terms) that the entry does not use.
      const naming = new Set([doc.title, ...doc.aliases, ...doc.terms].flatMap(indexWords));
      const extra = new Set(
        [...naming]
          .flatMap((w) => synonyms(w, WORDNET_SENSES))
          .map(stem)
          .filter((w) => !counts.has(w) && !STOP_WORDS.has(w)),
      );
      for (const w of extra) counts.set(w, new Map([['wordnet', 1]]));
    }
    for (const [w, c] of counts) {
      if ([...c.keys()].some((f) => f !== 'alias' && f !== 'asked' && f !== 'wordnet')) inText.add(w);
      if ([...c.keys()].some((f) => f !== 'wordnet')) inEntry.add(w);
      let x = 0;
      for (const [field, n] of c) x += FIELD_WEIGHTS[field] * (field === 'title' ? n : 1 + REPEAT_WEIGHT * Math.log(n));
      if (!weights.has(w)) weights.set(w, new Map());
      weights.get(w)!.set(d, x);
    }
  });
  const spans = gameSpans(docs);
  const vocab = [...weights.keys()].sort();
  const postings = vocab.map((w) => [...weights.get(w)!].flatMap(([d, x]) => [d, Math.round(x * 10) / 10]));
  const df = vocab.map((w) => weights.get(w)!.size);
  return {
    version: 2,
    games,
    docs: docs.map((doc, d) => [`/${doc.game}/${doc.slug}/`, doc.title, gameIdx.get(doc.game)!, doc.summary, spans.bodies[d]!]),
    vocab,
    postings,
    df,
    wordnet: vocab.flatMap((w, i) => (inEntry.has(w) ? [] : [i])),
    forms: wordForms(vocab, (w) => inEntry.has(w)),
    typos: vocab.flatMap((w, i) => (!inText.has(w) && /^[a-z]+$/.test(w) && !isEnglish(w) ? [i] : [])),
    phrases: docPhrases(docs),
    ...(totals ? { totalDocs: totals.docs, totalDf: vocab.map((w) => totals.df.get(w) ?? 1) } : {}),
    choices: choiceGroups(docs),
    ...(docs.some((doc) => doc.exceptionTo?.length) ? { exceptions: exceptionDocs(docs) } : {}),
    numbers: docNumbers(docs, vocab),
    limits: docs.flatMap((doc, d) => (statesLimit(doc.summary) ? [d] : [])),
    ...(gameSynonyms && Object.keys(gameSynonyms).length ? { synonyms: synonymWords(gameSynonyms) } : {}),
    ...(game?.options?.length
      ? {
          options: runtimeOptions({ options: game.options }),
          setupWords: setupWords(game.options, (w) => !/\d/.test(w) && isEnglish(w)),
          ...(spans.table.length ? { spans: spans.table } : {}),
        }
      : {}),
  };
}
