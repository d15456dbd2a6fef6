/**
 * The consistency check's words: tokens of a sentence (numbers, words with their lemma, punctuation), the
 * word lists it reads numbers and units by, and the game's terms (entry titles and `terms`) found in a sentence.
 */
import { FUNCTION_WORDS, lemma } from '../../src/lib/english';
import type { EntryInput, Term, TermHit, Token } from './types';

// Null-prototype tables: a word of the text ("constructor", "toString") is never read off Object.prototype.
const NUMBER_WORDS: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  twenty: 20,
});

/** Words that may sit between a number and its noun ("2 extra coins", "1 face-down card"). */
export const MODIFIERS = new Set([
  'extra',
  'more',
  'additional',
  'fewer',
  'less',
  'free',
  'new',
  'other',
  'different',
  'random',
  'face-down',
  'face-up',
  'unused',
  'empty',
  'further',
  'separate',
  'full',
  'whole',
  'total',
  'starting',
  'basic',
  'own',
  'same',
  'remaining',
  'spare',
  'unique',
  'matching',
  'individual',
  'adjacent',
  'single',
]);

/** Nouns that take their number after them ("level 9", "round 15"): the number names one of many. */
export const ORDINAL_NOUNS = new Set([
  'level',
  'round',
  'tier',
  'stage',
  'chapter',
  'season',
  'step',
  'turn',
  'rank',
  'row',
  'column',
  'age',
  'phase',
  'page',
  'day',
  'year',
  'entry',
  'paragraph',
  'p',
]);

/** Words that describe the source of a reading, not the rule ("76 quest cards (the stated total)"). */
export const SOURCE_WORDS = new Set([
  'rulebook',
  'reference',
  'online',
  'stated',
  'listed',
  'printed',
  'card',
  'text',
  'rule',
  'rules',
  'reading',
  'sum',
  'total',
  'faq',
  'note',
  'sheet',
  'sheets',
  'example',
  'says',
  'say',
  'given',
  'table',
]);

/** Verb classes: two statements whose nearest verbs fall in different classes speak of different things. */
export const VERB_CLASS: Record<string, string> = Object.create(null) as Record<string, string>;
for (const [cls, words] of Object.entries({
  gain:
    'gain gains gained get gets take takes took receive receives earn earns score scores gives give gave grant grants ' +
    'collect collects draw draws win wins add adds gaining getting taking',
  pay:
    'pay pays paid cost costs spend spends lose loses lost discard discards return returns remove removes ' +
    'sacrifice sacrifices paying spending losing costing upgrade upgrades',
  hold: 'hold holds have has contain contains show shows list lists sell sells offer offers',
  need: 'need needs require requires reach reaches needing requiring',
  move: 'move moves advance advances step steps walk walks travel travels',
  place: 'place places put puts set sets',
}))
  for (const w of words.split(' ')) VERB_CLASS[w] = cls;

/** Token kinds in order: ordinal ("3rd"), compact ("3A"), number ("+1", "2.5"), word ("face-up", "it's"), other. */
const TOKEN_RE = new RegExp(
  [
    String.raw`(\d+(?:st|nd|rd|th))(?![A-Za-z])`,
    String.raw`(\d+[A-Z])(?![A-Za-z])`,
    String.raw`((?<![\w])[+\-−–]?\d+(?:\.\d+)?)`,
    String.raw`([A-Za-zÀ-ÿ]+(?:[-'’][A-Za-zÀ-ÿ]+)*)`,
    String.raw`(\S)`,
  ].join('|'),
  'g',
);

