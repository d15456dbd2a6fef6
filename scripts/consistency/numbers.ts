/** The numbers of a sentence with their units ("17 coins", "+1 gold", "level 9", "6 / 8 / 8 points"). */
import { FUNCTION_WORDS } from '../../src/lib/english';
import type { NumberHit, Sentence, Term, TermHit, Token } from './types';
import { DETERMINERS, MODIFIERS, ORDINAL_NOUNS, clauses, findTerms, tokenize } from './words';

/** Whether the words before token `i` say the number is the usual value being replaced. */
const isBaseline = (tokens: Token[], i: number): boolean => {
  const a = tokens[i - 1]?.lower ?? '';
  const b = tokens[i - 2]?.lower ?? '';
  const near = tokens.slice(Math.max(0, i - 3), i).map((t) => t.lower);
  return (
    a === 'not' ||
    near.includes('normally') ||
    near.includes('usually') ||
    (b === 'instead' && a === 'of') ||
    (b === 'rather' && a === 'than') ||
    (/^(down|up)$/.test(b) && a === 'from')
  );
};

const PARTICIPLE = /^(?:[a-z]{3,}ed|drawn|chosen|taken|given|hidden|shown|known|built|won|lost|left|held|spent|paid|kept|dealt)$/;

/** Modifiers that name a part of a whole ("3 face-up wish tokens" of "15 wish tokens"): kept in the unit. */
const KEPT_MODIFIERS = new Set([
  'face-down',
  'face-up',
  'empty',
  'unused',
  'remaining',
  'starting',
  'spare',
  'red',
  'blue',
  'green',
  'yellow',
  'black',
  'white',
  'grey',
  'gray',
  'purple',
  'orange',
  'brown',
]);

/** Units of distance: "5 tiles from each passage" is a distance. */
const SPATIAL = new Set(['tile', 'space', 'hex', 'square', 'step', 'cell', 'region']);

/** Verbs that follow a bare number ("12 gives 20 gems", "5 costs"): no unit. */
const VERB_UNITS = new Set([
  'gives',
  'give',
  'costs',
  'gains',
  'takes',
  'makes',
  'lets',
  'means',
  'goes',
  'counts',
  'needs',
  'stays',
  'becomes',
  'pays',
  'gets',
  'adds',
  'wins',
  'loses',
  'returns',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'do',
  'does',
  'can',
  'may',
  'must',
  'will',
]);

const RATE_NOUNS = new Set([
  'time',
  'round',
  'turn',
  'season',
  'game',
  'player',
  'action',
  'stage',
  'year',
  'day',
  'hero',
  'combat',
  'fight',
  'level',
  'building',
  'quest',
  'copy',
  'visit',
  'roll',
]);

