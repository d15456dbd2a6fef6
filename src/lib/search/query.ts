/**
 * Searches a prebuilt game index. Each query word is matched exactly, as a prefix of longer words, through its
 * synonyms (config SYNONYMS) and, when it is unknown or rare, fuzzily: Fuse.js proposes words of about the same
 * length and an edit distance that counts a swap as 1 edit ranks them. Matches feed the weighted inverted index;
 * results are ranked by summed word scores (field weight × idf), scaled by the idf-weighted share of query words
 * matched, plus title/alias phrase bonuses.
 */
import Fuse from 'fuse.js';
import { FUSE_OPTIONS, SEARCH, SYNONYMS } from './config';
import type { SearchIndex } from './build-index';
import { editDistance, indexWords, normalize, queryWords, stem } from './text';

export interface SearchResult {
  url: string;
  title: string;
  game: string;
  gameTitle: string;
  summary: string;
  score: number;
  /** Stems that matched, for highlighting. */
  matched: string[];
}

/** A loaded index ready to search; keeps a per-word cache, so typing one more letter only redoes one word. */
export class Searcher {
  /** Fuse.js over the words of about one length (±the edits allowed), built on first need: a third of the work. */
  private readonly fuseByLength = new Map<number, { fuse: Fuse<string>; terms: number[] }>();
  private readonly wordIndex: Map<string, number>;
  private readonly cache = new Map<string, { term: number; factor: number }[]>();

  private readonly synonyms = new Map(Object.entries(SYNONYMS).map(([w, list]) => [stem(w), list.map(stem)]));

  constructor(readonly index: SearchIndex) {
    this.wordIndex = new Map(index.vocab.map((w, i) => [w, i]));
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
        if (Math.abs(w.length - length) <= max) terms.push(i);
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
    if ((typing && word.length >= 2) || (SEARCH.prefixAllWords && word.length >= 4)) {
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
      for (let i = lo; i < vocab.length && vocab[i]!.startsWith(word); i++) if (i !== exact) prefixed.push(i);
      prefixed.sort((a, b) => df[b]! - df[a]!);
      for (const term of prefixed.slice(0, SEARCH.prefixCandidates))
        out.push({ term, factor: (typing ? 1 : SEARCH.completedPrefixFactor) * SEARCH.prefixFactor * (0.6 + (0.4 * word.length) / vocab[term]!.length) });
    }
    const rare = exact !== undefined && this.index.df[exact]! <= SEARCH.rareExact;
    if ((out.length === 0 || (rare && word.length > 4)) && word.length >= SEARCH.minFuzzyLength && !/^\d+$/.test(word)) {
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
      for (const c of near) out.push({ term: c.term, factor: SEARCH.fuzzyFactor * (1 - c.d / (word.length + 1)) });
    }
    if (this.cache.size > 2000) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** Ranked results for a query, optionally within one game. */
  search(query: string, options: { game?: string; limit?: number } = {}): SearchResult[] {
    const { words, typing } = queryWords(query);
    if (words.length === 0) return [];
    const { docs, postings, df, games, vocab, phrases } = this.index;
    const gameFilter = options.game ? games.findIndex(([id]) => id === options.game) : -1;
    const n = docs.length;
    const scores = new Map<number, number>();
    // Coverage counts each query word by its weight (the idf of its best candidate): missing a word that most
    // entries hold ("village") costs less than missing a rare one ("walls").
    const wordWeight: number[] = [];
    const hits = new Map<number, number>();
    const matchedTerms = new Map<number, Set<string>>();
    words.forEach((word, i) => {
      const typed = typing && i === words.length - 1;
      const found = [...this.candidates(word, typed)];
      for (const syn of this.synonyms.get(word) ?? [])
        for (const c of this.candidates(syn, false)) found.push({ term: c.term, factor: c.factor * SEARCH.synonymFactor });
      /** Per doc: the best match score of this word, and the word's weight there (factor × idf). */
      const perDoc = new Map<number, { score: number; weight: number }>();
      let weight = 0;
      for (const { term, factor } of found) {
        const w = factor * Math.log(1 + n / df[term]!);
        weight = Math.max(weight, w);
        const list = postings[term]!;
        for (let j = 0; j < list.length; j += 2) {
          const d = list[j]!;
          if (gameFilter >= 0 && docs[d]![2] !== gameFilter) continue;
          const hit = perDoc.get(d) ?? { score: 0, weight: 0 };
          hit.score = Math.max(hit.score, w * list[j + 1]!);
          hit.weight = Math.max(hit.weight, w);
          perDoc.set(d, hit);
          if (!matchedTerms.has(d)) matchedTerms.set(d, new Set());
          matchedTerms.get(d)!.add(vocab[term]!);
        }
      }
      wordWeight[i] = weight;
      for (const [d, hit] of perDoc) {
        scores.set(d, (scores.get(d) ?? 0) + hit.score);
        hits.set(d, (hits.get(d) ?? 0) + (SEARCH.weightedCoverage ? hit.weight : 1));
      }
    });
    const totalWeight = SEARCH.weightedCoverage ? wordWeight.reduce((a, b) => a + b, 0) || 1 : words.length;
    const phrase = words.join(' ');
    const results: SearchResult[] = [];
    for (const [d, s] of scores) {
      const coverage = Math.min(1, hits.get(d)! / totalWeight);
      let score = s * coverage ** SEARCH.coveragePower;
      for (const p of phrases[d]!) {
        if (p === phrase) score += SEARCH.phraseExact;
        else if (words.length > 1 && (` ${p} `).includes(` ${phrase} `)) score += SEARCH.phraseContained;
      }
      const [url, title, g, summary] = docs[d]!;
      results.push({ url, title, game: games[g]![0], gameTitle: games[g]![1], summary, score, matched: [...matchedTerms.get(d)!] });
    }
    results.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
    return results.slice(0, options.limit ?? SEARCH.limit);
  }

  /** The body text of a result, for snippets. */
  bodyOf(url: string): string {
    return this.index.docs.find((d) => d[0] === url)?.[4] ?? '';
  }
}

/**
 * Several games' searchers as one: a game-scoped search asks that game's index only; an unscoped one asks every
 * loaded index and merges the results by score (each index scores against its own game's word frequencies).
 */
export class SearchSet {
  constructor(readonly searchers: ReadonlyMap<string, Searcher>) {}

  search(query: string, options: { game?: string; limit?: number } = {}): SearchResult[] {
    const limit = options.limit ?? SEARCH.limit;
    if (options.game) return this.searchers.get(options.game)?.search(query, { limit }) ?? [];
    return [...this.searchers.values()]
      .flatMap((s) => s.search(query, { limit }))
      .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
      .slice(0, limit);
  }

  /** The body text of a result, for snippets. */
  bodyOf(url: string): string {
    return this.searchers.get(url.split('/')[1] ?? '')?.bodyOf(url) ?? '';
  }
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
