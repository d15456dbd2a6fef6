/**
 * Text that came from outside the page (a link, or storage another script or an older release wrote) made safe to
 * show as text: no character that hides, reorders or cuts what the reader sees. Pure: no DOM.
 */

/**
 * What `cleanText` removes: C0 controls (NUL included), DEL and C1 controls; the bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C); zero-width characters
 * (U+200B–U+200D, U+2060) and the byte-order mark (U+FEFF).
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
/** Line breaks and tabs: a ruling is one line, so each becomes a space. */
const BREAKS = /[\t\n\r\u2028\u2029]+/g;

/** `text` without hidden characters (line breaks and tabs become spaces), trimmed. */
export const cleanText = (text: string): string => text.replace(BREAKS, ' ').replace(HIDDEN, '').trim();
