/**
 * Search in the browser, loaded on first use: the header's search-as-you-type popup, the /search/ page and the
 * 404 page's closest rules. Everything from the query or the index is written as text, never as HTML.
 */
import { Searcher, SearchSet, snippet, type SearchResult } from '../lib/search/query';
import type { SearchIndex } from '../lib/search/build-index';

/** Every game's id, from the page (the layout lists them), in menu order. */
const allGames = (document.body.dataset.games ?? '').split(',').filter(Boolean);
const shards = new Map<string, Promise<Searcher>>();

/** Resolves after the browser had a chance to paint and handle input. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Prepares the typo matchers for common word lengths in idle moments, one length per idle slot. */
function warmUp(searcher: Searcher, lengths = [4, 5, 6, 7, 8, 9, 10, 11, 12]): void {
  const next = lengths.shift();
  if (next === undefined) return;
  const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50));
  idle(() => {
    searcher.prepareFuzzy(next);
    warmUp(searcher, lengths);
  });
}

/** One game's index, fetched once per page (the service worker serves it offline). */
function loadShard(game: string): Promise<Searcher> {
  let p = shards.get(game);
  if (!p) {
    p = fetch(`/search/${game}.json`)
      .then((r) => {
        if (!r.ok) throw new Error(`search index ${game}: HTTP ${r.status}`);
        return r.json() as Promise<SearchIndex>;
      })
      // Let the page paint and handle input between parsing and building the searcher (no long task).
      .then((index) => yieldToPage().then(() => new Searcher(index)))
      .then((searcher) => {
        warmUp(searcher);
        return searcher;
      });
    shards.set(game, p);
  }
  return p;
}

/** The searcher for one game, or for every game when `game` is empty or unknown. */
export async function loadSearcher(game?: string): Promise<SearchSet> {
  const ids = game && allGames.includes(game) ? [game] : allGames;
  const list = await Promise.all(ids.map(loadShard));
  return new SearchSet(new Map(ids.map((id, i) => [id, list[i]!])));
}

function resultLink(s: SearchSet, r: SearchResult, withSnippet: boolean, showGame: boolean): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = r.url;
  a.dataset.result = '';
  const title = document.createElement('span');
  title.className = 'result-title';
  title.textContent = r.title;
  a.append(title);
  if (showGame) {
    const game = document.createElement('span');
    game.className = 'result-game';
    game.textContent = r.gameTitle;
    a.append(game);
  }
  const text = document.createElement('span');
  text.className = 'result-snippet';
  // The summary when it shows a matched word; otherwise (on the search page) the passage of the body that does.
  const summaryParts = snippet(r.summary, r.matched, 400);
  const bodyParts = !summaryParts.length && withSnippet ? snippet(s.bodyOf(r.url), r.matched) : [];
  const chosen = summaryParts.length ? summaryParts : bodyParts.length ? bodyParts : [{ text: r.summary, hit: false }];
  for (const p of chosen) {
    if (p.hit) {
      const m = document.createElement('mark');
      m.textContent = p.text;
      text.append(m);
    } else text.append(p.text);
  }
  a.append(text);
  return a;
}

