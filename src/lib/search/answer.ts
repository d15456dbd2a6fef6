/**
 * Answer sentences: the sentence of an entry that holds most of a query (and the number it asks for), shown under
 * a result so that a number or a yes/no is read without opening the entry; and the query's number-noun pairs
 * ("17 coins"), which lift the entries whose text holds the same pair.
 */
import { SEARCH } from './config';
import type { QueryTerms } from './score';
import { CELL_SEPARATOR, indexWords, sentences } from './text';

/** One sentence of an entry's text, with its index words. */
export interface Sentence {
  text: string;
  words: string[];
  /** From text the default setup hides (a character's, a mod's, an objective's line): an exception to the rule. */
  variant?: boolean;
  /**
   * A side line, not the rule itself: an example, or a line about another thing of the game
   * (it opens with another entry's title: "Malikai: once per Loot…", a table row "Explorers Kit · Lose 1 heart fewer").
   * Holds the index words of what it is about ([] for an example), so that a query naming that thing lifts it again.
   */
  aside?: string[];
  /** From the entry's summary: its main point, which the card shows before a body line that holds the query alike. */
  summary?: boolean;
  /** A table row's first cell (index words): what the row is about ("Oya, Carnivorous Blossom · 7 honor if…"). */
  row?: string[];
}

/**
 * Whether a sentence is a side line (see Sentence.aside): it opens with an example label
 * (`SEARCH.asideOpeners`; a clarification is a rule), or with one of `names` (another entry's title as printed) as a label or a table row's
 * first cell (followed by ":" or "·").
 * Returns the index words of the name it opens with, [] for a label, undefined for the rule's own text.
 */
export function asideOf(text: string, names: readonly string[]): string[] | undefined {
  const opens = (name: string) => text.startsWith(name) && !/[\p{L}\p{N}]/u.test(text.charAt(name.length));
  if (SEARCH.asideOpeners.some(opens)) return [];
  // A name as a label ("Malikai: …") or a table row's first cell ("Explorers Kit · …"), not a sentence's subject
  // ("Villagers … produce nothing" is the rule).
  const labels = (name: string) => opens(name) && /^\s*[:·]/.test(text.slice(name.length));
  const name = names.find(labels);
  return name === undefined ? undefined : indexWords(name);
}

/** A line of an entry's body, and whether the default setup hides it (setup-text.ts shownLines). */
export interface BodyLine {
  text: string;
  variant: boolean;
}

/**
 * An entry's summary and body (its text, or its lines with their variant flags) as sentences with index words; a
 * body sentence that opens with one of `names` (the other entries' titles) or an example label is marked `aside`.
 */
export function entrySentences(summary: string, body: string | readonly BodyLine[], names: readonly string[] = []): Sentence[] {
  const lines: readonly BodyLine[] = typeof body === 'string' ? [{ text: body, variant: false }] : body;
  const summarySentences = sentences(summary).map((t) => ({ text: t, words: indexWords(t), summary: true }));
  // A table's first row is its header ("Monster · Bonus at game end"): about no one thing.
  const isRow = (line: string) => line.includes(CELL_SEPARATOR);
  const rows = lines.flatMap(({ text, variant }) => text.split('\n').map((line) => ({ line, variant })));
  const own = rows.flatMap(({ line, variant }, i) => {
    const header = isRow(line) && !(i > 0 && isRow(rows[i - 1]!.line));
    return sentences(line).map((t) => ({ t, variant, header }));
  });
  const shown = leadIns(own.map((x) => x.t));
  const bodySentences = own.map(({ t, variant, header }, i) => ({ own: t, shown: shown[i]!, variant, header }));
  return [
    ...summarySentences,
    ...bodySentences.map(({ own, shown, variant, header }) => {
      const aside = asideOf(own, names);
      // A lead-in is shown with what it leads to, but weighed on its own words.
      const row = header ? [] : tableRowName(own);
      return {
        text: shown,
        words: indexWords(own),
        ...(variant ? { variant } : {}),
        ...(aside ? { aside } : {}),
        ...(row.length ? { row } : {}),
      };
    }),
  ];
}

/**
 * What a table row is about: its first cell, as index words ("Oya, Carnivorous Blossom · 7 honor if your potential is
 * empty" → oya, carnivor, blossom); [] for a sentence that is no row.
 */
export function tableRowName(text: string): string[] {
  const at = text.indexOf(CELL_SEPARATOR);
  return at < 0 ? [] : indexWords(text.slice(0, at));
}

