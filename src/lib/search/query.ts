/**
 * Searches a prebuilt game index. Each query word is matched exactly, as a prefix of longer words, through its
 * synonyms (config SYNONYMS and the game's own, SearchIndex.synonyms) and, when it is unknown or rare, fuzzily:
 * Fuse.js proposes words of about the same length and an edit distance that counts a swap as 1 edit ranks them. Matches feed the weighted inverted index;
 * results are ranked by summed word scores (field weight × idf), scaled by the idf-weighted share of query words
 * matched, plus title/alias phrase bonuses.
 */
import Fuse from 'fuse.js';
import { stemmer } from 'stemmer';
import { FUSE_OPTIONS, LIGHT_WORDS, SEARCH, SYNONYMS } from './config';
import type { SearchIndex } from './build-index';
import { editDistance, indexWords, normalize, queryWords, sentences, stem } from './text';

/** A reader's play options for one game, as saved (option id → value); anything unknown simply matches nothing. */
export type SearchSetup = Readonly<Record<string, unknown>>;

/** What a search may be told besides its query. */
export interface SearchOptions {
  /** Only this game's entries. */
  game?: string;
  limit?: number;
  /** Say why each result scored as it did (SearchResult & { why }). */
  explain?: boolean;
  /** The reader's play options, for one game's searcher; SearchSet takes them per game (`setups`). */
  setup?: SearchSetup;
}

/**
 * Whether a reader's setup has an option at a value: a choice at that value, a multi-choice holding it, or, with no
 * value (a rule of a section that belongs to the option), the option on.
 */
export function inSetup(setup: SearchSetup | undefined, option: string, value: string): boolean {
  const v = setup && Object.hasOwn(setup, option) ? setup[option] : undefined;
  if (value === '') return v === true;
  return Array.isArray(v) ? v.some((x) => String(x) === value) : (typeof v === 'string' || typeof v === 'number') && String(v) === value;
}

/** What one query word stands for in an index: its candidates and their factors, its weight, its best factor. */
export interface WordStat {
  word: string;
  found: { term: number; factor: number }[];
  light: number;
  weight: number;
  bestFactor: number;
}