/** Upgrades the header search box: results as you type, scoped to the game with one tap to widen. */
export function attachSearchBox(input: HTMLInputElement, game?: string): void {
  const popup = document.getElementById('search-popup')!;
  const form = input.form!;
  let scope = game;
  let results: SearchResult[] = [];
  let active = -1;

  const render = async () => {
    const s = await loadSearcher(scope);
    const q = input.value;
    if (!q.trim()) {
      popup.hidden = true;
      return;
    }
    results = s.search(q, { game: scope, limit: 8 });
    active = -1;
    const nodes: HTMLElement[] = [];
    if (game) {
      const bar = document.createElement('div');
      bar.className = 'scope-switch';
      const label = document.createElement('span');
      label.textContent = scope ? 'In this game.' : 'In all games.';
      const toggle = document.createElement('button');
      toggle.type = 'button';
      toggle.className = 'link-button';
      toggle.textContent = scope ? 'Search all games' : 'Only this game';
      toggle.addEventListener('mousedown', (e) => e.preventDefault());
      toggle.addEventListener('click', () => {
        scope = scope ? undefined : game;
        const hidden = form.querySelector<HTMLInputElement>('input[name=game]');
        if (hidden) hidden.disabled = !scope;
        void render();
        input.focus();
      });
      bar.append(label, toggle);
      nodes.push(bar);
    }
    const list = document.createElement('ol');
    list.className = 'results';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Search results');
    for (const r of results) {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      li.append(resultLink(s, r, false, !scope));
      list.append(li);
    }
    if (results.length === 0) {
      const li = document.createElement('li');
      li.className = 'status';
      li.textContent = `No rule matches “${q}”. Try other words.`;
      list.append(li);
    }
    nodes.push(list);
    popup.replaceChildren(...nodes);
    popup.hidden = false;
  };
  const move = (delta: number) => {
    const links = Array.from(popup.querySelectorAll<HTMLAnchorElement>('a[data-result]'));
    if (!links.length) return;
    active = (active + delta + links.length) % links.length;
    links.forEach((l, i) => l.setAttribute('aria-selected', String(i === active)));
    links[active]!.scrollIntoView({ block: 'nearest' });
  };
  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') (e.preventDefault(), move(1));
    else if (e.key === 'ArrowUp') (e.preventDefault(), move(-1));
    else if (e.key === 'Escape') popup.hidden = true;
  });
  form.addEventListener('submit', (e) => {
    const links = Array.from(popup.querySelectorAll<HTMLAnchorElement>('a[data-result]'));
    const target = links[active >= 0 ? active : 0];
    if (!input.value.trim()) {
      e.preventDefault();
      return;
    }
    if (target) {
      e.preventDefault();
      location.href = target.href;
    }
  });
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node)) popup.hidden = true;
  });
  input.addEventListener('focus', () => {
    if (input.value.trim()) void render();
  });
  if (input.value.trim()) void render();
}

/** The /search/ page: reads ?q= and ?game=, renders ranked results, keeps the URL in step. */
export async function startSearchPage(): Promise<void> {
  const input = document.getElementById('search-page-q') as HTMLInputElement;
  const form = document.getElementById('search-page-form') as HTMLFormElement;
  const list = document.getElementById('search-results')!;
  const status = document.getElementById('search-status')!;
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  const game = params.get('game') ?? '';
  const radio = form.querySelector<HTMLInputElement>(`input[name=game][value="${CSS.escape(game)}"]`);
  if (radio) radio.checked = true;
  if (!input.value) input.focus();
  status.textContent = 'Loading search…';
  const scopeOf = () => (form.querySelector<HTMLInputElement>('input[name=game]:checked')?.value ?? '') || undefined;
  await loadSearcher(scopeOf());
  await yieldToPage();
  let rendering = 0;
  const render = async () => {
    const ticket = ++rendering;
    const q = input.value;
    const scope = scopeOf();
    const s = await loadSearcher(scope);
    if (ticket !== rendering) return;
    const url = new URL(location.href);
    url.search = '';
    if (q) url.searchParams.set('q', q);
    if (scope) url.searchParams.set('game', scope);
    history.replaceState(history.state, '', url);
    if (!q.trim()) {
      list.replaceChildren();
      status.textContent = 'Type a few words: a rule, a card, a number.';
      return;
    }
    const results = s.search(q, { game: scope });
    list.replaceChildren(
      ...results.map((r) => {
        const li = document.createElement('li');
        li.append(resultLink(s, r, true, !scope));
        return li;
      }),
    );
    status.textContent = results.length
      ? `${results.length === 20 ? 'Top 20' : results.length} result${results.length === 1 ? '' : 's'}${scope ? '' : ' in all games'}.`
      : `No rule matches “${q}”.${scope ? ' Try all games, or other words.' : ' Try other words.'}`;
  };
  input.addEventListener('input', () => void render());
  form.addEventListener('change', () => void render());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const first = list.querySelector<HTMLAnchorElement>('a[data-result]');
    if (first) location.href = first.href;
  });
  await render();
}

/** The 404 page: the rules closest to the words of the unknown address. */
export async function showClosest(): Promise<void> {
  let path = location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a malformed address (%E0%A4%A): search its words undecoded */
  }
  const words = path.split(/[/\-_.]+/).filter((w) => w && w !== 'html').join(' ');
  const game = location.pathname.split('/')[1];
  if (!words) return;
  let s = await loadSearcher(game);
  let results = game && allGames.includes(game) ? s.search(`${words} `, { game, limit: 5 }) : [];
  if (results.length === 0) {
    s = await loadSearcher();
    results = s.search(`${words} `, { limit: 5 });
  }
  if (results.length === 0) return;
  const list = document.getElementById('closest-list')!;
  list.replaceChildren(
    ...results.map((r) => {
      const li = document.createElement('li');
      li.append(resultLink(s, r, false, true));
      return li;
    }),
  );
  document.getElementById('closest')!.hidden = false;
}
