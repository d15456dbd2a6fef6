/**
 * The text of an entry that a reader's setup shows, as the search's text file carries it: a snippet or an answer
 * sentence is taken only from the text the reader's page shows for their setup (saved values, defaults filled in,
 * requirements applied). The ranking file and the scorer see every variant; only the text file is marked.
 *
 * The format: each doc's body text, one line per block, with private-use characters marking what a setup hides,
 * each naming conditions of the game's `spans` list (each distinct condition once, as the rule transform writes it on
 * the page: `data-w-<key>` → tokens; `holds` decides):
 * - U+F000 + k at the start of a line: the line sits inside `<When>` blocks whose conditions, merged, are spans[k];
 *   a setup they do not hold for hides the line; one the default setup hides is a variant (an exception);
 * - U+E001 + k: an inline variant (a `<When>` inside a sentence, one value of a `<Pick>`) starts, shown only where
 *   spans[k] holds; U+E000: the text from here is every setup's again. Each line starts as every setup's.
 * "Take these {E001}4{E002}3{E000} actions" ({XXXX}: the character U+XXXX), with spans[0] the conditions of the 4
 * actions and spans[1] those of the 3, reads "Take these 3 actions" in the default setup. The values of a `<Pick>`
 * follow each other with no separator; a marker that changes nothing is left out (packSpans); spaces around a hidden
 * run are closed up. Private-use characters of the entries' own text are dropped from it (mdx-text.ts). The text
 * file carries the bodies (`bodies`), the game's options (`options`, for the reader's setup) and `spans`.
 * Pure: runs in the search worker.
 */
import { currentTokens, parseSettings, type RuntimeOption } from '../options';
import { holds, type WhenAttrs } from '../fragments';
import type { SearchSetup } from './types';
import type { BodyLine } from './answer';

/** The marker of text every setup shows; an inline variant's of spans[k] is the character k + 1 after it. */
const EVERY = 0xe000;
/** The marker of a line inside `<When>` blocks of spans[k] is the character k after this one. */
const LINE = 0xf000;
/** The last marker (the private-use area's end). */
const LAST = 0xf8ff;
/** A marker, captured (split keeps it). */
const MARKS = /([\ue000-\uf8ff])/;

/** A marker: the inline variant of spans[k] (k = -1: every setup's text again), or a line's (`line`) spans[k]. */
export function spanMark(k: number, line = false): string {
  const code = line ? LINE + k : EVERY + 1 + k;
  if (!Number.isInteger(k) || k < (line ? 0 : -1) || code > (line ? LAST : LINE - 1))
    throw new Error(`no ${line ? 'line' : 'span'} marker for ${k}`);
  return String.fromCharCode(code);
}

/** What a marker stands for: an inline span ("every setup" is -1) or a line's; undefined for other text. */
function markOf(part: string): { k: number; line: boolean } | undefined {
  const c = part.charCodeAt(0);
  if (part.length !== 1 || c < EVERY || c > LAST) return undefined;
  return c >= LINE ? { k: c - LINE, line: true } : { k: c - EVERY - 1, line: false };
}

/**
 * Marked text with each span renumbered (`to`: old span → new span, -1 for every setup's text, which drops a line's
 * marker) and the markers that change nothing left out: one followed by another inline marker or the line's end,
 * one repeating the run it is in.
 */
export function packSpans(text: string, to: (k: number) => number = (k) => k): string {
  return text
    .split('\n')
    .map((line) => {
      let out = '';
      let run = -1;
      let next: number | undefined;
      for (const part of line.split(MARKS)) {
        const mark = markOf(part);
        if (mark?.line) out += mark.k >= 0 && to(mark.k) >= 0 ? spanMark(to(mark.k), true) : '';
        else if (mark) next = mark.k < 0 ? -1 : to(mark.k);
        else if (part) {
          if (next !== undefined && next !== run) out += spanMark((run = next));
          next = undefined;
          out += part;
        }
      }
      return out;
    })
    .join('\n');
}

/**
 * A marked line as a setup (`tokens`) shows it: the runs whose conditions (`spans`) do not hold left out, the markers
 * dropped, spaces closed up (a line without them is returned as it is); a line's own marker is read by shownLines,
 * not here. A marker of a span the list lacks shows its run.
 */
export function spanText(line: string, spans: readonly WhenAttrs[], tokens: Readonly<Record<string, string>>): string {
  if (!MARKS.test(line)) return line;
  let out = '';
  let shown = true;
  for (const part of line.split(MARKS)) {
    const mark = markOf(part);
    if (!mark) out += shown ? part : '';
    else if (!mark.line) shown = mark.k < 0 || !spans[mark.k] || holds(spans[mark.k]!, tokens);
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The condition tokens of a reader's setup (option id → value, as saved; anything invalid is ignored). */
export function setupTokens(options: readonly RuntimeOption[], setup: SearchSetup | undefined): Record<string, string> {
  const game = { id: '', options: [...options] };
  return currentTokens(game, parseSettings(game, setup ?? {}));
}

/**
 * The lines of a marked body a setup shows (`tokens`), each flagged `variant` when the default setup (`defaults`)
 * hides the line: an exception for a character, a mod, an objective. A line its inline variants leave empty is left
 * out. `spans`: the game's conditions the markers name.
 */
export function shownLines(
  body: string,
  tokens: Readonly<Record<string, string>>,
  defaults: Readonly<Record<string, string>>,
  spans: readonly WhenAttrs[],
): BodyLine[] {
  return body.split('\n').flatMap((line) => {
    const mark = markOf(line.charAt(0));
    const when = mark?.line ? spans[mark.k] : undefined;
    if (when && !holds(when, tokens)) return [];
    const rest = mark?.line ? line.slice(1) : line;
    const text = spanText(rest, spans, tokens);
    return text || !rest ? [{ text, variant: !!when && !holds(when, defaults) }] : [];
  });
}
