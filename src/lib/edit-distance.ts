/**
 * Counting typing slips between two words: a letter added, left out or wrong, or two neighbours swapped (optimal
 * string alignment, so "stirke" → "strike" is 1 where plain Levenshtein says 2). Search matches a query word against
 * the vocabulary with `editDistance`; the A–Z filter matches a typed word against the start of a term's words with
 * `slipsToStart`. Both stop counting early once the answer must pass `max`. Pure.
 */

/** The last row of the slip table of `a` against `b`, or undefined once every cell of a row passes `max`. */
function lastRow(a: string, b: string, max: number): number[] | undefined {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return undefined;
    before = prev;
    prev = row;
  }
  return prev;
}

/** The slips that turn `a` into `b`; `max + 1` as soon as it is known to be more than `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  return lastRow(a, b, max)?.[b.length] ?? max + 1;
}

/**
 * The fewest slips that turn `word` into the start of `token`, of any length: the reader may stop typing anywhere in
 * a word ("convr" is 1 slip from the start of "conversion"). Any count over `max` is returned as `max + 1`.
 */
export function slipsToStart(word: string, token: string, max: number): number {
  // A start longer than the word by more than `max` letters is more than `max` slips away.
  const row = lastRow(word, token.slice(0, word.length + max), max);
  return row ? Math.min(max + 1, ...row) : max + 1;
}