/**
 * Sentences with each lead-in ("Every round runs the same 5 steps:") joined to what it leads to, the sentences after
 * it up to `SEARCH.leadInLength` characters: alone it answers nothing. One out per sentence in.
 */
export function leadIns(list: readonly string[]): string[] {
  return list.map((text, i) => {
    if (!text.endsWith(':')) return text;
    let out = text;
    for (let j = i + 1; j < list.length && out.length < SEARCH.leadInLength; j++) out += ` ${list[j]}`;
    return out;
  });
}

/** What the answer stage knows of a query: its terms in the index, whether it asks a number, its head word. */
export interface AnswerQuery extends QueryTerms {
  asksNumber: boolean;
  /** A yes/no question ("can I…", "do farms…"): its answer is often a short line of the body, not the summary. */
  yesNo?: boolean;
  /** The position of the word the question asks about ("how many *coins*"), -1 when none. */
  head: number;
}

/**
 * Ranking, stage 3: the answer. The sentence to show under a result (a number or a yes/no read without opening the
 * entry), for a query of 2+ words or one asking a number; undefined when no sentence holds enough of it.
 */
export function answerText(list: readonly Sentence[], q: AnswerQuery): string | undefined {
  if (q.wordTerms.length < 2 && !q.asksNumber) return undefined;
  return bestSentence(list, q.wordTerms, q.wordWeight, q.totalWeight, q.asksNumber, q.head, !!q.yesNo).text || undefined;
}

/**
 * The sentence among an entry's holding the largest (idf-weighted) share of the query's words (2 or more of them):
 * `share` ranks the entry; `text` is the sentence to show, where a query asking a number prefers a sentence with
 * a digit, best the number beside the word the question asks about (`head`, the position of that query word).
 * `wordTerms`: per query word, each vocabulary word it stands for with its match factor; `wordWeight`: per query
 * word, its weight, summing to `totalWeight`. A sentence of a variant (text the default setup hides: a character's
 * or a mod's exception) weighs `SEARCH.variantSentenceFactor`, a side line `SEARCH.asideSentenceFactor`, and a
 * summary sentence `SEARCH.summarySentenceFactor` unless the query is a yes/no question (`yesNo`): the general rule
 * is the answer when both hold the query alike.
 */
export function bestSentence(
  list: readonly Sentence[],
  wordTerms: readonly Map<string, number>[],
  wordWeight: readonly number[],
  totalWeight: number,
  asksNumber = false,
  head = -1,
  yesNo = false,
): { share: number; text: string } {
  let bestShare = 0;
  let text = '';
  let textScore = 0;
  // The query's most telling word (its greatest weight: "oya" in "what does the oya monster give at game end").
  const key = wordWeight.indexOf(Math.max(...wordWeight));
  for (const sentence of list) {
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
    const isNumber = (w: string | undefined) => /^\d+$/.test(w ?? '');
    const counted = !!headTerms && ws.some((w, k) => headTerms.has(w) && (isNumber(ws[k - 1]) || isNumber(ws[k + 1])));
    // A table row about the thing the query names most tellingly (its first cell holds that word) is the line asked for.
    // ...or a row of a table of rolls whose first cell is a number the query holds ("loot roll of 5": the row "5").
    const rowNamed =
      (key >= 0 && !!sentence.row?.some((w) => wordTerms[key]!.has(w))) ||
      (sentence.row?.length === 1 && isNumber(sentence.row[0]) && wordTerms.some((terms) => terms.get(sentence.row![0]!) === 1));
    if (n < 2 && !counted && !rowNamed) continue;
    if (n >= 2) bestShare = Math.max(bestShare, share);
    let score = share;
    if (asksNumber) score *= counted ? 2 : NUMBER_IN_TEXT.test(sentence.text) ? 1 : 0.5;
    if (sentence.variant) score *= SEARCH.variantSentenceFactor;
    if (sentence.summary && !yesNo) score *= SEARCH.summarySentenceFactor;
    // A yes/no question's answer says yes or no: a negation, a limit or a permission.
    if (yesNo && VERDICT.test(sentence.text)) score *= SEARCH.verdictSentenceFactor;
    // A side line answers only when the query names what it is about.
    const named = (w: string) => wordTerms.some((terms) => terms.has(w));
    if (sentence.aside && !rowNamed && !(sentence.aside.length > 0 && sentence.aside.every(named))) score *= SEARCH.asideSentenceFactor;
    if (rowNamed) score *= SEARCH.namedRowFactor;
    if (score > textScore) [text, textScore] = [sentence.text, score];
  }
  return { share: bestShare, text };
}

