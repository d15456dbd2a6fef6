/**
 * Ranking, stage 1: score. From what each query word stands for in an index (rank.ts wordStats), each entry's score:
 * the summed word scores (match factor × idf × field weight), the idf-weighted share of the query it covers, and the
 * bonus of its title, aliases, terms and players' phrasings read as phrases against the query (in order, or as an
 * overlap of their words in any order); then, among the first results, the lift
 * of an entry whose text holds the query's numbers beside their nouns ("17 coins"). Pure: no state, no index object.
 */
import { SEARCH } from './config';
import type { WordStat } from './types';

/** What the query's words stand for in one index: per word its vocabulary words with their best factor, its weight. */
export interface QueryTerms {
  /** Per query word: each vocabulary word it stands for, with its best match factor. */
  wordTerms: Map<string, number>[];
  /** Per query word: its weight (the idf of its best match × its role), or the shared one of an all-games search. */
  wordWeight: number[];
  /** The weights summed (1 when they sum to 0), or the number of words when coverage is not weighted. */
  totalWeight: number;
}

/** A word's weight and best match factor over every game searched together (merge.ts), replacing the index's own. */
export type SharedStat = Pick<WordStat, 'weight' | 'bestFactor'>;

/** The query terms of a query's word stats in an index (`vocab`), with the shared weights of an all-games search. */
export function queryTerms(stats: readonly WordStat[], vocab: readonly string[], shared?: readonly SharedStat[]): QueryTerms {
  const wordTerms = stats.map(({ found }) => {
    const terms = new Map<string, number>();
    for (const { term, factor } of found) terms.set(vocab[term]!, Math.max(terms.get(vocab[term]!) ?? 0, factor));
    return terms;
  });
  const wordWeight = stats.map((own, i) => (shared?.[i] ?? own).weight);
  const totalWeight = SEARCH.weightedCoverage ? wordWeight.reduce((a, b) => a + b, 0) || 1 : stats.length;
  return { wordTerms, wordWeight, totalWeight };
}

/** One entry's score parts (see entryScore). */
export interface Scored {
  /** The doc's index. */
  d: number;
  /** Summed word scores: per query word, its best match in the doc (factor × idf × role × field weight). */
  base: number;
  /** Share of the query's weight it matched, lifted when the query names it. */
  coverage: number;
  /** Extra score from its title, aliases and terms read as phrases (see phraseBonus). */
  bonus: number;
  /** How fully the query names it (the best factor of a title, alias or term standing in the query; 0: not). */
  named: number;
  /** The whole query is one of its phrases, word for word. */
  exact: boolean;
  /** The vocabulary words that matched, for highlighting. */
  matched: string[];
}

/** The index as scoring reads it. */
export interface ScoreIndex {
  docs: readonly (readonly [string, string, number, ...unknown[]])[];
  postings: readonly (readonly number[])[];
  vocab: readonly string[];
  phrases: readonly (readonly string[])[];
}

/**
 * Every entry matching a word of the query, with its score parts. `idf`: per vocabulary word (the game's or the
 * shared scale); `gameFilter`: only docs of this game index (-1: all); `shared`: per word, weight and best factor over
 * every game searched together: a word this game lacks still counts in coverage.
 */
export function scoreDocs(
  index: ScoreIndex,
  stats: readonly WordStat[],
  terms: QueryTerms,
  idf: ArrayLike<number>,
  gameFilter = -1,
  shared?: readonly SharedStat[],
): Scored[] {
  const { docs, postings, vocab, phrases } = index;
  const scores = new Map<number, number>();
  // Coverage counts each query word by its weight (the idf of its best candidate): missing a word that most
  // entries hold ("village") costs less than missing a rare one ("walls").
  const hits = new Map<number, number>();
  const matched = new Map<number, Set<string>>();
  stats.forEach(({ found, light, ...own }, i) => {
    const { weight, bestFactor } = shared?.[i] ?? own;
    /** Per doc: the best match score of this word, and the word's weight there (factor × idf). */
    const perDoc = new Map<number, { score: number; weight: number }>();
    for (const { term, factor } of found) {
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
        if (!matched.has(d)) matched.set(d, new Set());
        matched.get(d)!.add(vocab[term]!);
      }
    }
    for (const [d, hit] of perDoc) {
      scores.set(d, (scores.get(d) ?? 0) + hit.score);
      hits.set(d, (hits.get(d) ?? 0) + (SEARCH.weightedCoverage ? hit.weight : 1));
    }
  });
  return [...scores].map(([d, base]) => {
    const { bonus, named, exact } = phraseBonus(phrases[d]!, terms);
    // An entry the query names (its title, alias or term stands in the query: "*mill* production") is what the
    // query is about; the other words qualify it, and missing them costs less than for an entry named nowhere.
    const share = Math.min(1, hits.get(d)! / terms.totalWeight);
    const coverage = share + (1 - share) * SEARCH.namedLift * named;
    return { d, base, coverage, bonus, named, exact, matched: [...matched.get(d)!] };
  });
}

