/**
 * How a game's search index travels: as two files. `/search/<game>.json` holds all that ranks (words, weights,
 * phrases, titles, the numbers and the words beside them); `/search/text/<game>.json` holds what only the result
 * list reads: each entry's summary and plain text, for snippets and answer sentences. The first list needs only the
 * first file (rankIndex): the browser fetches it first, and the text once every index it searches is in, so that
 * the two never share the connection's bandwidth before the first list; the snippets fill in after. Over a new
 * connection a file arrives in round trips that grow from about 14 KB (14, then 29 more, then 58 more): a ranking
 * file of about 40 KB takes 2.
 * Both carry the same key, made from the text, so an index is never joined to another build's text. In the index
 * half each word's doc numbers are written as gaps from the one before (4 KB less compressed).
 */
import type { SearchIndex } from './build-index';

/** The text half of a game's index: each doc's summary and body, in the index's doc order. */
export interface SearchText {
  version: 2;
  /** The key the index half carries too. */
  key: string;
  summaries: string[];
  bodies: string[];
  /** The game's options and the conditions the bodies are marked with (SearchIndex.options, .spans; setup-text.ts). */
  options?: SearchIndex['options'];
  spans?: SearchIndex['spans'];
  /** The option values a lookup can name (SearchIndex.setupWords; query-setup.ts). */
  setupWords?: SearchIndex['setupWords'];
}

/** The index half: the index with empty summaries and bodies, and the key of its text. */
export type RankIndex = SearchIndex & { textKey: string };

/** FNV-1a (32 bit) of the texts with their count, as 8 hex digits: tells one build's text from another's. */
function textKey(texts: readonly string[]): string {
  let h = 0x811c9dc5;
  const s = `${texts.length}\u0000${texts.join('\u0000')}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** A posting list [doc, weight, doc, weight, …] with each doc written as the gap from the previous doc. */
function toGaps(list: readonly number[]): number[] {
  const out = list.slice();
  for (let i = 2; i < list.length; i += 2) {
    if (list[i]! <= list[i - 2]!) throw new Error('posting lists must hold their docs in ascending order');
    out[i] = list[i]! - list[i - 2]!;
  }
  return out;
}

/** The posting list of `toGaps` with its docs again. */
function fromGaps(list: readonly number[]): number[] {
  const out = list.slice();
  for (let i = 2; i < out.length; i += 2) out[i] = out[i]! + out[i - 2]!;
  return out;
}

/** Splits a built index into the two files the site serves. */
export function splitIndex(whole: SearchIndex): { rank: RankIndex; text: SearchText } {
  const { options, spans, setupWords, ...index } = whole;
  const summaries = index.docs.map((d) => d[3]);
  const bodies = index.docs.map((d) => d[4]);
  const key = textKey([...summaries, ...bodies]);
  return {
    rank: {
      ...index,
      docs: index.docs.map(([url, title, game]) => [url, title, game, '', '']),
      postings: index.postings.map(toGaps),
      textKey: key,
    },
    text: {
      version: 2,
      key,
      summaries,
      bodies,
      ...(options ? { options } : {}),
      ...(spans ? { spans } : {}),
      ...(setupWords ? { setupWords } : {}),
    },
  };
}

/**
 * The index from its ranking half alone: every doc's summary and body empty until its text is added
 * (Searcher.addText, after `checkText`). It ranks as the whole index does: the first list needs only this file.
 */
export function rankIndex(rank: RankIndex): SearchIndex {
  const { textKey: _key, ...index } = rank;
  return {
    ...index,
    docs: rank.docs.map(([url, title, game]) => [url, title, game, '', '']),
    postings: rank.postings.map(fromGaps),
  };
}

/**
 * Checks that a text half belongs to this ranking half. Throws, naming what differs, when they are not of one
 * build: another version, another key, or another number of docs.
 */
export function checkText(rank: Pick<RankIndex, 'version' | 'textKey' | 'docs'>, text: SearchText): void {
  if (text?.version !== rank?.version) throw new Error(`index version ${rank?.version} and text version ${text?.version} differ`);
  if (text.key !== rank.textKey) throw new Error(`index and text are from different builds (keys ${rank.textKey} and ${text.key})`);
  const n = rank.docs.length;
  if (!Array.isArray(text.bodies) || !Array.isArray(text.summaries) || text.bodies.length !== n || text.summaries.length !== n)
    throw new Error(`the text has ${text.summaries?.length} summaries and ${text.bodies?.length} bodies for ${n} entries`);
}

/** The whole index again from its two files. Throws when they are not of one build (see checkText). */
export function joinIndex(rank: RankIndex, text: SearchText): SearchIndex {
  checkText(rank, text);
  const index = rankIndex(rank);
  return {
    ...index,
    docs: index.docs.map(([url, title, game], d) => [url, title, game, text.summaries[d]!, text.bodies[d]!]),
    ...(text.options ? { options: text.options } : {}),
    ...(text.spans ? { spans: text.spans } : {}),
    ...(text.setupWords ? { setupWords: text.setupWords } : {}),
  };
}
