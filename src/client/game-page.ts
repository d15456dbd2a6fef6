/**
 * A game's page: the game under way ("Your game: ... · round 3", one tap back into it), pinned rules on top, sections
 * that open from a link (`/<game>/#combat`) and a filter that narrows every section's list in place as you type.
 */
import { safeDecode } from '../lib/search/closest';
import { filterWords, matchesWords } from '../lib/filter';
import { startPinned } from './lists';
import { readRound, readTicks } from './saved-progress';

/**
 * "Your game": while a round is kept on the play-along page, the setup (its labels, drawn by the options CSS) and the
 * round, linking back into the play along; while only setup steps are ticked, "setting up", linking to the guide.
 * Hidden when neither is kept (no game under way).
 */
function showYourGame(): void {
  const line = document.querySelector<HTMLElement>('[data-your-game]');
  const link = line?.querySelector<HTMLAnchorElement>('a');
  const progress = line?.querySelector<HTMLElement>('[data-your-progress]');
  const gameId = document.body.dataset.game;
  if (!line || !link || !progress || !gameId) return;
  const round = link.dataset.play ? readRound(gameId) : undefined;
  const ticks = link.dataset.guide ? readTicks(gameId).size : 0;
  if (round !== undefined) {
    progress.textContent = `${progress.dataset.unit ?? 'round'} ${round}`;
    link.href = link.dataset.play!;
  } else if (ticks > 0) {
    progress.textContent = `setting up (${ticks} step${ticks === 1 ? '' : 's'} done)`;
    link.href = link.dataset.guide!;
  }
  line.hidden = round === undefined && ticks === 0;
}

/**
 * Opens the section a URL fragment names (or that holds the named element) and brings it into view. Any fragment
 * is read without error: a malformed escape ("#%E0%A4%A") simply names no section.
 */
function openFromHash() {
  const id = safeDecode(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  const details = target?.closest('details');
  if (!details) return;
  details.open = true;
  target!.scrollIntoView();
}

/** Shows only entries whose title or summary holds every typed word; opens sections with matches. */
function setupFilter() {
  const input = document.getElementById('toc-filter') as HTMLInputElement | null;
  const status = document.getElementById('toc-status');
  if (!input) return;
  const sections = Array.from(document.querySelectorAll<HTMLDetailsElement>('.toc details'));
  const rows = sections.map((d) => ({
    d,
    items: Array.from(d.querySelectorAll('li')).map((li) => ({ li, text: (li.textContent ?? '').toLowerCase() })),
  }));
  const wasOpen = new Map<HTMLDetailsElement, boolean>();
  input.addEventListener('input', () => {
    const words = filterWords(input.value);
    let shown = 0;
    for (const { d, items } of rows) {
      let any = false;
      for (const { li, text } of items) {
        const hit = matchesWords(text, words);
        li.hidden = !hit;
        if (hit) any = true;
        if (hit && words.length) shown++;
      }
      if (words.length) {
        if (!wasOpen.has(d)) wasOpen.set(d, d.open);
        d.hidden = !any;
        d.open = any;
      } else {
        d.hidden = false;
        d.open = wasOpen.get(d) ?? d.open;
        wasOpen.delete(d);
      }
    }
    if (status)
      status.textContent = words.length
        ? shown
          ? `${shown} rule${shown === 1 ? '' : 's'} match.`
          : 'No rule title matches; try the search box.'
        : '';
  });
}

/** Starts the game page's pinned list, the sections opened from a link, and the filter. */
export function startGamePage(): void {
  showYourGame();
  // Back from the play along (back/forward cache): the round may have moved on.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) showYourGame();
  });
  startPinned();
  setupFilter();
  openFromHash();
  window.addEventListener('hashchange', openFromHash);
}
