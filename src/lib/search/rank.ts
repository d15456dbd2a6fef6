/**
 * Searches one game's prebuilt index. Each query word is matched exactly, as a prefix of longer words, through its
 * synonyms (config SYNONYMS and the game's own, SearchIndex.synonyms) and, when it is unknown or rare, fuzzily:
 * Fuse.js proposes words of about the same length and an edit distance that counts a swap as 1 edit ranks them.
 * The matches then go through the ranking's stages, each a pure module: score (score.ts: summed word scores scaled by
 * the share of the query matched, phrase bonuses, number pairs), the reader's setup (weigh.ts), the answer sentence
 * (answer.ts, from the text the setup shows: setup-text.ts) and the result (shape.ts).
 */
import Fuse from 'fuse.js';
import { stemmer } from 'stemmer';
import { FUSE_OPTIONS, LIGHT_WORDS, SEARCH, SPELLINGS, SYNONYMS } from './config';
import type { SearchIndex } from './build-index';
import { editDistance } from '../edit-distance';
import { indexWords, queryWords, stem } from './text';
import {
  answerQuery,
  answerText,
  asksLimit,
  namesOnly,
  entrySentences,
  numberNeighbours,
  numberPairShare,
  numberPairs,
  type AnswerQuery,
  type BodyLine,
  type Sentence,
} from './answer';
import { entryScore, numberPairLift, queryTerms, scoreDocs, type SharedStat } from './score';
import { choiceFactor, exceptionsAfter, generalFirst, type Choice } from './weigh';
import { shapeResult, type Ranked } from './shape';
import { namedSetup } from './query-setup';
import { setupTokens, shownLines } from './setup-text';
import type { SearchOptions, SearchResult, SearchSetup, WordStat } from './types';

export { inSetup } from './weigh';

/** Each spelling's other spelling (config SPELLINGS), in both directions. */
const SPELLING_OF = new Map(SPELLINGS.flatMap(([a, b]) => [[a, [b]] as const, [b, [a]] as const]));

/** Endings that make a related word of another: "movement", "placement", "production", "equipping"... */
const DERIVATIONAL = ['ment', 'ion', 'tion', 'ation', 'ing', 'er', 'ed', 'al', 'ive', 'able', 'ure', 'ance', 'ence'];

/** A loaded index ready to search; keeps a per-word cache, so typing one more letter only redoes one word. */
export class Searcher {
  /** Fuse.js over the words of about one length (±the edits allowed), built on first need: a third of the work. */
  private readonly fuseByLength = new Map<number, { fuse: Fuse<string>; terms: number[] }>();
  private readonly wordIndex: Map<string, number>;
  private readonly cache = new Map<string, { term: number; factor: number }[]>();

  /** A query word's synonyms: everyday English (config SYNONYMS) and this game's own terms (its game file's). */
  private readonly synonyms = new Map<string, string[]>();

  /** Per vocabulary word: its idf within this game, and over every game's entries (where the index carries them:
   * an all-games search scores on that one scale, so that scores from different games' indexes compare). */
  private readonly idfGame: Float64Array;
  private readonly idfAll: Float64Array;

  /** Misspelling aliases and words only WordNet brought (see SearchIndex.typos, .wordnet). */
  private readonly typos: Set<number>;
  private readonly wordnetOnly: Set<number>;
  /** Per doc that applies under one choice of a play option (an objective, a solo rule): the option, its words and
   * the value the doc is the entry of ('' for a rule that applies while the option is on). */
  private readonly choices: Map<number, Choice>;
  /** Per exception doc: the docs of the general rules it is a special case of (SearchIndex.exceptions). */
  private readonly exceptions: Map<number, number[]>;

  /** Docs whose summary states a limit (SearchIndex.limits). */
  private readonly limits: Set<number>;

  /** One-letter short forms of things, from entries with a one-letter term ("p" → the words of "Population (p)"). */
  private readonly units = new Map<string, Set<string>>();