export interface SearchResult {
  url: string;
  title: string;
  game: string;
  gameTitle: string;
  summary: string;
  score: number;
  /** Stems that matched, for highlighting. */
  matched: string[];
  /** The sentence of the entry that holds most of the query (and a number, when the query asks one). */
  answer?: string;
  /** The whole query is this entry's title, an alias, a term or a phrasing, word for word. */
  named?: boolean;
}

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
  private readonly choices: Map<number, { option: string; words: readonly string[]; value: string }>;

  /** One-letter short forms of things, from entries with a one-letter term ("p" → the words of "Population (p)"). */
  private readonly units = new Map<string, Set<string>>();

  constructor(readonly index: SearchIndex) {
    this.wordIndex = new Map(index.vocab.map((w, i) => [w, i]));
    for (const [word, list] of [...Object.entries(SYNONYMS).map(([w, l]) => [stem(w), l.map(stem)] as const), ...Object.entries(index.synonyms ?? {})])
      this.synonyms.set(word, [...new Set([...(this.synonyms.get(word) ?? []), ...list])]);
    this.typos = new Set(index.typos ?? []);
    this.wordnetOnly = new Set(index.wordnet ?? []);
    index.phrases.forEach(([title, ...rest]) => {
      for (const p of rest) if (/^[a-z]$/.test(p) && title) this.units.set(p, new Set(title.split(' ')));
    });
    this.choices = new Map(
      (index.choices ?? []).flatMap(({ option, docs, values }) => {
        const words = indexWords(option);
        return docs.map((d, i) => [d, { option, words, value: values[i] ?? '' }] as const);
      }),
    );
    const n = index.docs.length;
    this.idfGame = Float64Array.from(index.df, (x) => Math.log(1 + n / x));
    const total = index.totalDocs ?? n;
    this.idfAll = index.totalDf ? Float64Array.from(index.totalDf, (x) => Math.log(1 + total / x)) : this.idfGame;
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
      f = { fuse: new Fuse(terms.map((i) => this.index.vocab[i]!), { ...FUSE_OPTIONS }), terms };
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
      for (const term of prefixed.slice(0, SEARCH.prefixCandidates))
        out.push({ term, factor: (typing ? 1 : SEARCH.completedPrefixFactor) * SEARCH.prefixFactor * (0.6 + (0.4 * word.length) / vocab[term]!.length) });
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
    if ((out.length === 0 || (rare && (word.length > 4 || this.typos.has(exact!)))) && word.length >= SEARCH.minFuzzyLength && !hasDigit) {
      // Fuse.js proposes words; a true edit distance (which counts a swap of 2 letters as 1 edit) ranks them.
      const max = SEARCH.maxEdits(word.length);
      const { vocab, df } = this.index;
      const { fuse, terms } = this.fuseFor(word.length);
      const near = fuse
        .search(word, { limit: SEARCH.fuzzyPool })
        .map((r) => ({ term: terms[r.refIndex]!, d: editDistance(word, vocab[terms[r.refIndex]!]!, max) }))
        .filter((c) => c.d <= max && c.term !== exact)
        .sort((a, b) => a.d - b.d || df[b.term]! - df[a.term]!)
        .slice(0, SEARCH.fuzzyCandidates);
      for (const c of near) out.push({ term: c.term, factor: SEARCH.fuzzyFactor * (1 - c.d / (word.length + 1)) ** SEARCH.fuzzyDecay });
      // An unknown word of 6+ letters one edit from a single word ("jewlcrafter") is that word mistyped: it matches
      // nearly as fully as the word itself, not as a guess among several.
      if (exact === undefined && word.length >= SEARCH.confidentTypoLength && near[0]?.d === 1 && near[1]?.d !== 1) out[out.length - near.length]!.factor = SEARCH.misspellingFactor;
      // A rare word one edit from a much more common one is a misspelling alias ("champoin" on Champions): the
      // player means the common word, which every entry about it holds.
      const first = near[0];
      if (rare && first && first.d === 1 && this.typos.has(exact!) && df[first.term]! >= SEARCH.misspellingRatio * df[exact!]!) {
        out[0]!.factor = SEARCH.misspellingFactor;
        out.find((c) => c.term === first.term)!.factor = 1;
      }
    }
    if (this.cache.size > 2000) this.cache.clear();
    this.cache.set(key, out);
    return out;
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
      for (const syn of this.synonyms.get(word) ?? [])
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
   * Ranked results for a query, optionally within one game. `shared` gives each query word's weight and best match
   * factor over every game searched together (see SearchSet): a word this game lacks still counts in coverage, so an
   * entry of a game that holds every word of "fights in the underworld" beats one of a game that has no underworld.
   * `setup`: the reader's play options for this game (see inSetup).
   */
  search(query: string, options: SearchOptions & { allGames?: boolean; answers?: boolean; shared?: readonly Pick<WordStat, 'weight' | 'bestFactor'>[] } = {}): SearchResult[] {
    const { words, head } = queryWords(query);
    if (words.length === 0) return [];
    const idf = options.allGames ? this.idfAll : this.idfGame;
    const { docs, postings, games, vocab, phrases } = this.index;
    const gameFilter = options.game ? games.findIndex(([id]) => id === options.game) : -1;
    const scores = new Map<number, number>();
    // Coverage counts each query word by its weight (the idf of its best candidate): missing a word that most
    // entries hold ("village") costs less than missing a rare one ("walls").
    const wordWeight: number[] = [];
    const hits = new Map<number, number>();
    const matchedTerms = new Map<number, Set<string>>();
    /** Per query word: each vocabulary word it stands for, with its best match factor (for phrase matches). */
    const wordTerms: Map<string, number>[] = [];
    this.wordStats(query, options.allGames).forEach(({ found, light, ...own }, i) => {
      const { weight, bestFactor } = options.shared?.[i] ?? own;
      const terms = new Map<string, number>();
      /** Per doc: the best match score of this word, and the word's weight there (factor × idf). */
      const perDoc = new Map<number, { score: number; weight: number }>();
      for (const { term, factor } of found) {
        terms.set(vocab[term]!, Math.max(terms.get(vocab[term]!) ?? 0, factor));
        const w = factor * idf[term]! * light;
        const covered = bestFactor > 0 ? (weight * factor) / bestFactor : 0;
        const list = postings[term]!;
        for (let j = 0; j < list.length; j += 2) {
          const d = list[j]!;
          if (gameFilter >= 0 && docs[d]![2] !== gameFilter) continue;
          const hit = perDoc.get(d) ?? { score: 0, weight: 0 };
          hit.score = Math.max(hit.score, w * list[j + 1]!);
          hit.weight = Math.max(hit.weight, covered);
          perDoc.set(d, hit);
          if (!matchedTerms.has(d)) matchedTerms.set(d, new Set());
          matchedTerms.get(d)!.add(vocab[term]!);
        }
      }
      wordTerms[i] = terms;
      wordWeight[i] = weight;
      for (const [d, hit] of perDoc) {
        scores.set(d, (scores.get(d) ?? 0) + hit.score);
        hits.set(d, (hits.get(d) ?? 0) + (SEARCH.weightedCoverage ? hit.weight : 1));
      }
    });
    const totalWeight = SEARCH.weightedCoverage ? wordWeight.reduce((a, b) => a + b, 0) || 1 : words.length;
    const ranked: { d: number; score: number; why: string }[] = [];
    const exactDocs = new Set<number>();
    for (const [d, s] of scores) {
      const { bonus, named, exact } = phraseBonus(phrases[d]!, wordTerms, wordWeight, totalWeight);
      if (exact) exactDocs.add(d);
      // An entry the query names (its title, alias or term stands in the query: "*mill* production") is what the
      // query is about; the other words qualify it, and missing them costs less than for an entry named nowhere.
      const matched = Math.min(1, hits.get(d)! / totalWeight);
      const coverage = matched + (1 - matched) * SEARCH.namedLift * named;
      // An entry that applies under one choice of a play option (the objective "27 population by Round 21", the solo
      // season end) comes after the general rule ("population cap", "end of a season") unless the query names the
      // entry or the option ("objective", "solo").
      // In the reader's own setup (solo on, this objective chosen) it is the rule that applies, and comes first.
      const c = this.choices.get(d);
      const choice = !c ? 1 : inSetup(options.setup, c.option, c.value) ? SEARCH.setupChoiceFactor : named === 0 && !c.words.some((w) => words.includes(w)) ? SEARCH.unnamedChoiceFactor : 1;
      ranked.push({ d, score: (s * coverage ** SEARCH.coveragePower + bonus) * choice, why: options.explain ? `base ${s.toFixed(1)} cov ${coverage.toFixed(2)} phrase ${bonus.toFixed(1)}${choice !== 1 ? ` choice ${choice}` : ''}` : '' });
    }
    const byScore = (a: { score: number; d: number }, b: { score: number; d: number }) => b.score - a.score || a.d - b.d;
    ranked.sort(byScore);
    // A number in the query means something only beside its noun ("17 *coins*", "lose 5 *hearts*"): the first
    // results whose text holds the same number next to the same noun rise.
    const pairs = numberPairs(words);
    if (pairs.length && SEARCH.numberPairBoost > 0) {
      for (const r of ranked.slice(0, SEARCH.numberPairPool)) {
        const share = this.numberPairShare(r.d, pairs, wordTerms);
        if (share > 0) {
          r.score *= 1 + SEARCH.numberPairBoost * share;
          if (options.explain) r.why += ` pairs ${share.toFixed(2)}`;
        }
      }
      ranked.sort(byScore);
    }
    const context = { query, allGames: !!options.allGames, wordTerms, wordWeight, totalWeight, asksNumber: asksForNumber(query), head };
    this.last = context;
    return ranked.slice(0, options.limit ?? SEARCH.limit).map(({ d, score, why }, rank) => {
      const [url, title, g, summary] = docs[d]!;
      const r: SearchResult = { url, title, game: games[g]![0], gameTitle: games[g]![1], summary, score, matched: [...matchedTerms.get(d)!] };
      if (exactDocs.has(d)) r.named = true;
      if (options.answers !== false && rank < SEARCH.answers) this.addAnswer(r, d, context);
      if (options.explain) (r as SearchResult & { why: string }).why = why;
      return r;
    });
  }

  /** What the last search knew of its query's words, for answers found after a merge (see SearchSet). */
  private last?: { query: string; allGames: boolean; wordTerms: Map<string, number>[]; wordWeight: number[]; totalWeight: number; asksNumber: boolean; head: number };
  private addAnswer(r: SearchResult, d: number, c: NonNullable<typeof this.last>): void {
    if (c.wordTerms.length < 2 && !c.asksNumber) return;
    const { text } = this.bestSentence(d, c.wordTerms, c.wordWeight, c.totalWeight, c.asksNumber, c.head);
    if (text) r.answer = text;
  }

  /** Adds its answer sentence to a result of this searcher's last search (for `query`). */
  answerFor(r: SearchResult, query: string): void {
    const d = this.index.docs.findIndex((x) => x[0] === r.url);
    if (d >= 0 && this.last?.query === query) this.addAnswer(r, d, this.last);
  }

  /** Per doc: its summary's and body's sentences as index words (made on first need). */
  private readonly sentenceCache = new Map<number, { text: string; words: string[] }[]>();
  private sentencesOf(d: number): { text: string; words: string[] }[] {
    let list = this.sentenceCache.get(d);
    if (!list) {
      const [, , , summary, body] = this.index.docs[d]!;
      list = sentences(`${summary}\n${body}`).map((text) => ({ text, words: indexWords(text) }));
      this.sentenceCache.set(d, list);
    }
    return list;
  }

  /**
   * The sentence of a doc's summary or body holding the largest (idf-weighted) share of the query's words (2 or
   * more of them): `share` ranks the doc; `text` is the sentence to show, where a query asking a number prefers
   * a sentence with a digit.
   */
  bestSentence(d: number, wordTerms: readonly Map<string, number>[], wordWeight: readonly number[], totalWeight: number, asksNumber = false, head = -1): { share: number; text: string } {
    let bestShare = 0;
    let text = '';
    let textScore = 0;
    for (const sentence of this.sentencesOf(d)) {
      let share = 0;
      let n = 0;
      wordTerms.forEach((terms, i) => {
        let f = 0;
        for (const w of sentence.words) f = Math.max(f, terms.get(w) ?? 0);
        if (f > 0) {
          n++;
          share += (wordWeight[i]! * f) / totalWeight;
        }
      });
      // The number asked for stands next to the word the question asks about ("17 coins", "costs 3w").
      const ws = sentence.words;
      const headTerms = asksNumber && head >= 0 ? wordTerms[head] : undefined;
      const counted = !!headTerms && ws.some((w, k) => headTerms.has(w) && (/^\d+$/.test(ws[k - 1] ?? '') || /^\d+$/.test(ws[k + 1] ?? '')));
      if (n < 2 && !counted) continue;
      if (n >= 2) bestShare = Math.max(bestShare, share);
      let score = share;
      if (asksNumber) score *= counted ? 2 : /\d/.test(sentence.text) ? 1 : 0.5;
      if (score > textScore) [text, textScore] = [sentence.text, score];
    }
    return { share: bestShare, text };
  }

  /** Share of the query's number-noun pairs (see numberPairs) that a doc's text holds, the number within 2 words of
   * the noun (any form the query word matched). */
  private numberPairShare(d: number, pairs: readonly [number, number][], wordTerms: readonly Map<string, number>[]): number {
    const words = this.sentencesOf(d).flatMap((s) => [...s.words, '']);
    let found = 0;
    for (const [n, noun] of pairs) {
      const number = [...wordTerms[n]!.keys()][0] ?? '';
      const nouns = wordTerms[noun]!;
      const beside = (k: number) => [k - 2, k - 1, k + 1, k + 2].some((j) => nouns.has(words[j] ?? ''));
      // "7p": the number with the game's short form of a thing (a one-letter term of the entry titled "Population (p)").
      const unit = (w: string) => {
        const m = /^(\d+)([a-z])$/.exec(w);
        return !!m && m[1] === number && [...(this.units.get(m[2]!) ?? [])].some((u) => nouns.has(u));
      };
      if (words.some((w, k) => (w === number && beside(k)) || unit(w))) found++;
    }
    return found / pairs.length;
  }

  /** The body text of a result, for snippets. */
  bodyOf(url: string): string {
    return this.index.docs.find((d) => d[0] === url)?.[4] ?? '';
  }
}

