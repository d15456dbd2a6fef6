/**
 * Query and index text normalisation: lower case, accents, possessives, hyphens, numbers, stop words and a
 * light plural stemmer (the English words are english.ts's), applied identically when building the index and when
 * searching.
 */
import { singular, STOP_WORDS } from '../english';

/**
 * Symbols printed on cards and boards (∇, △, ▫, → ..., and "!" standing alone as in "(!)" or "what does ! mean")
 * become words of their own ("sym2207"), so that they can be searched like any term.
 */
const SYMBOL = /[\u2190-\u2bff]|(?<![\p{L}\p{N}])!/gu;
const symbolWord = (ch: string): string => ` sym${ch.codePointAt(0)!.toString(16)} `;

/** An asterisk standing alone ("* quests", "the “*” quests"), not markdown emphasis: the word "asterisk". */
const ASTERISK = /(?<![*\p{L}\p{N}])\*(?![*\p{L}\p{N}])/gu;

/** Lower case, no accents, possessives dropped, symbols to words, punctuation and hyphens to spaces. */
export function normalize(text: string): string {
  return text
    .replace(SYMBOL, symbolWord)
    .replace(ASTERISK, ' asterisk ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The stem of an index word: its singular form ("abilities" → "ability", "coins" → "coin"; see english.ts). */
export const stem: (word: string) => string = singular;

/** Words of a text for the index: normalised, stemmed, stop words dropped. */
export function indexWords(text: string): string[] {
  return normalize(text)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w))
    .map(stem);
}

/**
 * The word a question asks about, by position among the query's index words: the thing counted in "how many
 * coins…", "how much wood…" (-1 when there is none). It weighs more than the rest.
 */
function headWord(raw: readonly string[]): number {
  const at = raw.findIndex((w, i) => w === 'how' && (raw[i + 1] === 'many' || raw[i + 1] === 'much'));
  if (at < 0) return -1;
  // Index words before the head: the non-stop words among raw[0 .. at+1].
  const before = raw.slice(0, at + 2).filter((w) => !STOP_WORDS.has(w)).length;
  return raw.slice(at + 2).some((w) => !STOP_WORDS.has(w)) ? before : -1;
}

/** Prepositions that open a trailing phrase setting the scene of a question ("... *in* story mode"). */
const CONTEXT_PREPOSITIONS = new Set(['in', 'during', 'on', 'at']);

/**
 * Index-word positions of a question's closing scene-setting phrase: the words after its last "in", "during", "on"
 * or "at" ("who reads the story *in story mode*", "how do fights work *in the underworld*"), when index words come
 * before it. Empty when there is none.
 */
function contextWords(raw: readonly string[]): number[] {
  let at = -1;
  raw.forEach((w, i) => {
    if (CONTEXT_PREPOSITIONS.has(w)) at = i;
  });
  if (at < 0) return [];
  const before = raw.slice(0, at).filter((w) => !STOP_WORDS.has(w)).length;
  const after = raw.slice(at + 1).filter((w) => !STOP_WORDS.has(w)).length;
  if (before === 0 || after === 0) return [];
  return Array.from({ length: after }, (_, k) => before + k);
}

/** Question words that ask which things of a kind: "*which* mods…", "*what* characters…". */
const WHICH = new Set(['which', 'what']);

/**
 * Words of a query, with whether the last one is still being typed (no trailing space), its head word, its closing
 * scene-setting words, and whether it asks which things of a kind (it opens with "which" or "what": its first word
 * is that kind).
 */
export function queryWords(query: string): { words: string[]; typing: boolean; head: number; context: number[]; asksWhich: boolean } {
  const raw = normalize(query).split(' ').filter(Boolean);
  const words = raw.filter((w) => !STOP_WORDS.has(w)).map(stem);
  const typing = words.length > 0 && !/[\s.,;:!?]$/.test(query);
  // Keep a lone stop word (e.g. "do") searchable rather than returning nothing.
  if (words.length === 0) return { words: raw.map(stem), typing, head: -1, context: [], asksWhich: false };
  return { words, typing, head: headWord(raw), context: contextWords(raw), asksWhich: WHICH.has(raw[0]!) };
}

/** Between the cells of a table row in an entry's text (mdx-text.ts writes it; answer.ts reads a row's first cell). */
export const CELL_SEPARATOR = ' · ';

/** A text's sentences: split at line ends and at ". ", "! ", "? ", "; " (a full stop inside "e.g." or "3.5" stays). */
export function sentences(text: string): string[] {
  return text
    .split(/\n|(?<=[a-z0-9)\]"'’][.!?;])\s+(?=[A-Z0-9("'“])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
