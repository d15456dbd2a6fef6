/**
 * The reader's row in tables keyed by an option (`<Rows>` in an entry): the options CSS shows each row's mark only
 * in the rows of the shown setup (right at first paint); this sets `aria-current="true"` on exactly those rows, at
 * start, whenever the shown options change (`rules:options`) and when the page comes back from the back/forward cache.
 */
import { ROW_MARK_CLASS } from '../lib/row-mark';

/** Sets `aria-current` on the rows whose mark the options CSS shows, and removes it from the others. */
export function markRows(root: ParentNode = document): void {
  for (const mark of Array.from(root.querySelectorAll<HTMLElement>(`.${ROW_MARK_CLASS}`))) {
    const row = mark.closest('tr');
    if (!row) continue;
    // Rendered (no box while hidden by the options CSS or inside a hidden variant): the row of the shown setup.
    if (mark.getClientRects().length > 0) row.setAttribute('aria-current', 'true');
    else row.removeAttribute('aria-current');
  }
}

/**
 * Marks the rows now and keeps them in step with the shown options (`rules:options`, which the head script also
 * sends after a back/forward-cache restore has re-read the setup).
 */
export function startRowMarks(): void {
  markRows();
  document.addEventListener('rules:options', () => markRows());
}
