/**
 * A filter box over a long page's groups of items (the A-Z page's letters, the unclear page's sections): as the reader
 * types, items whose text lacks a typed word are hidden, and groups left empty with them; a status line says how
 * many match. A forgiving filter (the A-Z) shows the items that come close when none matches as typed
 * (src/lib/filter.ts). Cleared, everything shows again.
 */
import { filterItems } from '../lib/filter';

/** A group of the page (hidden when none of its items matches) and its items. */
export interface FilterGroup {
  el: HTMLElement;
  items: { el: HTMLElement; text: string }[];
  /** Also shown or hidden with the group (its link in a page index). */
  companion?: HTMLElement | null;
}

/** What a filter shows after a change: the text typed, how many items, and whether they only come close. */
export interface FilterState {
  query: string;
  count: number;
  close: boolean;
}

/** A filter's options beyond what it says: forgiving typing slips, and a listener told of every change. */
export interface FilterOptions {
  forgiving?: boolean;
  changed?: (state: FilterState) => void;
}

/**
 * Narrows `groups` to the items holding every word typed in `input`; `status` gets `describe(count, close)` while a
 * filter is typed (nothing otherwise). Item texts are lowercased here.
 */
export function attachFilter(
  input: HTMLInputElement,
  groups: FilterGroup[],
  status: HTMLElement | null,
  describe: (count: number, close: boolean) => string,
  options: FilterOptions = {},
): void {
  for (const g of groups) for (const item of g.items) item.text = item.text.toLowerCase();
  const texts = groups.flatMap((g) => g.items.map((item) => item.text));
  const apply = () => {
    const query = input.value;
    const { keep, close } = filterItems(texts, query, options.forgiving);
    let i = 0;
    let count = 0;
    for (const g of groups) {
      let any = false;
      for (const item of g.items) {
        const hit = keep[i++]!;
        item.el.hidden = !hit;
        if (hit) {
          any = true;
          count++;
        }
      }
      g.el.hidden = !any;
      if (g.companion) g.companion.hidden = !any;
    }
    const typed = query.trim() !== '';
    if (status) status.textContent = typed ? describe(count, close) : '';
    options.changed?.({ query: typed ? query.trim() : '', count, close });
  };
  input.addEventListener('input', apply);
  // A filter the browser restored (back button) applies at once.
  if (input.value) apply();
}
