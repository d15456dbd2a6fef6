/** The labelled lookup sets of the search benchmark (see bench/RESULTS.md for how each was written). */
export interface Query {
  q: string;
  game: string;
  /** Slugs (in `game`) that answer the lookup: the writer's label. */
  answers: string[];
  kind?: string;
  /** 1-3 short strings that together are the answer (sets G and H): the card shows the answer when it holds them all. */
  facts?: string[];
}

/**
 * Written from the rulebooks and slug lists only, in this order: old and old-holdout; A and B, C and D, E and F, G and
 * H, I, J and K, L and M, N and O, P and Q, R, S and T, U, V and W, X, Y and Z, AA, AB and AC, AD, AE and AF, AG, AH
 * and AI, AJ, AK and AL, AM, AN and AO, AP, AQ and AR, AS, AT and AU, AV, AW and AX, AY, AZ and BA, BB, BC and BD, BE,
 * BF and BG, BH, BI and BJ, BK, BL and BM (from I on with `facts`). Each was measured once before its misses were read.
 * From AM on the writers saw the earlier sets' lookups and wrote only new ones (repeatKey) up to BG; BH-BM were written
 * as AL and before, without the earlier lookups (a representative set: common questions at their natural rate). BH-BM
 * are the fixed measure: never tuned on, their misses not read.
 */
export const SET_FILES: Record<string, string> = {
  A: 'bench/search-queries-seeds-a.json',
  B: 'bench/search-queries-seeds-b.json',
  C: 'bench/search-queries-seeds-c.json',
  D: 'bench/search-queries-seeds-d.json',
  E: 'bench/search-queries-seeds-e.json',
  F: 'bench/search-queries-seeds-f.json',
  G: 'bench/search-queries-seeds-g.json',
  H: 'bench/search-queries-seeds-h.json',
  I: 'bench/search-queries-seeds-i.json',
  J: 'bench/search-queries-seeds-j.json',
  K: 'bench/search-queries-seeds-k.json',
  L: 'bench/search-queries-seeds-l.json',
  M: 'bench/search-queries-seeds-m.json',
  N: 'bench/search-queries-seeds-n.json',
  O: 'bench/search-queries-seeds-o.json',
  P: 'bench/search-queries-seeds-p.json',
  Q: 'bench/search-queries-seeds-q.json',
  R: 'bench/search-queries-seeds-r.json',
  S: 'bench/search-queries-seeds-s.json',
  T: 'bench/search-queries-seeds-t.json',
  U: 'bench/search-queries-seeds-u.json',
  V: 'bench/search-queries-seeds-v.json',
  W: 'bench/search-queries-seeds-w.json',
  X: 'bench/search-queries-seeds-x.json',
  Y: 'bench/search-queries-seeds-y.json',
  Z: 'bench/search-queries-seeds-z.json',
  AA: 'bench/search-queries-seeds-aa.json',
  AB: 'bench/search-queries-seeds-ab.json',
  AC: 'bench/search-queries-seeds-ac.json',
  AD: 'bench/search-queries-seeds-ad.json',
  AE: 'bench/search-queries-seeds-ae.json',
  AF: 'bench/search-queries-seeds-af.json',
  AG: 'bench/search-queries-seeds-ag.json',
  AH: 'bench/search-queries-seeds-ah.json',
  AI: 'bench/search-queries-seeds-ai.json',
  AJ: 'bench/search-queries-seeds-aj.json',
  AK: 'bench/search-queries-seeds-ak.json',
  AL: 'bench/search-queries-seeds-al.json',
  AM: 'bench/search-queries-seeds-am.json',
  AN: 'bench/search-queries-seeds-an.json',
  AO: 'bench/search-queries-seeds-ao.json',
  AP: 'bench/search-queries-seeds-ap.json',
  AQ: 'bench/search-queries-seeds-aq.json',
  AR: 'bench/search-queries-seeds-ar.json',
  AS: 'bench/search-queries-seeds-as.json',
  AT: 'bench/search-queries-seeds-at.json',
  AU: 'bench/search-queries-seeds-au.json',
  AV: 'bench/search-queries-seeds-av.json',
  AW: 'bench/search-queries-seeds-aw.json',
  AX: 'bench/search-queries-seeds-ax.json',
  AY: 'bench/search-queries-seeds-ay.json',
  AZ: 'bench/search-queries-seeds-az.json',
  BA: 'bench/search-queries-seeds-ba.json',
  BB: 'bench/search-queries-seeds-bb.json',
  BC: 'bench/search-queries-seeds-bc.json',
  BD: 'bench/search-queries-seeds-bd.json',
  BE: 'bench/search-queries-seeds-be.json',
  BF: 'bench/search-queries-seeds-bf.json',
  BG: 'bench/search-queries-seeds-bg.json',
  BH: 'bench/search-queries-seeds-bh.json',
  BI: 'bench/search-queries-seeds-bi.json',
  BJ: 'bench/search-queries-seeds-bj.json',
  BK: 'bench/search-queries-seeds-bk.json',
  BL: 'bench/search-queries-seeds-bl.json',
  BM: 'bench/search-queries-seeds-bm.json',
  old: 'bench/search-queries.json',
  'old-holdout': 'bench/search-queries-holdout.json',
};

/** Words a lookup can gain or lose and still ask the same thing (repeatKey). */
const FILLER = new Set(
  'a am an and any are as at be by can could did do does for from get got how i if in is it its me my of on or our so some that the there this to was we what when where which who why will with would you your'.split(
    ' ',
  ),
);

/**
 * A lookup as the novelty check compares it (`bench:search --fresh`): its game and its words, lower case, filler
 * words out, a plural's "s" off, each once, sorted. Two lookups with one key ask the same thing ("can i move
 * diagonally" and "move diagonally, can i"); a different typo or a different fact is a different lookup.
 */
export function repeatKey({ q, game }: Pick<Query, 'q' | 'game'>): string {
  const words = (q.toLowerCase().match(/[a-z0-9']+/g) ?? [])
    .map((w) => w.replace(/'.*/, ''))
    .filter((w) => w && !FILLER.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return `${game}\n${[...new Set(words)].sort().join(' ')}`;
}
