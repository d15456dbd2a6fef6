/**
 * The benchmark's deterministic measures (in Node): accuracy on a labelled set (top-1, top-3, MRR), and whether the
 * first result's snippet shows the answer to a lookup asking a number or a yes/no.
 */
import { asksForNumber, leadSnippet, type SearchResult } from '../../src/lib/search/query';
import { normalize, queryWords, stem } from '../../src/lib/search/text';
import type { Query } from '../bench-sets';
import type { AppSearch } from './engines';
import type { Judged } from './judged';

/** An engine's accuracy on a set. */
export interface Score {
  top1: number;
  top3: number;
  mrr: number;
  misses: string[];
  unjudged: number;
}

/**
 * Top-1, top-3 and MRR of an engine on a set. With `judgedFor` given (the set's judgments), the judged entries count
 * as right too (besides the label), and `unjudged` counts top-3 results of the lookup's game nobody judged (holes in
 * the pool).
 */
export function accuracy(
  list: Query[],
  search: (q: string, game: string) => string[],
  judgedFor?: (q: Query) => Judged | undefined,
): Score {
  let unjudged = 0;
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  const misses: string[] = [];
  for (const { q, game, answers } of list) {
    const ids = search(q, game).slice(0, 10);
    const j = judgedFor?.({ q, game, answers });
    const want = [...answers, ...(j?.relevant ?? [])].map((a) => `${game}/${a}`);
    if (j)
      unjudged += ids
        .slice(0, 3)
        .filter((s) => s.startsWith(`${game}/`) && !want.includes(s) && !j.notRelevant.includes(s.slice(game.length + 1))).length;
    const rank = ids.findIndex((s) => want.includes(s));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (rank !== 0)
      misses.push(
        `${rank < 0 || rank >= 3 ? 'MISS ' : `#${rank + 1}   `}${game}: "${q}" → ${ids.slice(0, 3).join(', ') || '(nothing)'}; want ${answers.join(' or ')}`,
      );
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  return { top1: top1 / list.length, top3: top3 / list.length, mrr: rr / list.length, misses, unjudged };
}

// --- Answer in the list: for lookups that ask a number or a yes/no, whether the first result is right and its
// snippet (what the app shows under the title) holds the answer's sentence. Concretely, the snippet must show the
// query's head word highlighted (the word a how-many question counts, else the query word fewest entries of the
// game hold), and for a number lookup also a digit. "Before" is the same search with the previous snippet choice
// (the summary when it shows a matched word, else the body passage with most matched words).
const YES_NO = /^(can|could|do|does|did|is|are|may|must|should|will|if)\b/i;

/** Of the lookups asking a number or a yes/no, how many see their answer in the first result's snippet. */
export function answerVisible(list: Query[], app: AppSearch): { asked: number; before: number; after: number } {
  let asked = 0;
  let before = 0;
  let after = 0;
  for (const { q, game, answers, kind } of list) {
    const number = kind === 'number' || asksForNumber(q);
    const yesNo = kind === 'yes-no' || YES_NO.test(q.trim());
    if (!number && !yesNo) continue;
    asked++;
    const r = app.all.search(q, { game, limit: 1 })[0];
    if (!r || !answers.includes(r.url.split('/')[2]!)) continue;
    const index = app.searchers.get(game)!.index;
    const { words, head } = queryWords(q);
    const df = (w: string) => {
      const i = index.vocab.indexOf(w);
      return i < 0 ? Infinity : index.df[i]!;
    };
    const headWord = head >= 0 ? words[head]! : [...words].sort((a, b) => df(a) - df(b))[0]!;
    const shows = (r2: SearchResult) => {
      const parts = leadSnippet(r2, () => app.all.bodyOf(r2.url));
      const hit = parts.some(
        (p) =>
          p.hit &&
          normalize(p.text)
            .split(' ')
            .map(stem)
            .some((w) => w === headWord || (w.length >= 3 && headWord.startsWith(w)) || w.startsWith(headWord)),
      );
      return hit && (!number || /\d/.test(parts.map((p) => p.text).join('')));
    };
    if (shows(r)) after++;
    const { answer: _, ...old } = r;
    if (shows(old)) before++;
  }
  return { asked, before, after };
}

/** Text as compared for facts: lower case, words of letters and digits, one space between. */
const plain = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * Of the lookups with `facts` (the strings that together are the answer), how many show every fact in the first
 * result's card, its title and snippet as the list shows them (leadSnippet; the reader's setup: none saved), the lookup scoped
 * to its game and from all games with its game in play. A fact is readable when its words stand in the card in
 * order, as whole words (case and punctuation aside).
 */
export function answerAtGlance(list: Query[], app: AppSearch): { asked: number; scoped: number; inPlay: number } {
  let asked = 0;
  let scoped = 0;
  let inPlay = 0;
  const shows = (r: SearchResult | undefined, facts: string[]) => {
    if (!r) return false;
    const card = plain(
      `${r.title} ${leadSnippet(r, () => app.all.bodyOf(r.url))
        .map((p) => p.text)
        .join('')}`,
    );
    return facts.every((f) => card.includes(plain(f)));
  };
  for (const { q, game, facts } of list) {
    if (!facts?.length) continue;
    asked++;
    if (shows(app.all.search(q, { game, limit: 1 })[0], facts)) scoped++;
    if (shows(app.all.search(q, { current: game, limit: 1 })[0], facts)) inPlay++;
  }
  return { asked, scoped, inPlay };
}
