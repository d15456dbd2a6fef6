/**
 * Snippet layout: what a result shows under its title (its answer sentence, its summary or the passage of its body
 * with most matched words), cut to a width and split into plain and highlighted parts. Text only, never HTML.
 */
import type { SearchResult } from './types';
import { normalize, stem } from './text';
import { SEARCH } from './config';

/**
 * What a result shows under its title: the sentence that answers the query when the search found one (a number or
 * a yes/no is read there, without opening the entry), else the summary when it or the title shows a matched word
 * (the query names the thing: its summary says what it is), else the passage of the body with the most matched
 * words, else the summary.
 */
export function resultSnippet(r: SearchResult, body: () => string, width = 180): SnippetPart[] {
  if (r.answer) {
    const parts = snippet(r.answer, r.matched, width);
    if (parts.length) return parts;
  }
  const cut = r.summary.length > width ? `${r.summary.slice(0, r.summary.lastIndexOf(' ', width))} …` : r.summary;
  // The summary is the entry's main point: read from its start, its matched words marked.
  const summary = snippet(cut, r.matched, cut.length);
  if (summary.length) return summary;
  if (snippet(r.title, r.matched, width).length) return [{ text: cut, hit: false }];
  const passage = snippet(body(), r.matched, width);
  if (passage.length) return passage;
  return [{ text: cut, hit: false }];
}

/**
 * What the first result shows under its title, the answer card, in up to `SEARCH.leadCardLength` characters: its
 * summary (the entry's main point, for the reader's setup) and then the sentence that answers the query, when the
 * search found one that the summary does not hold and both fit; the whole summary when the answer is a clause of it
 * (a clause alone reads as a fragment: "Face-up trigger cards are the active end conditions;"); else what any result
 * shows (resultSnippet), at the card's width. "can i move a housed villager to another row": Housing's summary
 * (where villagers are housed), then "A housed villager stays put: you can't move it to another row or swap it for
 * an unhoused one."
 */
export function leadSnippet(r: SearchResult, body: () => string): SnippetPart[] {
  const { answer, summary, matched } = r;
  const width = SEARCH.leadCardLength;
  const read = (text: string) => {
    const parts = snippet(text, matched, text.length);
    return parts.length ? parts : [{ text, hit: false }];
  };
  if (answer && summary.includes(answer) && summary.length <= width) return read(summary);
  if (!answer || !summary || summary.includes(answer) || answer.includes(summary)) return resultSnippet(r, body, width);
  if (summary.length + 1 + answer.length > width) return resultSnippet(r, body, width);
  return [...read(summary), { text: ' ', hit: false }, ...read(answer)];
}

/** A piece of snippet text; `hit` pieces are shown highlighted. Rendered as text, never as HTML. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * The passage of `text` (about `width` characters) with the most matched words, split into plain and hit parts.
 * Returns an empty list when nothing in the text matches.
 */
export function snippet(text: string, matched: readonly string[], width = 160): SnippetPart[] {
  if (!text || matched.length === 0) return [];
  const set = new Set(matched);
  const prefixes = matched.filter((s) => s.length >= 3);
  const re = /[A-Za-z0-9\u00C0-\u024F'’]+/g;
  const marks: { start: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // Plain ASCII words (nearly all) skip the full normalisation.
    const w = /^[A-Za-z0-9]+$/.test(m[0]) ? m[0].toLowerCase() : normalize(m[0]);
    if (!w) continue;
    const st = stem(w);
    if (set.has(st) || prefixes.some((s) => st.startsWith(s))) marks.push({ start: m.index, end: m.index + m[0].length });
  }
  if (marks.length === 0) return [];
  // Window with the most marks.
  let best = 0;
  let bestCount = 0;
  for (let i = 0; i < marks.length; i++) {
    let c = 0;
    for (let j = i; j < marks.length && marks[j]!.end - marks[i]!.start <= width; j++) c++;
    if (c > bestCount) [best, bestCount] = [i, c];
  }
  // A text whose best passage fits from its start is shown from its start (a sentence is read whole).
  const last = marks[best + bestCount - 1]!.end;
  let start = last <= width ? 0 : Math.max(0, marks[best]!.start - 40);
  // Back to the start of the sentence when it is near and the passage still fits.
  const sentence = text.lastIndexOf('.', marks[best]!.start);
  if (sentence >= start - 40 && sentence < marks[best]!.start && sentence + 1 + width >= last) start = sentence + 1;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < marks[best]!.start) start = space + 1;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > marks[best]!.end) end = space;
  }
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '… ', hit: false });
  let pos = start;
  for (const m of marks) {
    if (m.start < start || m.end > end) continue;
    if (m.start > pos) parts.push({ text: text.slice(pos, m.start), hit: false });
    parts.push({ text: text.slice(m.start, m.end), hit: true });
    pos = m.end;
  }
  if (pos < end) parts.push({ text: text.slice(pos, end), hit: false });
  if (end < text.length) parts.push({ text: ' …', hit: false });
  return parts.map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ') }));
}
