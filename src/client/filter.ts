/**
 * A filter box over a long page's groups of items (the A-Z page's letters, the unclear page's sections): as the reader
 * types, items whose text lacks a typed word are hidden, and groups left empty with them; a status line says how
 * many match. Cleared, everything shows again.
 */
import { filterWords, matchesWords } from '../lib/filter';

/** A group of the page (hidden when none of its items matches) and its items. */
export interface FilterGroup {
  el: HTMLElement;
  items: { el: HTMLElement; text: string }[];
  /** Also shown or hidden with the group (its link in a page index). */
  companion?: HTMLElement | null;
}

/**
 * Narrows `groups` to the items holding every word typed in `input`; `status` gets `describe(count)` while a filter
 * is typed (nothing otherwise). Item texts are lowercased here.
 */
export function attachFilter(
  input: HTMLInputElement,
  groups: FilterGroup[],
  status: HTMLElement | null,
  describe: (count: number) => string,
): void {
  for (const g of groups) for (const item of g.items) item.text = item.text.toLowerCase();
  const apply = () => {
    const words = filterWords(input.value);
    let count = 0;
    for (const g of groups) {
      let any = false;
      for (const item of g.items) {
        const hit = matchesWords(item.text, words);
        item.el.hidden = !hit;
        if (hit) {
          any = true;
          count++;
        }
      }
      g.el.hidden = !any;
      if (g.companion) g.companion.hidden = !any;
    }
    if (status) status.textContent = words.length ? describe(count) : '';
  };
  input.addEventListener('input', apply);
  // A filter the browser restored (back button) applies at once.
  if (input.value) apply();
}
