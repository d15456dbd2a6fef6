/**
 * The A-Z page: a filter that narrows the terms as you type (letters with no match hide, in the list and in the
 * letters index), forgiving a slip or two when no term matches as typed; then, and when nothing comes close, a link
 * searches the game's rules for the text. The sticky "Letters" link leads back to the index.
 */
import { attachFilter, type FilterState } from './filter';

/** What the status line says: the terms that match, or that come close, or none. */
const termsStatus = (n: number, close: boolean): string =>
  close
    ? `No term matches as typed; ${n} come${n === 1 ? 's' : ''} close.`
    : n
      ? `${n} term${n === 1 ? '' : 's'} match.`
      : 'No term matches.';

/** Starts the A-Z page's filter. */
export function startTermsPage(): void {
  const input = document.getElementById('terms-filter') as HTMLInputElement | null;
  if (!input) return;
  const groups = Array.from(document.querySelectorAll<HTMLElement>('main section[data-letter]')).map((el) => ({
    el,
    items: Array.from(el.querySelectorAll<HTMLElement>('li[data-term]')).map((li) => ({ el: li, text: li.textContent ?? '' })),
    companion: document.querySelector<HTMLElement>(`[data-letter-link="${el.dataset.letter}"]`),
  }));
  const offer = document.getElementById('terms-search');
  const link = offer?.querySelector('a');
  /** The game's search for the text typed, offered when no term matches it as typed (the text set as text). */
  const changed = ({ query, count, close }: FilterState) => {
    if (!offer || !link) return;
    offer.hidden = !query || (count > 0 && !close);
    if (offer.hidden) return;
    const url = new URL(link.href, location.href);
    url.searchParams.set('q', query);
    link.href = url.pathname + url.search;
    link.textContent = `Search for “${query}”`;
  };
  attachFilter(input, groups, document.getElementById('terms-status'), termsStatus, { forgiving: true, changed });
}
