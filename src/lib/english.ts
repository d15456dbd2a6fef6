/**
 * English words, the one place that knows them: the stop words of a rules lookup, the singular form of a word
 * (search's index words) and its lemma (the consistency check's words), the Porter stem of a word family (the `stemmer`
 * package) and the base forms a dictionary look-up tries (the WordNet step's "is this English?").
 * Pure: no I/O, safe in the browser (search runs it in its worker).
 */
import { stemmer } from 'stemmer';

/** Words that carry no meaning in a rules lookup ("how do i", "can we", "the"): search drops them from a query. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a actually am an and are as at basically be by can could did do does for from get gets happen happens has have ' +
    'how i if in into is it its just many me mean means much my need of ok okay on or our please really should so ' +
    'sorry still that the their them then there these this to us was we what when where which who why will with would ' +
    'you your'
  ).split(' '),
);

/** STOP_WORDS and the words of a space-separated list, as one set (a function, so that a bundle that never reads
 * FUNCTION_WORDS drops it: the search worker). */
function withStopWords(list: string): ReadonlySet<string> {
  return new Set([...STOP_WORDS, ...list.split(' ')]);
}

/**
 * STOP_WORDS and the other grammar words of a rule sentence (determiners, quantifiers, prepositions, negation,
 * modal verbs: "each", "not", "before", "more", "must"). A search query keeps these (they tell "before combat"
 * from "after combat"); the consistency check drops them when it compares the content words of two statements.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = /* @__PURE__ */ withStopWords(
  'per each every been being those they yours he she his her than but not no nor any all both either neither ' +
    'while whom up down out onto over under off only also even too very may must might done having got instead ' +
    'such own same other another some more most less least few one ones time times way ways until till after ' +
    'before during since because again once twice via about above below between among without within upon whether ' +
    'like unlike',
);

/** Plurals and verb forms that no suffix rule reaches. */
const IRREGULAR: Readonly<Record<string, string>> = {
  dice: 'die',
  men: 'man',
  women: 'woman',
  lives: 'life',
  leaves: 'leaf',
  wolves: 'wolf',
  thieves: 'thief',
  elves: 'elf',
  dwarves: 'dwarf',
  children: 'child',
  gems: 'gem',
  people: 'person',
  was: 'is',
  were: 'is',
  are: 'is',
  has: 'have',
  had: 'have',
};

/**
 * Singular, lower-case form of a word by its ending, possessive dropped: coins → coin, abilities → ability,
 * boxes → box, glass → glass, bonus → bonus. Light on purpose: "playing" stays "playing" (the Porter stem,
 * `porterStem`, joins word families). Search's index words are these.
 */
export function singular(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/[’']/g, "'");
  if (w.length <= 3 || /^\d+$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('oes') && w.length > 4) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * The lemma of a word: its singular, with irregular plurals and forms of "be" and "have" read as their base
 * (dice → die, children → child, were → is, has → have). The consistency check compares statements by these.
 */
export function lemma(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/[’']/g, "'");
  return Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w]! : singular(w);
}

/** The Porter stem of a word ("searching", "searched" → "search"): the key of a word family. */
export function porterStem(word: string): string {
  return stemmer(word);
}

/** Endings a dictionary look-up strips to find a word's base form, with what replaces each. */
const INFLECTIONS: readonly (readonly [string, string])[] = [
  ['s', ''],
  ['es', ''],
  ['ies', 'y'],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['est', 'e'],
  ['ly', ''],
];

/** A doubled consonant before an ending: "stopped" → "stop". */
const DOUBLED = /([b-df-hj-np-tv-z])\1(ed|ing|er|est)$/;

/** The word and the base forms it may be inflected from ("faster" → fast, faste; "stopped" → stop): dictionary keys. */
export function baseForms(word: string): string[] {
  const forms = [word];
  for (const [suffix, repl] of INFLECTIONS) if (word.endsWith(suffix)) forms.push(word.slice(0, -suffix.length) + repl);
  if (DOUBLED.test(word)) forms.push(word.replace(DOUBLED, '$1'));
  return forms;
}

/** Whether a word is English by a dictionary (`known`): the word itself or one of its base forms is in it. */
export function isEnglishWord(word: string, known: (form: string) => boolean): boolean {
  return baseForms(word).some(known);
}
