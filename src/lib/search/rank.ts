/**
 * Searches one game's prebuilt index. Each query word is matched exactly, as a prefix of longer words, through its
 * synonyms (config SYNONYMS and the game's own, SearchIndex.synonyms) and, when it is unknown or rare, fuzzily:
 * Fuse.js proposes words of about the same length and an edit distance that counts a swap as 1 edit ranks them.
 * Matches feed the weighted inverted index; results are ranked by summed word scores (field weight × idf), scaled
 * by the idf-weighted share of query words matched, plus title/alias phrase bonuses.
 */
import Fuse from 'fuse.js';
import { stemmer } from 'stemmer';
import { FUSE_OPTIONS, LIGHT_WORDS, SEARCH, SYNONYMS } from './config';
import type { SearchIndex } from './build-index';
import { editDistance, indexWords, queryWords, stem } from './text';
import { asksForNumber, bestSentence, entrySentences, numberNeighbours, numberPairShare, numberPairs, type Sentence } from './answer';
import type { SearchOptions, SearchResult, SearchSetup, WordStat } from './types';

/**
 * Whether a reader's setup has an option at a value: a choice at that value, a multi-choice holding it, or, with no
 * value (a rule of a section that belongs to the option), the option on.
 */
export function inSetup(setup: SearchSetup | undefined, option: string, value: string): boolean {
  const v = setup && Object.hasOwn(setup, option) ? setup[option] : undefined;
  if (value === '') return v === true;
  return Array.isArray(v) ? v.some((x) => String(x) === value) : (typeof v === 'string' || typeof v === 'number') && String(v) === value;
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
    const everyday = Object.entries(SYNONYMS).map(([w, l]) => [stem(w), l.map(stem)] as const);
    for (const [word, list] of [...everyday, ...Object.entries(index.synonyms ?? {})])
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
      if (exact === undefined && word.length >= SEARCH.confidentTypoLength && near[0]?.d === 1 && near[1]?.d !== 1)
        out[out.length - near.length]!.factor = SEARCH.misspellingFactor;
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
  search(
    query: string,
    options: SearchOptions & { allGames?: boolean; answers?: boolean; shared?: readonly Pick<WordStat, 'weight' | 'bestFactor'>[] } = {},
  ): SearchResult[] {
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
      const choice = !c
        ? 1
        : inSetup(options.setup, c.option, c.value)
          ? SEARCH.setupChoiceFactor
          : named === 0 && !c.words.some((w) => words.includes(w))
            ? SEARCH.unnamedChoiceFactor
            : 1;
      const why = options.explain
        ? `base ${s.toFixed(1)} cov ${coverage.toFixed(2)} phrase ${bonus.toFixed(1)}${choice !== 1 ? ` choice ${choice}` : ''}`
        : '';
      ranked.push({ d, score: (s * coverage ** SEARCH.coveragePower + bonus) * choice, why });
    }
    const byScore = (a: { score: number; d: number }, b: { score: number; d: number }) => b.score - a.score || a.d - b.d;
    ranked.sort(byScore);
    // A number in the query means something only beside its noun ("17 *coins*", "lose 5 *hearts*"): the first
    // results whose text holds the same number next to the same noun rise.
    const pairs = numberPairs(words);
    if (pairs.length && SEARCH.numberPairBoost > 0) {
      for (const r of ranked.slice(0, SEARCH.numberPairPool)) {
        const share = numberPairShare(this.numbersOf(r.d), pairs, wordTerms, this.units);
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
      const [game, gameTitle] = games[g]!;
      const r: SearchResult = { url, title, game, gameTitle, summary, score, matched: [...matchedTerms.get(d)!] };
      if (exactDocs.has(d)) r.named = true;
      if (options.answers !== false && rank < SEARCH.answers) this.addAnswer(r, d, context);
      if (options.explain) (r as SearchResult & { why: string }).why = why;
      return r;
    });
  }

  /** What the last search knew of its query's words, for answers found after a merge (see SearchSet). */
  private last?: {
    query: string;
    allGames: boolean;
    wordTerms: Map<string, number>[];
    wordWeight: number[];
    totalWeight: number;
    asksNumber: boolean;
    head: number;
  };
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
  private readonly sentenceCache = new Map<number, Sentence[]>();
  private sentencesOf(d: number): Sentence[] {
    let list = this.sentenceCache.get(d);
    if (!list) {
      const [, , , summary, body] = this.index.docs[d]!;
      list = entrySentences(summary, body);
      this.sentenceCache.set(d, list);
    }
    return list;
  }

  /** A doc's numbers and the words beside them: from the index (SearchIndex.numbers), else from its text. */
  private numbersOf(d: number): Map<string, Set<string>> {
    const stored = this.index.numbers?.[d];
    if (!stored) return numberNeighbours(this.sentencesOf(d));
    const { vocab } = this.index;
    return new Map(stored.map(([number, ...near]) => [vocab[number!]!, new Set(near.map((w) => vocab[w]!))]));
  }

  /**
   * Puts in the docs' summaries and bodies (in doc order) of an index loaded without them (index-files.ts
   * rankIndex): results then carry summaries, answer sentences and body text for snippets. Ranking reads none of
   * them (SearchIndex.numbers), so a search gives the same list before and after.
   */
  addText(summaries: readonly string[], bodies: readonly string[]): void {
    this.index.docs.forEach((doc, d) => {
      doc[3] = summaries[d] ?? '';
      doc[4] = bodies[d] ?? '';
    });
    this.sentenceCache.clear();
  }

  /** The answer sentence of a doc and its share of the query (see answer.ts bestSentence). */
  bestSentence(
    d: number,
    wordTerms: readonly Map<string, number>[],
    wordWeight: readonly number[],
    totalWeight: number,
    asksNumber = false,
    head = -1,
  ): { share: number; text: string } {
    return bestSentence(this.sentencesOf(d), wordTerms, wordWeight, totalWeight, asksNumber, head);
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
function phraseBonus(
  phrases: readonly string[],
  wordTerms: readonly Map<string, number>[],
  wordWeight: readonly number[],
  totalWeight: number,
): { bonus: number; named: number; exact: boolean } {
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
        } else if (k >= SEARCH.phraseInQueryMinWords) best = Math.max(best, SEARCH.phraseInQuery * f * (w / totalWeight));
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
