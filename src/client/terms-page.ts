/**
 * The A-Z page: a filter that narrows the terms as you type (letters with no match hide, in the list and in the
 * letters index); the sticky "Letters" link leads back to the index.
 */
import { attachFilter } from './filter';

/** Starts the A-Z page's filter. */
export function startTermsPage(): void {
  const input = document.getElementById('terms-filter') as HTMLInputElement | null;
  if (!input) return;
  const groups = Array.from(document.querySelectorAll<HTMLElement>('main section[data-letter]')).map((el) => ({
    el,
    items: Array.from(el.querySelectorAll<HTMLElement>('li[data-term]')).map((li) => ({ el: li, text: li.textContent ?? '' })),
    companion: document.querySelector<HTMLElement>(`[data-letter-link="${el.dataset.letter}"]`),
  }));
  attachFilter(input, groups, document.getElementById('terms-status'), (n) =>
    n ? `${n} term${n === 1 ? '' : 's'} match.` : 'No term matches; try the search box.',
  );
}