/**
 * Extra score from an entry's title, aliases and terms (normalised phrases) read against the query's words, each
 * query word standing for the vocabulary words it matched (exactly, as a prefix, through a typo or a synonym, with
 * that match's factor): the whole query is the phrase ("xp" → "Experience" through its synonym); a phrase of
 * 2+ words stands in the query, in order ("what happens when I hit 0 hearts" holds the alias "0 hearts"); the
 * query stands in the phrase, in order. The best of an entry's phrases counts.
 */
function phraseBonus(phrases: readonly string[], wordTerms: readonly Map<string, number>[], wordWeight: readonly number[], totalWeight: number): { bonus: number; named: number; exact: boolean } {
  const m = wordTerms.length;
  let best = 0;
  let named = 0;
  let exact = false;
  for (const phrase of phrases) {
    const pw = phrase.split(' ');
    const k = pw.length;
    // Where the phrase's words follow each other among the query's (a run), or the query's in the phrase's.
    if (k <= m) {
      for (let start = 0; start + k <= m; start++) {
        let f = 1;
        let w = 0;
        for (let t = 0; t < k && f > 0; t++) {
          f *= wordTerms[start + t]!.get(pw[t]!) ?? 0;
          w += wordWeight[start + t]!;
        }
        if (f <= 0) continue;
        named = Math.max(named, f);
        if (k === m) {
          best = Math.max(best, SEARCH.phraseExact * f);
          if (f === 1) exact = true;
        }
        else if (k >= SEARCH.phraseInQueryMinWords) best = Math.max(best, SEARCH.phraseInQuery * f * (w / totalWeight));
      }
    } else if (m >= 2) {
      for (let start = 0; start + m <= k; start++) {
        let f = 1;
        for (let t = 0; t < m && f > 0; t++) f *= wordTerms[t]!.get(pw[start + t]!) ?? 0;
        if (f > 0) best = Math.max(best, SEARCH.phraseContained * f * (m / k));
      }
    }
  }
  return { bonus: best, named, exact };
}

