/**
 * The table's own rulings on unclear rules. On a rule page, each ruling shows above its note ("Your table plays:
 * ..."). Rulings are kept per game; the link that carries them is `rulings-link.ts` (kept apart, so rule pages do
 * not load its encoding).
 */
import { onRestored } from './rules';
import { readRulings, type Ruling } from './saved-rulings';
import { noteKey } from './storage';

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
  const game = document.body.dataset.game;
  const slug = document.querySelector<HTMLElement>('article.entry')?.dataset.slug;
  if (!game || !slug) return;
  const rulings = readRulings(game);
  // Callable again (after a ruling changes, or the page returns from the back/forward cache): old lines go first.
  for (const line of Array.from(document.querySelectorAll('.prose .ruling'))) line.remove();
  for (const note of Array.from(document.querySelectorAll<HTMLElement>('.prose [data-unclear]'))) {
    const ruling = rulings[noteKey(slug, note.dataset.unclear!)];
    if (ruling) note.before(rulingLine(ruling));
  }
}
