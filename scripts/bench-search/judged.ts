/**
 * Relevance judgments (scripts/bench-pool.ts pools each lookup's label with several engines' top results; a judge who
 * could not tell the engines apart marked which of them answer it): bench/judged/<game>.json.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Query } from '../bench-sets';

/** A judge's verdicts on one lookup of a set: the pooled entries that answer it and those that do not. */
export interface Judged {
  set: string;
  q: string;
  game: string;
  relevant: string[];
  notRelevant: string[];
}

/** The judgment of a lookup of a set, if any. */
export type JudgedFor = (set: string, q: Pick<Query, 'q' | 'game'>) => Judged | undefined;

/** Reads every judgment in `dir`; later rounds add to earlier ones. */
export function loadJudged(dir = 'bench/judged'): JudgedFor {
  const judged = new Map<string, Judged>();
  if (existsSync(dir))
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')))
      for (const j of JSON.parse(readFileSync(join(dir, f), 'utf8')) as Judged[]) {
        // Later rounds judge the candidates earlier rounds had not seen (a changed ranking found new ones).
        const key = `${j.set}\n${j.game}\n${j.q}`;
        const prev = judged.get(key);
        judged.set(
          key,
          prev ? { ...prev, relevant: [...prev.relevant, ...j.relevant], notRelevant: [...prev.notRelevant, ...j.notRelevant] } : j,
        );
      }
  return (set, q) => judged.get(`${set}\n${q.game}\n${q.q}`);
}
