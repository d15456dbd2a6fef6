/**
 * Query and index text normalisation: lower case, accents, possessives, hyphens, numbers, stop words and a
 * light plural stemmer, applied identically when building the index and when searching.
 */

/** Words that carry no meaning in a rules lookup ("how do i", "can we", "the"). */
export const STOPWORDS = new Set(
  'a an and are as at be by can could do does did for from how i if in into is it its me my of on or our so that the their them then there these this to us was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Lower case, no accents, possessives dropped, punctuation and hyphens to spaces. */
export function normalize(text: string): string {
  return text
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

/** A light English stemmer: plural and possessive forms onto one stem ("abilities" → "ability", "coins" → "coin"). */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('oes') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a text for the index: normalised, stemmed, stop words dropped. */
export function indexWords(text: string): string[] {
  return normalize(text)
    .split(' ')
    .filter((w) => w && !STOPWORDS.has(w))
    .map(stem);
}

/** Words of a query, with whether the last one is still being typed (no trailing space). */
export function queryWords(query: string): { words: string[]; typing: boolean } {
  const words = indexWords(query);
  const typing = words.length > 0 && !/[\s.,;:!?]$/.test(query);
  // Keep a lone stop word (e.g. "do") searchable rather than returning nothing.
  if (words.length === 0) {
    const raw = normalize(query).split(' ').filter(Boolean).map(stem);
    return { words: raw, typing };
  }
  return { words, typing };
}