/** The tokens of a text: words (with their lemma), numbers (number words as digits) and punctuation. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const space = (m.index! > last && /\s/.test(text.slice(last, m.index!))) || m.index === 0;
    last = m.index! + m[0].length;
    const t = m[0];
    if (m[1]) out.push({ text: t, lower: t, lemma: t, kind: 'punct', space });
    else if (m[2]) out.push({ text: t, lower: t, lemma: t, kind: 'compact', value: Number(t.slice(0, -1)), space });
    else if (m[3]) {
      const sign = /^[+\-−–]/.test(t) ? t[0]! : '';
      const n = Number(t.slice(sign.length));
      out.push({ text: t, lower: t, lemma: t, kind: 'num', value: sign && sign !== '+' ? -n : n, signed: !!sign, space });
    } else if (m[4]) {
      const lower = t.toLowerCase();
      if (NUMBER_WORDS[lower] !== undefined) out.push({ text: t, lower, lemma: lower, kind: 'num', value: NUMBER_WORDS[lower], space });
      else out.push({ text: t, lower, lemma: lemma(lower), kind: 'word', space });
    } else out.push({ text: t, lower: t, lemma: t, kind: 'punct', space });
  }
  return out;
}

/** The lemmas of a sentence's content words (no grammar words, none under 3 letters). */
export const contentLemmas = (tokens: Token[]): Set<string> =>
  new Set(tokens.filter((t) => t.kind === 'word' && !FUNCTION_WORDS.has(t.lower) && t.lower.length > 2).map((t) => t.lemma));

/** The game's terms (entry titles and `terms`) by their first word, longest first. */
export function termIndex(entries: readonly EntryInput[]): Map<string, Term[]> {
  const byFirst = new Map<string, Term[]>();
  const all = new Map<string, Term>();
  for (const e of entries)
    for (const label of [e.title, ...e.terms]) {
      const words = tokenize(label)
        .filter((t) => t.kind !== 'punct')
        .map((t) => (t.kind === 'num' ? String(t.value) : t.lemma));
      if (!words.length) continue;
      const key = words.join(' ');
      const term = all.get(key) ?? {
        key,
        label,
        words,
        home: new Set<string>(),
        ...(label.trim().length <= 2 ? { exact: label.trim() } : {}),
      };
      term.home.add(e.slug);
      if (!all.has(key)) {
        all.set(key, term);
        const list = byFirst.get(words[0]!) ?? [];
        list.push(term);
        byFirst.set(words[0]!, list);
      }
    }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
}

/** The terms a sentence names, longest match first, each token in one term at most. */
export function findTerms(tokens: Token[], index: Map<string, Term[]>): TermHit[] {
  const hits: TermHit[] = [];
  const word = (t: Token) => (t.kind === 'num' ? String(t.value) : t.kind === 'compact' ? t.text : t.lemma);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct') continue;
    for (const term of index.get(word(t)) ?? []) {
      if (term.exact && (t.text !== term.exact || i === 0)) continue;
      let j = i;
      let ok = true;
      for (const w of term.words) {
        while (j < tokens.length && tokens[j]!.kind === 'punct' && /['’&]/.test(tokens[j]!.text)) j++;
        if (j >= tokens.length || word(tokens[j]!) !== w) {
          ok = false;
          break;
        }
        j++;
      }
      if (ok) {
        hits.push({ term, start: i, end: j });
        i = j - 1;
        break;
      }
    }
  }
  return hits;
}

const PREPOSITIONS = new Set([
  'in',
  'at',
  'from',
  'to',
  'on',
  'during',
  'into',
  'onto',
  'of',
  'for',
  'by',
  'near',
  'beside',
  'after',
  'before',
  'through',
]);

export const DETERMINERS = new Set(['a', 'an', 'the', 'your', 'its', 'their', 'his', 'her', 'each', 'every', 'any', 'this', 'that', 'one']);

/** Whether the term at token `i` follows a preposition (articles and possessives between). */
export function adverbial(tokens: Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (DETERMINERS.has(tokens[k]!.lower) || tokens[k]!.text === "'s")) k--;
  return k >= 0 && PREPOSITIONS.has(tokens[k]!.lower);
}

export const NEGATION = new Set(['not', 'no', 'without', 'non', 'outside', 'except', 'unlike', 'never']);

/** Clause numbers of the tokens: `;` and `:` part a sentence's facts from each other's qualifiers and subjects. */
export const clauses = (tokens: Token[]): number[] => {
  const ids: number[] = [];
  let c = 0;
  for (const t of tokens) {
    if (t.kind === 'punct' && /[;:]/.test(t.text)) c++;
    ids.push(c);
  }
  return ids;
};