/** An entry's score from its parts: base × coverage^coveragePower + phrase bonus. */
export const entryScore = ({ base, coverage, bonus }: Pick<Scored, 'base' | 'coverage' | 'bonus'>): number =>
  base * coverage ** SEARCH.coveragePower + bonus;

/**
 * Extra score from an entry's title, aliases, terms and players' phrasings (normalised phrases) read against the
 * query's words, each query word standing for the vocabulary words it matched (exactly, as a prefix, through a typo
 * or a synonym, with that match's factor): the whole query is the phrase ("xp" → "Experience" through its synonym);
 * a one-word phrase stands in the query ("*mill* production"); a phrase of 2+ words and a query of 2+ words share
 * their words, in any order (phraseOverlap: "flip my character over" and "how do i flip my character tile"). The best
 * of an entry's phrases counts. `named`: the best factor of a phrase standing in the query word for word, in order.
 */
export function phraseBonus(
  phrases: readonly string[],
  { wordTerms, wordWeight, totalWeight }: QueryTerms,
): { bonus: number; named: number; exact: boolean } {
  const m = wordTerms.length;
  let best = 0;
  let named = 0;
  let exact = false;
  const any = anyTerm(wordTerms);
  for (const phrase of phrases) {
    const pw = phrase.split(' ');
    const k = pw.length;
    // How many of the phrase's words some query word stands for: most phrases share none (skipped at once).
    let known = 0;
    for (const word of pw) if (any.has(word)) known++;
    // Where the phrase's words follow each other among the query's (a run): every word of it must be known.
    for (let start = 0; known === k && start + k <= m; start++) {
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
      } else if (k === 1) best = Math.max(best, SEARCH.phraseInQuery * f * (w / totalWeight));
    }
    if (known >= 2 && m >= 2) best = Math.max(best, SEARCH.phraseOverlap * phraseOverlap(pw, wordTerms, wordWeight, totalWeight));
  }
  return { bonus: best, named, exact };
}

/** Per query (its word terms), every vocabulary word some query word stands for: made once, read per entry. */
const anyTerms = new WeakMap<readonly ReadonlyMap<string, number>[], Set<string>>();
function anyTerm(wordTerms: readonly ReadonlyMap<string, number>[]): Set<string> {
  let any = anyTerms.get(wordTerms);
  if (!any) anyTerms.set(wordTerms, (any = new Set(wordTerms.flatMap((terms) => [...terms.keys()]))));
  return any;
}

/**
 * How closely a phrase of 2+ words (an alias, a player's phrasing) and a query of 2+ words say the same thing, in any
 * order: the share of the query's weight its words match (× each match's factor) times the share of the phrase's words
 * matched; 0 unless 2 or more words meet. "how do i turn my character tile over" and the phrasing "flip my character
 * over": the query's weight on "character" and "over", × 2 of 3 ("flip" is not in the query). Each phrase word stands
 * for one query word at most.
 */
export function phraseOverlap(
  phrase: readonly string[],
  wordTerms: readonly ReadonlyMap<string, number>[],
  wordWeight: readonly number[],
  totalWeight: number,
): number {
  const used = new Set<number>();
  let weight = 0;
  wordTerms.forEach((terms, i) => {
    let factor = 0;
    let at = -1;
    phrase.forEach((word, j) => {
      const f = terms.get(word) ?? 0;
      if (f > factor && !used.has(j)) {
        factor = f;
        at = j;
      }
    });
    if (at < 0) return;
    used.add(at);
    weight += wordWeight[i]! * factor;
  });
  return used.size < 2 ? 0 : (weight / totalWeight) * (used.size / phrase.length);
}

/** The lift of an entry holding a share of the query's number-noun pairs (answer.ts numberPairShare): × (1 + this). */
export const numberPairLift = (share: number): number => 1 + SEARCH.numberPairBoost * share;
