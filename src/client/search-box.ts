/**
 * The search box in the header: the search code and the game's index load on first use (focus or typing); `/`
 * focuses the box. On small screens the box opens from the header's search button. The search page and the 404
 * page start their own search at once (the search page's indexes still wait for a query: search-ui.ts).
 */
const loadSearch = () => import('./search-ui');

/** Starts the header's search box (and the search page's or the 404 page's own search); call once per page. */
export function startSearchBox(): void {
  const body = document.body;
  const input = document.getElementById('q') as HTMLInputElement | null;
  const header = document.querySelector<HTMLElement>('.site-header');
  if (input) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      // A failed load (the page left while loading, the network gone before the chunk was saved) is tried again on
      // the next focus or key, never an uncaught error.
      loadSearch().then(
        (m) => m.attachSearchBox(input, body.dataset.game),
        () => {
          started = false;
          input.addEventListener('focus', start, { once: true });
          input.addEventListener('input', start, { once: true });
        },
      );
    };
    input.addEventListener('focus', start, { once: true });
    input.addEventListener('input', start, { once: true });
  }
  const button = document.getElementById('search-open');
  const open = () => {
    header?.setAttribute('data-search-open', '');
    button?.setAttribute('aria-expanded', 'true');
    input?.focus();
  };
  // The header's search button opens the box; tapped again (or Escape in an empty box), it folds away.
  const close = () => {
    header?.removeAttribute('data-search-open');
    button?.setAttribute('aria-expanded', 'false');
  };
  button?.addEventListener('click', () => (header?.hasAttribute('data-search-open') ? close() : open()));
  input?.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !input.value) close();
  });
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || t.closest('input, textarea, select, [contenteditable]')) return;
    const page = document.getElementById('search-page-q') as HTMLInputElement | null;
    e.preventDefault();
    if (page) page.focus();
    else open();
  });
  const couldNotLoad = () => {
    const status = document.getElementById('search-status');
    if (status) status.textContent = 'Search could not load. Check the connection, then reload the page.';
  };
  if (body.dataset.kind === 'search') loadSearch().then((m) => m.startSearchPage(), couldNotLoad);
  if (body.dataset.kind === '404') loadSearch().then((m) => m.showClosest(), couldNotLoad);
}
