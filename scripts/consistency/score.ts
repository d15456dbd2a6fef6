/** How a finding is scored: how surely a number belongs to its subject, how alike two statements read. */
import type { Fact } from './types';

/**
 * How surely a number belongs to its subject (0..1). `same` (a flag's number matched exactly): numbers that only
 * name which thing ("level 2 ability") count fully, since the same name is the same claim.
 */
export function attachment(f: Fact, same = false): number {
  let x =
    f.via === 'named'
      ? f.distance <= 2
        ? 1
        : f.distance <= 5
          ? 0.85
          : f.distance <= 10
            ? 0.6
            : 0.35
      : f.via === 'hint'
        ? f.sentence.row
          ? 0.9
          : 0.7
        : f.via === 'unit'
          ? 0.4
          : 0.5;
  if (f.otherTerms > 0) x *= f.otherTerms > 2 ? 0.7 : 0.85;
  if (f.sameUnit > 0) x *= f.sentence.row ? 0.85 : 0.7;
  if (f.ordinal && !same) x *= 0.7;
  if (f.baseline) x *= 0.6;
  if (f.popular && f.via === 'named' && !f.home) x *= 0.7;
  if (f.adverbial) x *= 0.6;
  if (f.descriptor && !same) x *= 0.4;
  if (f.conditional) x *= 0.5;
  if (f.aside) x *= 0.7;
  if (f.partial) x *= 0.6;
  return x;
}

/** How alike two statements read (0..1): shared words of their clauses, and the same kind of verb. */
export function likeness(a: Fact, b: Fact): number {
  const inter = [...a.context].filter((w) => b.context.has(w)).length;
  const union = new Set([...a.context, ...b.context]).size || 1;
  let x = 0.5 + 0.5 * Math.min(1, (inter / union) * 2);
  if (a.verb && b.verb && a.verb !== b.verb) x *= 0.35;
  return x;
}

/** Whether two values say the same: equal, or one a choice or range that holds the other. */
export function sameValue(a: Fact, b: Fact): boolean {
  if (a.value === b.value) return true;
  // Two sets of choices that share one ("1 or 4", "4 or 5") may well speak of different cases.
  if (a.values.length > 1 && b.values.length > 1 && a.value.includes('|') && b.value.includes('|'))
    return a.values.some((v) => b.values.includes(v));
  if (a.values.length > 1 && b.values.length === 1) return /[|-]/.test(a.value) && a.values.includes(b.values[0]!);
  if (b.values.length > 1 && a.values.length === 1) return /[|-]/.test(b.value) && b.values.includes(a.values[0]!);
  return false;
}