/** Words that say yes or no: a negation, a limit or a permission ("can't", "only", "may"). */
const VERDICT = /\b(not|no|never|cannot|can't|don't|doesn't|isn't|aren't|won't|only|may|must|always|any|free)\b|n't\b/i;

/** A number in a sentence: a digit, or a number word ("double the upper cost", "twice", "half"). */
const NUMBER_IN_TEXT = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|once|twice|double|half|triple)\b/i;

/**
 * Each number of an entry's sentences (a word that starts with a digit: "17", "7p") with the words within 2 of it,
 * the sentences read as one run with a break between them: "You start with 17 coins." gives 17 → start, coin.
 * What number-noun pairs are matched against (numberPairShare); the index carries it (SearchIndex.numbers), so
 * that ranking needs none of the entries' text.
 */
export function numberNeighbours(list: readonly Sentence[]): Map<string, Set<string>> {
  const words = list.flatMap((s) => [...s.words, '']);
  const out = new Map<string, Set<string>>();
  words.forEach((w, k) => {
    if (!/^\d/.test(w)) return;
    const near = out.get(w) ?? new Set<string>();
    out.set(w, near);
    for (const j of [k - 2, k - 1, k + 1, k + 2]) if (words[j]) near.add(words[j]!);
  });
  return out;
}

/**
 * Share of the query's number-noun pairs (see numberPairs) that an entry holds (`neighbours`, see
 * numberNeighbours): the number within 2 words of the noun (any form the query word matched), or written with the
 * game's one-letter short form of the noun ("7p": `units` maps "p" to the words of the entry titled "Population (p)").
 */
export function numberPairShare(
  neighbours: ReadonlyMap<string, ReadonlySet<string>>,
  pairs: readonly [number, number][],
  wordTerms: readonly Map<string, number>[],
  units: ReadonlyMap<string, ReadonlySet<string>>,
): number {
  let found = 0;
  for (const [n, noun] of pairs) {
    const number = [...wordTerms[n]!.keys()][0] ?? '';
    const nouns = wordTerms[noun]!;
    const unit = (w: string) => {
      const m = /^(\d+)([a-z])$/.exec(w);
      return !!m && m[1] === number && [...(units.get(m[2]!) ?? [])].some((u) => nouns.has(u));
    };
    if ([...(neighbours.get(number) ?? [])].some((w) => nouns.has(w)) || [...neighbours.keys()].some(unit)) found++;
  }
  return found / pairs.length;
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

/**
 * Whether a query only names a thing: every query word stands for a word of the title (`title`: its index words)
 * and the query asks no number ("warp stoen" for Warp Stone): its card shows the summary, what the thing is.
 */
export function namesOnly(title: readonly string[], q: Pick<AnswerQuery, 'wordTerms' | 'asksNumber'>): boolean {
  return !q.asksNumber && q.wordTerms.length > 0 && q.wordTerms.every((terms) => title.some((w) => terms.has(w)));
}

/** What the answer stage knows of a query (see AnswerQuery), from its text, its terms and its head word. */
export function answerQuery(query: string, terms: QueryTerms, head: number): AnswerQuery {
  return { ...terms, asksNumber: asksForNumber(query), yesNo: asksYesNo(query), head };
}

/** Whether a query asks a limit: "how many X can I have", "max storage", "is there a limit on companions". */
export function asksLimit(query: string): boolean {
  return /\bhow (many|much)\b.*\b(can|could|may)\b|\b(max|maximum|limit)\b/i.test(query);
}

/** Whether a text states a limit ("at most 4", "up to 3", "the maximum", "no more than 2"): see SearchIndex.limits. */
export function statesLimit(text: string): boolean {
  return /\b(at most|up to|max|maximum|limit|no more than)\b/i.test(text);
}

/** Whether a query is a yes/no question: it opens with a verb such as "can", "do", "is" ("can I move diagonally"). */
export function asksYesNo(query: string): boolean {
  return /^\s*(can|could|do|does|did|is|are|am|may|must|should|will|would|has|have)\b/i.test(query);
}

/** Whether a query asks for a number: "how many…", "how much…", "… cost", or holds a number itself. */
export function asksForNumber(query: string): boolean {
  return /\bhow (many|much)\b|\bcosts?\b|\d/i.test(query);
}
