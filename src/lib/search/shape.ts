/**
 * Ranking, stage 4: shape. A ranked entry as a result: where it is, what it is called, its score, the words that
 * matched, whether the query names it, its answer sentence (stage 3, answer.ts) and, only when asked, why it scored as
 * it did. Pure.
 */
import type { Scored } from './score';
import type { SearchResult } from './types';

/** An entry after scoring and setup weighting: its score parts, the setup's multiplier, its number-pair share. */
export interface Ranked {
  scored: Scored;
  /** The setup's multiplier (weigh.ts choiceFactor). */
  choice: number;
  /** Share of the query's number-noun pairs its text holds (0: none, or not looked at). */
  pairs: number;
  /** The score it ranks by. */
  score: number;
}

/** Why a ranked entry scored as it did: its base score, coverage, phrase bonus, setup multiplier and number pairs. */
export function explain({ scored, choice, pairs }: Ranked): string {
  const setup = choice !== 1 ? ` choice ${choice}` : '';
  const numbers = pairs > 0 ? ` pairs ${pairs.toFixed(2)}` : '';
  return `base ${scored.base.toFixed(1)} cov ${scored.coverage.toFixed(2)} phrase ${scored.bonus.toFixed(1)}${setup}${numbers}`;
}

/**
 * A ranked entry as a result. `doc`: its [url, title, game index, summary]; `game`: its game's [id, title];
 * `answer`: its answer sentence, if any; `why`: add the explanation (SearchResult & { why }).
 */
export function shapeResult(
  doc: readonly [string, string, number, string, ...unknown[]],
  game: readonly [string, string],
  r: Ranked,
  answer: string | undefined,
  why = false,
): SearchResult {
  const [url, title, , summary] = doc;
  const out: SearchResult = { url, title, game: game[0], gameTitle: game[1], summary, score: r.score, matched: r.scored.matched };
  if (r.scored.exact) out.named = true;
  if (answer) out.answer = answer;
  if (why) (out as SearchResult & { why: string }).why = explain(r);
  return out;
}