/** The numbers of a sentence with their units. */
function numbers(tokens: Token[], hits: TermHit[]): NumberHit[] {
  const out: NumberHit[] = [];
  const inTerm = (i: number) => hits.some((h) => i >= h.start && i < h.end);
  const hitAt = (i: number) => hits.find((h) => h.start === i);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'compact') {
      // "3A" is a fact even where "3A" is also a term.
      if (!hits.some((h) => i >= h.start && i < h.end && h.end - h.start > 1))
        out.push({
          start: i,
          end: i + 1,
          values: [t.value!],
          value: String(t.value),
          unit: t.text.slice(-1),
          unitStart: i,
          unitEnd: i + 1,
          baseline: isBaseline(tokens, i),
        });
      continue;
    }
    if (t.kind !== 'num' || inTerm(i)) continue;
    // "level 9", "stage 3 cards": the noun before names which one.
    const prev = tokens[i - 1];
    if (prev?.kind === 'word' && ORDINAL_NOUNS.has(prev.lemma) && !t.signed) {
      const next = tokens[i + 1];
      const descriptor = next?.kind === 'word' && !FUNCTION_WORDS.has(next.lower) && !/^(and|or)$/.test(next.lower);
      out.push({
        start: i,
        end: i + 1,
        values: [t.value!],
        value: String(t.value),
        unit: `${prev.lemma} #`,
        unitStart: i - 1,
        unitEnd: i + 1,
        ordinal: true,
        descriptor,
      });
      continue;
    }
    // A list or range: "6 / 8 / 8", "2-4", "2 or 3", "3 to 5", "1, 2, 4 or 5".
    const values = [t.value!];
    const used: string[] = [];
    let j = i + 1;
    while (j + 1 < tokens.length) {
      const s = tokens[j]!;
      const n = tokens[j + 1]!;
      const isSep = (s.kind === 'punct' && /[/–,-]/.test(s.text)) || (s.kind === 'word' && /^(or|to|and)$/.test(s.lower));
      if (!isSep || n.kind !== 'num' || inTerm(j + 1)) break;
      values.push(Math.abs(n.value!));
      used.push(s.kind === 'word' ? s.lower : s.text);
      j += 2;
    }
    // Commas and "and" join a list only when "or" or "and" closes it ("1, 2, 4 or 5"); else the list stops there.
    const last = used[used.length - 1];
    if (used.some((x) => x === ',' || x === 'and') && last !== 'or' && last !== 'and') {
      const cut = used.findIndex((x) => x === ',' || x === 'and');
      values.length = cut + 1;
      used.length = cut;
      j = i + 1 + 2 * cut;
    }
    const seps =
      used.includes('or') || used.includes(',') ? '|' : used.includes('and') ? '+' : used.includes('/') ? '/' : used.length ? '-' : '';
    // The unit: past a hyphen ("2-player"), modifiers and participles ("2 extra coins", "3 drawn cards").
    let k = j;
    let delta = t.signed ? (t.value! < 0 ? '-' : '+') : '';
    const before = tokens[i - 1];
    if (!delta && before?.kind === 'word' && /^(plus|add|adds|added|adding)$/.test(before.lower)) delta = '+';
    if (tokens[k]?.kind === 'punct' && /[-–]/.test(tokens[k]!.text) && !tokens[k]!.space) k++;
    let kept = '';
    while (
      tokens[k]?.kind === 'word' &&
      !hitAt(k) &&
      (MODIFIERS.has(tokens[k]!.lower) || KEPT_MODIFIERS.has(tokens[k]!.lower) || PARTICIPLE.test(tokens[k]!.lower)) &&
      tokens[k + 1]?.kind === 'word'
    ) {
      const w = tokens[k]!.lower;
      if (!delta && /^(more|extra|additional|further)$/.test(w)) delta = '+';
      if (!delta && /^(fewer|less)$/.test(w)) delta = '-';
      // "3 face-up wish tokens" counts a part of the "15 wish tokens".
      if (KEPT_MODIFIERS.has(w) || PARTICIPLE.test(w)) kept += `${w} `;
      k++;
    }
    // "18 green stage 1 quests", "10 Tier 3 buildings": the words and the number describe the counted thing.
    if (
      tokens[k]?.kind === 'word' &&
      !hitAt(k) &&
      !FUNCTION_WORDS.has(tokens[k]!.lower) &&
      ORDINAL_NOUNS.has(tokens[k + 1]?.lemma ?? '') &&
      tokens[k + 2]?.kind === 'num'
    ) {
      kept += `${tokens[k]!.lemma} `;
      k++;
    }
    if (
      tokens[k]?.kind === 'word' &&
      ORDINAL_NOUNS.has(tokens[k]!.lemma) &&
      tokens[k + 1]?.kind === 'num' &&
      tokens[k + 2]?.kind === 'word'
    ) {
      kept += `${tokens[k]!.lemma} ${tokens[k + 1]!.value} `;
      k += 2;
    }
    // An adjective before a term: "14 regular specialists".
    if (tokens[k]?.kind === 'word' && !hitAt(k) && hitAt(k + 1) && !FUNCTION_WORDS.has(tokens[k]!.lower)) {
      kept += `${tokens[k]!.lemma} `;
      k++;
    }
    // "lay 1 face up": no unit.
    if (tokens[k]?.lower === 'face' && /^(up|down)$/.test(tokens[k + 1]?.lower ?? '')) k = tokens.length;
    const u = tokens[k];
    if (!u || u.kind !== 'word' || FUNCTION_WORDS.has(u.lower)) {
      // "cost 1 strength, not 3": a bare replaced value takes the unit of the number before it.
      const prevHit = out[out.length - 1];
      if (isBaseline(tokens, i) && prevHit && !prevHit.ordinal && prevHit.start >= i - 12)
        out.push({
          ...prevHit,
          start: i,
          end: j,
          values: values.map(Math.abs),
          value: values.map(Math.abs).join(seps),
          unitStart: i,
          unitEnd: i,
          baseline: true,
        });
      i = j - 1;
      continue;
    }
    const hit = hitAt(k);
    const abs = values.map(Math.abs);
    let value = abs.length > 1 ? abs.join(seps) : String(abs[0]);
    let unit: string | undefined;
    let unitEnd = k + 1;
    if (hit) {
      unit = hit.term.key;
      unitEnd = hit.end;
      // "1 Copper Dagger design": a term right after the counted term is the counted thing.
      const next = hitAt(hit.end);
      if (next) {
        unit = `${unit} ${next.term.key}`;
        unitEnd = next.end;
      }
    } else if (!FUNCTION_WORDS.has(u.lower) && !VERB_UNITS.has(u.lower) && !inTerm(k)) {
      unit = u.lemma;
      // "a 1-tile gap": a hyphened number and noun describe the noun after them.
      const nextTok = tokens[k + 1];
      if (tokens[j]?.text === '-' && !tokens[j]!.space && nextTok?.kind === 'word' && !FUNCTION_WORDS.has(nextTok.lower) && !hitAt(k + 1)) {
        unit = `${unit} ${nextTok.lemma}`;
        unitEnd = k + 2;
      }
    }
    if (unit && hit && abs.length === 1 && abs[0]! > 1) {
      // "3 crystal uses": a singular term after a plural number describes the noun that follows.
      const lastTok = tokens[hit.end - 1]!;
      const nextTok = tokens[hit.end];
      if (
        lastTok.lower === lastTok.lemma &&
        !lastTok.lower.endsWith('s') &&
        nextTok?.kind === 'word' &&
        !FUNCTION_WORDS.has(nextTok.lower) &&
        !hitAt(hit.end)
      ) {
        unit = `${unit} ${nextTok.lemma}`;
        unitEnd = hit.end + 1;
      }
    }
    // "15 cubes of your colour", "1 cube of its hex's resource": what the counted things are of.
    if (unit && tokens[unitEnd]?.lower === 'of') {
      let q = unitEnd + 1;
      while (tokens[q] && DETERMINERS.has(tokens[q]!.lower)) q++;
      if (tokens[q]?.kind === 'word' && !FUNCTION_WORDS.has(tokens[q]!.lower) && tokens[q]!.text.endsWith("'s") === false && !hitAt(q)) {
        unit = `${unit} of ${tokens[q]!.lemma}`;
      } else if (tokens[q]?.kind === 'word' && tokens[q]!.text.endsWith("'s")) unit = `${unit} of ${tokens[q]!.lemma}`;
    }
    // "2 slots costing 0 gold": a part of the slots, named by what follows; "1 tile from another": a distance.
    if (unit) {
      const next = tokens[unitEnd];
      if (next?.kind === 'word' && /ing$/.test(next.lower) && next.lower.length > 5 && !hitAt(unitEnd) && !FUNCTION_WORDS.has(next.lower))
        unit = `${unit} ${next.lower}`;
      else if (next?.kind === 'word' && (/^(away|apart)$/.test(next.lower) || (next.lower === 'from' && SPATIAL.has(unit))))
        unit = `${unit} apart`;
    }
    if (unit) {
      const after = tokens[unitEnd];
      if (!delta && after?.kind === 'word' && /^(more|extra)$/.test(after.lower)) delta = '+';
      if (!delta && after?.kind === 'word' && /^(fewer|less)$/.test(after.lower)) delta = '-';
      unit = kept + unit;
      // A rate: "1 quest a round", "2 coins per player", "2w for each Farm", "1 tick each time", "2s and 1g per Guildhall".
      let r = unitEnd;
      for (let q = unitEnd; q < Math.min(tokens.length, unitEnd + 6); q++) {
        const x = tokens[q]!;
        if (x.kind === 'word' && /^(per|each|every|for)$/.test(x.lower)) {
          r = q;
          break;
        }
        // "1 coin of income per production".
        if (x.lower === 'of' && tokens[q + 1]?.kind === 'word' && q === unitEnd) {
          q++;
          continue;
        }
        const termHere = hitAt(q);
        if (termHere && tokens[q - 1]?.kind === 'num') {
          q = termHere.end - 1;
          continue;
        }
        if (!(
          x.kind === 'num' ||
          x.kind === 'compact' ||
          x.text === ',' ||
          x.lower === 'and' ||
          (x.kind === 'word' && tokens[q - 1]?.kind === 'num')
        ))
          break;
      }
      if (tokens[r]?.lower === 'for' && /^(each|every)$/.test(tokens[r + 1]?.lower ?? '')) r++;
      const r1 = tokens[r];
      const r2 = tokens[r + 1];
      if (
        r1?.kind === 'word' &&
        r2?.kind === 'word' &&
        (/^(per|each|every)$/.test(r1.lower) || (/^(a|an)$/.test(r1.lower) && RATE_NOUNS.has(r2.lemma)))
      )
        unit = `${unit} per ${r2.lemma}`;
      else if (r1?.kind === 'word' && r1.lower === 'each' && r2?.kind !== 'word') unit = `${unit} each`;
      // A bound: "above 0 hearts" and "1 heart or more" both say "at least 1".
      const w1 = tokens[i - 1]?.lower ?? '';
      const w2 = tokens[i - 2]?.lower ?? '';
      const a1 = tokens[unitEnd]?.lower ?? '';
      const a2 = tokens[unitEnd + 1]?.lower ?? '';
      let bound = '';
      let shift = 0;
      if (/^(above|over|exceeding)$/.test(w1) || (w1 === 'than' && w2 === 'more')) [bound, shift] = ['≥', 1];
      else if (/^(below|under)$/.test(w1) || (w1 === 'than' && /^(fewer|less)$/.test(w2))) [bound, shift] = ['≤', -1];
      else if ((w1 === 'least' && w2 === 'at') || (a1 === 'or' && /^(more|higher|greater|above)$/.test(a2))) bound = '≥';
      else if (
        (w1 === 'most' && w2 === 'at') ||
        (w1 === 'to' && w2 === 'up') ||
        w1 === 'within' ||
        (a1 === 'or' && /^(fewer|less|lower|below)$/.test(a2))
      )
        bound = '≤';
      // "at most 3w, 2s and 1p": the bound holds for the whole list.
      const last = out[out.length - 1];
      if (
        !bound &&
        last?.bound &&
        last.end + 4 >= i &&
        tokens.slice(last.unitEnd, i).every((x) => x.text === ',' || x.lower === 'and' || x.lower === 'or')
      )
        bound = last.bound;
      if (bound) {
        unit = `${bound} ${unit}`;
        if (shift && abs.length === 1) {
          abs[0] = abs[0]! + shift;
          value = String(abs[0]);
        }
      }
      // A change ("+1 gold", "2 more damage", "1 adventurer fewer") is another fact than a total ("3 damage").
      if (delta) unit = `${delta}${unit}`;
      // "with 2 Savvy", "per 4 gems", "one of the 2 attributes": a condition, a divisor or a whole, not an amount given.
      const cond =
        /^(with|if|per|when|once|until)$/.test(tokens[i - 1]?.lower ?? '') ||
        (tokens[i - 1]?.lower === 'the' && tokens[i - 2]?.lower === 'of');
      // Inside brackets: an aside ("(the Academy or 1 Inn stays out)", "4w (2w 3s)").
      let depth = 0;
      for (let q = 0; q < i; q++) depth += tokens[q]!.text === '(' ? 1 : tokens[q]!.text === ')' ? -1 : 0;
      out.push({
        start: i,
        end: j,
        values: abs,
        value,
        unit,
        unitTerm: hit?.term,
        unitStart: k,
        unitEnd,
        baseline: isBaseline(tokens, i),
        conditional: cond,
        aside: depth > 0,
        bound: bound || undefined,
      });
    }
    i = j - 1;
  }
  // "3w, 2s and 1p each", "2s and 1g per Guildhall": a rate at the end of a list holds for the whole list.
  for (let q = out.length - 1; q > 0; q--) {
    const lastHit = out[q]!;
    const rate = / (per [a-z ]+|each)$/.exec(lastHit.unit)?.[0];
    if (!rate) continue;
    for (let r = q - 1; r >= 0; r--) {
      const a = out[r]!;
      const b = out[r + 1]!;
      const between = tokens.slice(a.unitEnd, b.start);
      // "4w, plus 2w and 3s for each copy": the rate stops at "plus".
      if (between.some((x) => x.lower === 'plus') || !between.every((x) => x.text === ',' || x.lower === 'and' || x.lower === 'or')) break;
      if (!a.unit.includes(' per ') && !a.unit.endsWith(' each')) a.unit += rate;
    }
  }
  return out;
}

/** Reads a sentence's tokens, terms and numbers once. */
export function readSentence(s: Sentence, index: Map<string, Term[]>): NonNullable<Sentence['read']> {
  if (!s.read) {
    const tokens = tokenize(s.text);
    const hits = findTerms(tokens, index);
    s.read = { tokens, hits, nums: numbers(tokens, hits), clause: clauses(tokens) };
  }
  return s.read;
}