  constructor(readonly index: SearchIndex) {
    this.wordIndex = new Map(index.vocab.map((w, i) => [w, i]));
    const everyday = Object.entries(SYNONYMS).map(([w, l]) => [stem(w), l.map(stem)] as const);
    for (const [word, list] of [...everyday, ...Object.entries(index.synonyms ?? {})])
      this.synonyms.set(word, [...new Set([...(this.synonyms.get(word) ?? []), ...list])]);
    this.typos = new Set(index.typos ?? []);
    this.wordnetOnly = new Set(index.wordnet ?? []);
    index.phrases.forEach(([title, ...rest]) => {
      for (const p of rest) if (/^[a-z]$/.test(p) && title) this.units.set(p, new Set(title.split(' ')));
    });
    this.choices = new Map(
      (index.choices ?? []).flatMap(({ option, docs, values, words: named }) => {
        const words = named ?? indexWords(option);
        return docs.map((d, i) => [d, { option, words, value: values[i] ?? '' }] as const);
      }),
    );
    this.exceptions = new Map((index.exceptions ?? []).map(([d, ...rules]) => [d!, rules]));
    this.limits = new Set(index.limits ?? []);
    const n = index.docs.length;
    this.idfGame = Float64Array.from(index.df, (x) => Math.log(1 + n / x));
    const total = index.totalDocs ?? n;
    this.idfAll = index.totalDf ? Float64Array.from(index.totalDf, (x) => Math.log(1 + total / x)) : this.idfGame;
    this.readSetupText();
  }

  /** A query word's synonyms (see `synonyms`). */
  private synonymsOf(word: string): readonly string[] {
    return this.synonyms.get(word) ?? [];
  }

  /** Vocabulary words of the same family as a word (Porter stem), from the index's families. */
  private porterGroup(word: string): number[] {
    const key = stemmer(word);
    // `forms` is a plain object parsed from JSON: "constructor" or "toString" must not reach its prototype.
    const forms = this.index.forms;
    const family = forms && Object.hasOwn(forms, key) ? forms[key] : undefined;
    if (Array.isArray(family)) return family;
    const self = this.wordIndex.get(key);
    return self !== undefined && !this.wordnetOnly.has(self) ? [self] : [];
  }

  /**
   * Vocabulary words of the same root through a derivational ending: the word (less a final "e") with one
   * ("move" → "movement", "produce" → "production"), and the word without one ("production" → "produce").
   */
  private derived(word: string): number[] {
    const base = word.endsWith('e') ? word.slice(0, -1) : word;
    const out = new Set<number>();
    const keep = (i: number | undefined) => i !== undefined && !this.wordnetOnly.has(i) && out.add(i);
    for (const ending of DERIVATIONAL) {
      keep(this.wordIndex.get(base + ending) ?? this.wordIndex.get(word + ending));
      const root = word.endsWith(ending) ? word.slice(0, -ending.length) : '';
      if (root.length >= 3) keep(this.wordIndex.get(root) ?? this.wordIndex.get(`${root}e`));
    }
    return [...out];
  }

  /** Builds the fuzzy matcher for words of this length ahead of need (call when idle: it takes a few ms). */
  prepareFuzzy(length: number): void {
    this.fuseFor(length);
  }

  private fuseFor(length: number): { fuse: Fuse<string>; terms: number[] } {
    let f = this.fuseByLength.get(length);
    if (!f) {
      const max = SEARCH.maxEdits(length);
      const terms: number[] = [];
      this.index.vocab.forEach((w, i) => {
        if (Math.abs(w.length - length) <= max && !this.wordnetOnly.has(i)) terms.push(i);
      });
      f = {
        fuse: new Fuse(
          terms.map((i) => this.index.vocab[i]!),
          { ...FUSE_OPTIONS },
        ),
        terms,
      };
      this.fuseByLength.set(length, f);
    }
    return f;
  }