/** A game's setup among the setups a search was given (own keys only: a game id read from a URL may be any text). */
const ownSetup = (setups: Readonly<Record<string, SearchSetup>> | undefined, game: string): SearchSetup | undefined =>
  setups && Object.hasOwn(setups, game) ? setups[game] : undefined;

/**
 * Several games' searchers as one: a game-scoped search asks that game's index only; an unscoped one asks every
 * loaded index and merges the results: first the entries the whole query names word for word (their title, an
 * alias, a term or a phrasing: "coins" names Now or Never's Coins and the Gold of Forge War and Pencilvillage), then
 * the rest, each part by score (each index scores against its own game's word frequencies). A game's own name for
 * the thing beats another game's passing mentions of the word.
 */
export class SearchSet {
  constructor(readonly searchers: ReadonlyMap<string, Searcher>) {}

  search(query: string, options: Omit<SearchOptions, 'setup'> & { setups?: Readonly<Record<string, SearchSetup>> } = {}): SearchResult[] {
    const limit = options.limit ?? SEARCH.limit;
    const { setups, ...rest } = options;
    if (options.game) {
      return this.searchers.get(options.game)?.search(query, { ...rest, limit, setup: ownSetup(setups, options.game) }) ?? [];
    }
    // Answers (the sentence to show) are found for the merged list only, not for every game's own top results.
    // Each query word weighs what its best match in any game weighs (one idf scale): a game without the word loses
    // its share of coverage instead of ignoring the word.
    const shared: Pick<WordStat, 'weight' | 'bestFactor'>[] = [];
    for (const searcher of this.searchers.values())
      searcher.wordStats(query, true).forEach(({ weight, bestFactor }, i) => {
        const s = shared[i];
        if (!s || bestFactor > s.bestFactor || (bestFactor === s.bestFactor && weight > s.weight)) shared[i] = { weight, bestFactor };
      });
    const merged = [...this.searchers]
      .flatMap(([game, s]) => s.search(query, { ...rest, limit, allGames: true, answers: false, shared, setup: ownSetup(setups, game) }))
      .sort((a, b) => Number(!!b.named) - Number(!!a.named) || b.score - a.score || a.title.localeCompare(b.title))
      .slice(0, limit);
    for (const r of merged.slice(0, SEARCH.answers)) this.searchers.get(r.game)?.answerFor(r, query);
    return merged;
  }

