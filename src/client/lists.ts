/**
 * Lists drawn from what the reader keeps on this device: recently viewed rules (home), pinned rules (game page).
 * Drawn again when the page comes back from the back/forward cache.
 */
import { onRestored } from './rules';
import { RECENT_LIMIT, checkStorage, notSavedMessage, readPins, readRecent } from './storage';

function item(url: string, title: string, note: string): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = url;
  const t = document.createElement('span');
  t.className = 'entry-title';
  t.textContent = title;
  const g = document.createElement('span');
  g.className = 'entry-summary';
  g.textContent = note;
  a.append(t, g);
  li.append(a);
  return li;
}

/**
 * Home: the recently viewed rules, newest first (the section stays hidden while there are none and storage works).
 * A full list says how many are kept; where this device cannot store anything, the section says so instead of
 * staying silently empty or stale.
 */
export function startRecent(): void {
  const render = () => {
    const items = readRecent();
    const list = document.getElementById('recent-list');
    const section = document.getElementById('recent');
    const note = document.getElementById('recent-note');
    const problem = checkStorage();
    if (!list || !section) return;
    list.replaceChildren(...items.map((r) => item(r.url, r.title, r.game)));
    if (note) {
      note.textContent = problem
        ? notSavedMessage(problem, 'The rules you open are not kept')
        : items.length >= RECENT_LIMIT
          ? `Only the last ${RECENT_LIMIT} rules you opened are kept.`
          : '';
      note.hidden = !note.textContent;
    }
    section.hidden = items.length === 0 && !problem;
  };
  render();
  onRestored(render);
}

/** Game page: the pinned rules, titles and summaries taken from the page's own entry list. */
export function startPinned(): void {
  drawPinned();
  onRestored(drawPinned);
}

function drawPinned() {
  const game = document.body.dataset.game;
  const section = document.querySelector<HTMLElement>('[data-pinned]');
  const list = section?.querySelector('ul');
  if (!game || !section || !list) return;
  const rows = readPins(game).flatMap((slug) => {
    const a = document.querySelector<HTMLAnchorElement>(`.section a[href="/${game}/${slug}/"]`);
    if (!a) return []; // an entry that no longer exists
    return [
      item(
        a.getAttribute('href')!,
        a.querySelector('.entry-title')?.textContent ?? slug,
        a.querySelector('.entry-summary')?.textContent ?? '',
      ),
    ];
  });
  list.replaceChildren(...rows);
  section.hidden = rows.length === 0;
}
