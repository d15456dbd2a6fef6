/**
 * The table's own rulings on unclear rules. On a rule page, each ruling shows above its note ("Your table plays:
 * ..."). Rulings are kept per game and travel as a link (`/<game>/unclear/#rulings=<data>`), so a group can share them.
 */
import { decodeJson, encodeJson } from '../lib/table-link';
import { api, onRestored } from './rules';
import type { Ruling } from './storage';

/** The key of a note: the entry's slug and the note's id. */
export const rulingKey = (slug: string, id: string): string => `${slug}#${id}`;

/** Rulings as a compact URL-safe string (base64url of JSON, see `src/lib/table-link.ts`). */
export const encodeRulings = (rulings: Record<string, Ruling>): string => encodeJson(rulings);

/** The rulings in an encoded string, or undefined when it is not one (never throws). */
export const decodeRulings = (text: string): unknown => decodeJson(text);

/** Builds the "Your table plays" line of a ruling (text only). */
export function rulingLine(ruling: Ruling): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'ruling';
  const b = document.createElement('strong');
  b.textContent = 'Your table plays: ';
  p.append(b, ruling.text);
  return p;
}

/** On a rule page: the table's ruling above each unclear note that has one (drawn again after a back/forward restore). */
export function showRulings(): void {
  drawRulings();
  onRestored(drawRulings);
}

/** Draws the rulings above their notes now (old lines removed first). */
export function drawRulings(): void {
  const head = api();
  const game = document.body.dataset.game;
  const slug = document.querySelector<HTMLElement>('article.entry')?.dataset.slug;
  if (!head || !game || !slug) return;
  const rulings = head.readRulings(game);
  // Callable again (after a ruling changes, or the page returns from the back/forward cache): old lines go first.
  for (const line of Array.from(document.querySelectorAll('.prose .ruling'))) line.remove();
  for (const note of Array.from(document.querySelectorAll<HTMLElement>('.prose [data-unclear]'))) {
    const ruling = rulings[rulingKey(slug, note.dataset.unclear!)];
    if (ruling) note.before(rulingLine(ruling));
  }
}