  /** The body text of a result, for snippets. */
  bodyOf(url: string): string {
    return this.searchers.get(url.split('/')[1] ?? '')?.bodyOf(url) ?? '';
  }
}

/**
 * The query's numbers, each with the word it counts: the next word that is not a number, else the one before
 * ("lose 5 hearts get 5 coins" → 5 hearts, 5 coins; "hexes 61" → 61 hexes). Positions among the query's words.
 */
export function numberPairs(words: readonly string[]): [number, number][] {
  const isNumber = (w: string | undefined) => w !== undefined && /^\d+$/.test(w);
  const out: [number, number][] = [];
  words.forEach((w, i) => {
    if (!isNumber(w)) return;
    let j = i + 1;
    while (isNumber(words[j])) j++;
    if (j < words.length) out.push([i, j]);
    else if (i > 0 && !isNumber(words[i - 1])) out.push([i, i - 1]);
  });
  return out;
}

/** Whether a query asks for a number: "how many…", "how much…", "… cost", or holds a number itself. */
export function asksForNumber(query: string): boolean {
  return /\bhow (many|much)\b|\bcosts?\b|\d/i.test(query);
}

/**
 * What a result shows under its title: the sentence that answers the query when the search found one (a number or
 * a yes/no is read there, without opening the entry), else the summary when it shows a matched word, else the
 * passage of the body with the most matched words, else the summary.
 */