  /** Vocabulary terms a query word stands for, with a match factor (1 = exact). */
  candidates(word: string, typing: boolean): { term: number; factor: number }[] {
    const key = `${typing ? '~' : ''}${word}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const out: { term: number; factor: number }[] = [];
    const exact = this.wordIndex.get(word);
    if (exact !== undefined) out.push({ term: exact, factor: 1 });
    // Numbers and symbol words ("sym2207") match exactly, or as a prefix while typed ("1" → "12").
    const hasDigit = /\d/.test(word);
    let completed = false;
    const symbol = /^sym[0-9a-f]+$/.test(word);
    if (((typing && word.length >= 2) || (SEARCH.prefixAllWords && word.length >= 4 && !hasDigit)) && !symbol) {
      // Binary search to the first vocab word >= word, then walk the prefix range.
      const { vocab, df } = this.index;
      let lo = 0;
      let hi = vocab.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (vocab[mid]! < word) lo = mid + 1;
        else hi = mid;
      }
      const prefixed: number[] = [];
      for (let i = lo; i < vocab.length && vocab[i]!.startsWith(word); i++) if (i !== exact && !this.wordnetOnly.has(i)) prefixed.push(i);
      prefixed.sort((a, b) => df[b]! - df[a]!);
      const typed = (typing ? 1 : SEARCH.completedPrefixFactor) * SEARCH.prefixFactor;
      completed = prefixed.length > 0;
      for (const term of prefixed.slice(0, SEARCH.prefixCandidates))
        out.push({ term, factor: typed * (0.6 + (0.4 * word.length) / vocab[term]!.length) });
    }
    // Other forms of the same word: its Porter family ("searching" finds "search", "controls" "controlling"), and
    // the word with a derivational ending ("move" → "movement", "place" → "placement", "produce" → "production").
    if (word.length >= 3 && !hasDigit && !symbol)
      for (const term of [...this.porterGroup(word), ...this.derived(word)]) {
        if (term === exact) continue;
        const c = out.find((x) => x.term === term);
        if (c) c.factor = Math.max(c.factor, SEARCH.stemFactor);
        else out.push({ term, factor: SEARCH.stemFactor });
      }
    const rare = exact !== undefined && this.index.df[exact]! <= SEARCH.rareExact;
    // An unknown word that no word of the index completes is a typo, even with a root of it found ("potental" → "potent").
    const uncompleted = exact === undefined && !completed;
    if ((uncompleted || (rare && (word.length > 4 || this.typos.has(exact!)))) && word.length >= SEARCH.minFuzzyLength && !hasDigit) {
      // Fuse.js proposes words; a true edit distance (which counts a swap of 2 letters as 1 edit) ranks them.
      const max = SEARCH.maxEdits(word.length);
      const { vocab, df } = this.index;
      const { fuse, terms } = this.fuseFor(word.length);
      // Fuse.js counts 2 letters swapped as 2 changes and misses them in a short word ("raod"): swaps are looked up.
      const swaps: number[] = [];
      for (let i = 0; i + 1 < word.length; i++) {
        const term = this.wordIndex.get(word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2));
        if (term !== undefined && !this.wordnetOnly.has(term)) swaps.push(term);
      }
      const proposed = fuse.search(word, { limit: SEARCH.fuzzyPool }).map((r) => terms[r.refIndex]!);
      const near = [...new Set([...proposed, ...swaps])]
        .map((term) => ({ term, d: editDistance(word, vocab[term]!, max) }))
        .filter((c) => c.d <= max && c.term !== exact)
        .sort((a, b) => a.d - b.d || df[b.term]! - df[a.term]!)
        .slice(0, SEARCH.fuzzyCandidates);
      // A near word already found (a completion, a root) keeps the better of its two factors.
      const raise = (term: number, factor: number) => {
        const c = out.find((x) => x.term === term);
        if (c) c.factor = Math.max(c.factor, factor);
        else out.push({ term, factor });
      };
      for (const c of near) raise(c.term, SEARCH.fuzzyFactor * (1 - c.d / (word.length + 1)) ** SEARCH.fuzzyDecay);
      // An unknown word of 6+ letters one edit from a single word ("jewlcrafter") is that word mistyped: it matches
      // nearly as fully as the word itself, not as a guess among several.
      if (exact === undefined && word.length >= SEARCH.confidentTypoLength && near[0]?.d === 1 && near[1]?.d !== 1)
        raise(near[0].term, SEARCH.misspellingFactor);
      // A rare word one edit from a much more common one is a misspelling alias ("champoin" on Champions): the
      // player means the common word, which every entry about it holds.
      // Of the words one edit away, the one its entries hold ("savy" on Adventurer's Savvy is "savvy", not "say").
      const oneEdit = near.filter((c) => c.d === 1);
      const first = (exact !== undefined && oneEdit.find((c) => this.shareDoc(c.term, exact))) || near[0];
      if (rare && first && first.d === 1 && this.typos.has(exact!) && df[first.term]! >= SEARCH.misspellingRatio * df[exact!]!) {
        out[0]!.factor = SEARCH.misspellingFactor;
        out.find((c) => c.term === first.term)!.factor = 1;
      }
    }
    if (this.cache.size > 2000) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** Whether two vocabulary terms stand in a doc together (postings: doc, weight pairs). */
  private shareDoc(a: number, b: number): boolean {
    const docsOf = (t: number) => this.index.postings[t]!.filter((_, i) => i % 2 === 0);
    const of = new Set(docsOf(b));
    return docsOf(a).some((d) => of.has(d));
  }

  /**
   * Each query word's candidates (see candidates) with its weight: the idf of its best match (the word itself when
   * the index has it), not of a rarer near miss, times its role in the question (head word, light word); and that
   * best match's factor. An all-games search scores on the shared idf scale.
   */
  wordStats(query: string, allGames = false): WordStat[] {
    const { words, typing, head, context } = queryWords(query);
    const idf = allGames ? this.idfAll : this.idfGame;
    return words.map((word, i) => {
      const typed = typing && i === words.length - 1;
      const found = [...this.candidates(word, typed)];
      for (const other of SPELLING_OF.get(word) ?? []) found.push(...this.candidates(other, typed));
      // Two words the game writes as one ("take over" → "takeover", "under world" → "underworld"): each stands for it.
      for (const pair of [`${words[i - 1] ?? ''}${word}`, `${word}${words[i + 1] ?? ''}`]) {
        const joined = pair !== word ? this.wordIndex.get(pair) : undefined;
        if (joined !== undefined && !this.wordnetOnly.has(joined)) found.push({ term: joined, factor: 1 });
      }
      for (const syn of this.synonymsOf(word))
        for (const c of this.candidates(syn, false)) found.push({ term: c.term, factor: c.factor * SEARCH.synonymFactor });
      const role = i === head ? SEARCH.headWordFactor : LIGHT_WORDS.has(word) ? SEARCH.lightWordFactor : 1;
      const light = role * (context.includes(i) ? SEARCH.contextWordFactor : 1);
      let bestFactor = 0;
      let weight = 0;
      for (const { term, factor } of found)
        if (factor > bestFactor || (factor === bestFactor && idf[term]! * light > weight)) {
          bestFactor = factor;
          weight = idf[term]! * light;
        }
      return { word, found, light, weight, bestFactor };
    });
  }

  /**
   * Ranked results for a query, optionally within one game, in four stages: score (score.ts), the reader's setup
   * (weigh.ts), the answer sentence (answer.ts) and the result's shape (shape.ts). `shared` gives each query word's
   * weight and best match factor over every game searched together (see SearchSet): a word this game lacks still
   * counts in coverage, so an entry of a game that holds every word of "fights in the underworld" beats one of a game
   * that has no underworld. `setup`: the reader's play options for this game (see inSetup).
   */
  search(
    query: string,
    options: SearchOptions & { allGames?: boolean; answers?: boolean; shared?: readonly SharedStat[] } = {},
  ): SearchResult[] {
    const { words, head, asksWhich } = queryWords(query);
    if (words.length === 0) return [];
    const { docs, games, vocab } = this.index;
    const gameFilter = options.game ? games.findIndex(([id]) => id === options.game) : -1;
    const stats = this.wordStats(query, options.allGames);
    const terms = queryTerms(stats, vocab, options.shared);
    const idf = options.allGames ? this.idfAll : this.idfGame;
    // An option is named by its words or by a player's word for them ("goal" for Pencilvillage's objective).
    const withSynonyms = (w: string) => [w, ...this.synonymsOf(w)];
    const optionWords = words.flatMap(withSynonyms);
    // "which characters…", "what mods…": the query asks for the values of an option, whose entries are the answers.
    const asked = asksWhich ? withSynonyms(words[0]!) : undefined;
    const ranked: Ranked[] = scoreDocs(this.index, stats, terms, idf, gameFilter, options.shared).map((scored) => {
      const choice = choiceFactor(this.choices.get(scored.d), options.setup, scored.named, optionWords, asked);
      return { scored, choice, pairs: 0, score: entryScore(scored) * choice };
    });
    generalFirst(ranked.map((r) => ({ score: r.score, coverage: r.scored.coverage, aside: r.choice < 1 }))).forEach((score, i) => {
      ranked[i]!.score = score;
    });
    const excepted = ranked.map((r) => ({ d: r.scored.d, score: r.score, coverage: r.scored.coverage, named: r.scored.named }));
    exceptionsAfter(excepted, this.exceptions).forEach((score, i) => {
      ranked[i]!.score = score;
    });
    // The entries the whole query names word for word (a title, an alias, a term or a phrasing: "lumber" is Wood's
    // alias) come first, then by score: the player typed that thing's own name. Where there are such, the entries of
    // the reader's own setup choices stand with them (solo on: "season end" is the solo season end).
    const anyNamed = ranked.some((r) => r.scored.exact);
    const first = (r: Ranked) => Number(r.scored.exact || (anyNamed && r.choice > 1));
    const byScore = (a: Ranked, b: Ranked) => first(b) - first(a) || b.score - a.score || a.scored.d - b.scored.d;
    ranked.sort(byScore);
    // A number in the query means something only beside its noun ("17 *coins*", "lose 5 *hearts*"): the first
    // results whose text holds the same number next to the same noun rise.
    const pairs = numberPairs(words);
    if (pairs.length && SEARCH.numberPairBoost > 0) {
      for (const r of ranked.slice(0, SEARCH.numberPairPool)) {
        r.pairs = numberPairShare(this.numbersOf(r.scored.d), pairs, terms.wordTerms, this.units);
        r.score *= numberPairLift(r.pairs);
      }
      ranked.sort(byScore);
    }
    // "how many specialists can I have": the first results whose summary states a limit ("at most 4") rise.
    if (this.limits.size && asksLimit(query)) {
      for (const r of ranked.slice(0, SEARCH.numberPairPool)) if (this.limits.has(r.scored.d)) r.score *= 1 + SEARCH.limitBoost;
      ranked.sort(byScore);
    }
    const ask = answerQuery(query, terms, head);
    // Answers read the setup the lookup names ("with 4 players") over the reader's.
    const shownSetup = namedSetup(terms.wordTerms, this.index.setupWords, options.setup);
    return ranked.slice(0, options.limit ?? SEARCH.limit).map((r, rank) => {
      const doc = docs[r.scored.d]!;
      const answer = options.answers !== false && rank < SEARCH.answers ? this.answer(r.scored.d, ask, shownSetup) : undefined;
      return shapeResult(doc, games[doc[2]]!, r, answer, options.explain);
    });
  }

  /** The answer sentence of a doc for a query, from the text the reader's setup shows (see answerText). */
  private answer(d: number, ask: AnswerQuery, setup: SearchSetup | undefined): string | undefined {
    // A lookup that only names the entry ("warp stoen", "metal hund") gets its summary, not a line that names it too.
    if (namesOnly(indexWords(this.index.docs[d]![1]), ask)) return undefined;
    return answerText(this.shownSentences(d, setup), ask);
  }

  /**
   * The answer sentence of a result of this game for a query (a result ranked with `answers: false`, after a merge):
   * `shared` and `setup` as the search had them.
   */
  answerFor(
    r: Pick<SearchResult, 'url'>,
    query: string,
    options: { setup?: SearchSetup; shared?: readonly SharedStat[] } = {},
  ): string | undefined {
    const d = this.index.docs.findIndex((x) => x[0] === r.url);
    if (d < 0) return undefined;
    const { head } = queryWords(query);
    const terms = queryTerms(this.wordStats(query, !!options.shared), this.index.vocab, options.shared);
    return this.answer(d, answerQuery(query, terms, head), namedSetup(terms.wordTerms, this.index.setupWords, options.setup));
  }

  /** The condition tokens of the default setup (what a page shows with nothing saved). */
  private defaults: Record<string, string> = {};

  /** Reads the index's setup text (see SearchIndex.options and .spans). */
  private readSetupText(): void {
    this.defaults = setupTokens(this.index.options ?? [], undefined);
  }

  /** A doc's body lines as the reader's page shows them (the lines and the inline variants a setup hides left out). */
  private shownBody(d: number, setup: SearchSetup | undefined): { key: string; lines: BodyLine[] } {
    const body = this.index.docs[d]![4];
    const spans = this.index.spans ?? [];
    if (!spans.length) return { key: String(d), lines: [{ text: body, variant: false }] };
    const tokens = setupTokens(this.index.options ?? [], setup);
    return { key: `${d}\n${JSON.stringify(tokens)}`, lines: shownLines(body, tokens, this.defaults, spans) };
  }

  /** Per doc (and setup, for a doc with conditional text): its summary's and body's sentences (made on first need). */
  private readonly sentenceCache = new Map<string, Sentence[]>();
  private shownSentences(d: number, setup: SearchSetup | undefined): Sentence[] {
    const { key, lines } = this.shownBody(d, setup);
    let list = this.sentenceCache.get(key);
    if (!list) {
      list = entrySentences(this.index.docs[d]![3], lines, this.otherTitles(d));
      if (this.sentenceCache.size > 2000) this.sentenceCache.clear();
      this.sentenceCache.set(key, list);
    }
    return list;
  }

  /** The titles of the index's entries (a side line is labelled with one: answer.ts asideOf). */
  private titles?: string[];
  /** The titles of the other entries of a doc's index (see answer.ts asideOf). */
  private otherTitles(d: number): string[] {
    this.titles ??= [...new Set(this.index.docs.map((doc) => doc[1]))];
    const own = this.index.docs[d]![1];
    return this.titles.filter((t) => t !== own);
  }

  /** A doc's numbers and the words beside them: from the index (SearchIndex.numbers), else from all its text. */
  private numbersOf(d: number): Map<string, Set<string>> {
    const stored = this.index.numbers?.[d];
    if (!stored) return numberNeighbours(entrySentences(this.index.docs[d]![3], this.index.docs[d]![4]));
    const { vocab } = this.index;
    return new Map(stored.map(([number, ...near]) => [vocab[number!]!, new Set(near.map((w) => vocab[w]!))]));
  }

  /**
   * Puts in the docs' summaries and bodies (in doc order) of an index loaded without them (index-files.ts
   * rankIndex), and what tells the text a setup hides (`setupText`: SearchIndex.options, .spans and .setupWords): results then carry
   * summaries, answer sentences and body text for snippets. Ranking reads none of them (SearchIndex.numbers), so a
   * search gives the same list before and after.
   */
  addText(
    summaries: readonly string[],
    bodies: readonly string[],
    setupText: Pick<SearchIndex, 'options' | 'spans' | 'setupWords'> = {},
  ): void {
    this.index.docs.forEach((doc, d) => {
      doc[3] = summaries[d] ?? '';
      doc[4] = bodies[d] ?? '';
    });
    this.index.options = setupText.options;
    this.index.setupWords = setupText.setupWords;
    this.index.spans = setupText.spans;
    this.readSetupText();
    this.sentenceCache.clear();
  }

  /** The body text of a result as the reader's page shows it for their setup, for snippets. */
  bodyOf(url: string, setup?: SearchSetup): string {
    const d = this.index.docs.findIndex((x) => x[0] === url);
    return d < 0
      ? ''
      : this.shownBody(d, setup)
          .lines.map((l) => l.text)
          .join('\n');
  }
}