export function resultSnippet(r: SearchResult, body: () => string, width = 180): SnippetPart[] {
  if (r.answer) {
    const parts = snippet(r.answer, r.matched, width);
    if (parts.length) return parts;
  }
  const summary = snippet(r.summary, r.matched, width);
  if (summary.length) return summary;
  const passage = snippet(body(), r.matched, width);
  return passage.length ? passage : [{ text: r.summary.length > width ? `${r.summary.slice(0, r.summary.lastIndexOf(' ', width))} …` : r.summary, hit: false }];
}

/** A piece of snippet text; `hit` pieces are shown highlighted. Rendered as text, never as HTML. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * The passage of `text` (about `width` characters) with the most matched words, split into plain and hit parts.
 * Returns an empty list when nothing in the text matches.
 */
export function snippet(text: string, matched: readonly string[], width = 160): SnippetPart[] {
  if (!text || matched.length === 0) return [];
  const set = new Set(matched);
  const prefixes = matched.filter((s) => s.length >= 3);
  const re = /[A-Za-z0-9\u00C0-\u024F'’]+/g;
  const marks: { start: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // Plain ASCII words (nearly all) skip the full normalisation.
    const w = /^[A-Za-z0-9]+$/.test(m[0]) ? m[0].toLowerCase() : normalize(m[0]);
    if (!w) continue;
    const st = stem(w);
    if (set.has(st) || prefixes.some((s) => st.startsWith(s))) marks.push({ start: m.index, end: m.index + m[0].length });
  }
  if (marks.length === 0) return [];
  // Window with the most marks.
  let best = 0;
  let bestCount = 0;
  for (let i = 0; i < marks.length; i++) {
    let c = 0;
    for (let j = i; j < marks.length && marks[j]!.end - marks[i]!.start <= width; j++) c++;
    if (c > bestCount) [best, bestCount] = [i, c];
  }
  let start = Math.max(0, marks[best]!.start - 40);
  const sentence = text.lastIndexOf('.', marks[best]!.start);
  if (sentence >= start - 40 && sentence < marks[best]!.start) start = sentence + 1;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < marks[best]!.start) start = space + 1;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > marks[best]!.end) end = space;
  }
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '… ', hit: false });
  let pos = start;
  for (const m of marks) {
    if (m.start < start || m.end > end) continue;
    if (m.start > pos) parts.push({ text: text.slice(pos, m.start), hit: false });
    parts.push({ text: text.slice(m.start, m.end), hit: true });
    pos = m.end;
  }
  if (pos < end) parts.push({ text: text.slice(pos, end), hit: false });
  if (end < text.length) parts.push({ text: ' …', hit: false });
  return parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ') }));
}

export { indexWords };
