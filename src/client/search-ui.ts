/**
 * Search in the browser, loaded on first use: the header's search-as-you-type popup, the /search/ page and the
 * 404 page's closest rules. Everything from the query or the index is written as text, never as HTML.
 *
 * Result lists are updated in place: a result already shown keeps its element, and nothing is rebuilt when the
 * results have not changed, so a tap that lands while the list updates (or while the input loses focus) still
 * opens the result it was aimed at.
 */
import { Searcher, SearchSet, resultSnippet, type SearchResult, type SnippetPart } from '../lib/search/query';
import { closestEntries } from '../lib/search/closest';
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
  }, { timeout: 5000 });
}
/** Starts the warm-up once the page has settled (not while its first results load and render). */
const warmUpLater = (searcher: Searcher) => setTimeout(() => warmUp(searcher), 1500);

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
        warmUpLater(searcher);
        return searcher;
      });
    shards.set(game, p);
  }
  return p;
}

const idsFor = (game?: string) => (game && allGames.includes(game) ? [game] : allGames);

/** The searcher for one game, or for every game when `game` is empty or unknown. */
export async function loadSearcher(game?: string): Promise<SearchSet> {
  const ids = idsFor(game);
  const list = await Promise.all(ids.map(loadShard));
  return new SearchSet(new Map(ids.map((id, i) => [id, list[i]!])));
}

/**
 * Loads the indexes for `game` (or all games) in two steps when more than one is needed: the first game's index
 * alone (so its results show as soon as it is in, not after every index), then the others together.
 * `onProgress` gets the set of games loaded so far at each step.
 */
function loadProgressively(game: string | undefined, onProgress: (s: SearchSet, complete: boolean) => void): Promise<SearchSet> {
  const ids = idsFor(game);
  const ready = new Map<string, Searcher>();
  const report = () => onProgress(new SearchSet(new Map(ids.filter((id) => ready.has(id)).map((id) => [id, ready.get(id)!]))), ready.size === ids.length);
  const first = ids[0]!;
  return loadShard(first)
    .then(async (s) => {
      ready.set(first, s);
      await yieldToPage();
      report();
      await yieldToPage();
      // The others together: one more update of the list, not one per game.
      const rest = ids.slice(1);
      if (rest.length) {
        const loaded = await Promise.all(rest.map(loadShard));
        rest.forEach((id, i) => ready.set(id, loaded[i]!));
        report();
      }
      return loadSearcher(game);
    });
}
/** A result's link: title, game (when searching all games) and snippet, built from text only. */
function resultLink(r: SearchResult, parts: readonly SnippetPart[], showGame: boolean): HTMLAnchorElement {
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
  for (const p of parts) {
    if (p.hit) {
      const m = document.createElement('mark');
      m.textContent = p.text;
      text.append(m);
    } else text.append(p.text);
  }
  a.append(text);
  return a;
}

/**
 * Puts these results into `list`, keeping the element of every result whose content is unchanged and touching
 * the DOM only where the list differs (so a pointer or tap already on a result is not lost).
 */
function updateList(list: HTMLElement, s: SearchSet, results: readonly SearchResult[], showGame: boolean, role?: string): void {
  const old = new Map<string, HTMLElement>();
  for (const el of Array.from(list.children) as HTMLElement[]) if (el.dataset.key) old.set(el.dataset.key, el);
  const wanted = results.map((r) => {
    const parts = resultSnippet(r, () => s.bodyOf(r.url));
    const key = `${r.url}\n${showGame}\n${parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('')}`;
    const kept = old.get(key);
    if (kept) return kept;
    const li = document.createElement('li');
    li.dataset.key = key;
    if (role) li.setAttribute('role', role);
    li.append(resultLink(r, parts, showGame));
    return li;
  });
  wanted.forEach((el, i) => {
    if (list.children[i] !== el) list.insertBefore(el, list.children[i] ?? null);
  });
  while (list.children.length > wanted.length) list.lastElementChild!.remove();
}

/**
 * Resolves after the next paint: work started then does not delay the frame that shows the key just typed
 * (what Event Timing, and so INP, measures), and keys typed meanwhile are searched once, together.
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Arrow keys move a highlight through a list's results; returns the highlighted link (or undefined). */
function keyboardSelection(container: HTMLElement) {
  let active = -1;
  const links = () => Array.from(container.querySelectorAll<HTMLAnchorElement>('a[data-result]'));
  return {
    reset() {
      active = -1;
      for (const l of links()) l.removeAttribute('aria-selected');
    },
    move(delta: number) {
      const all = links();
      if (!all.length) return;
      active = (active + delta + all.length) % all.length;
      all.forEach((l, i) => l.setAttribute('aria-selected', String(i === active)));
      all[active]!.scrollIntoView({ block: 'nearest' });
    },
    /** The highlighted result, else the first. */
    target: () => links()[Math.max(0, active)],
  };
}

/** Upgrades the header search box: results as you type, scoped to the game with one tap to widen. */
export function attachSearchBox(input: HTMLInputElement, game?: string): void {
  const popup = document.getElementById('search-popup')!;
  const form = input.form!;
  let scope = game;
  let shown = '';
  let lastSet: SearchSet | undefined;
  const bar = document.createElement('div');
  bar.className = 'scope-switch';
  const label = document.createElement('span');
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'link-button';
  bar.append(label, toggle);
  const list = document.createElement('ol');
  list.className = 'results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search results');
  const empty = document.createElement('p');
  empty.className = 'status';
  const selection = keyboardSelection(list);
  // A press on the switch keeps the focus (and the popup) where it is.
  toggle.addEventListener('mousedown', (e) => e.preventDefault());
  toggle.addEventListener('click', () => {
    scope = scope ? undefined : game;
    const hidden = form.querySelector<HTMLInputElement>('input[name=game]');
    if (hidden) hidden.disabled = !scope;
    void render();
    input.focus();
  });

  let ticket = 0;
  const render = async () => {
    const mine = ++ticket;
    await afterPaint();
    if (mine !== ticket) return;
    const q = input.value;
    if (!q.trim()) {
      popup.hidden = true;
      shown = '';
      return;
    }
    const s = await loadSearcher(scope);
    lastSet = s;
    if (mine !== ticket) return;
    // Same query, same scope: nothing to redo (a focus or a repeated event must not rebuild the list under a tap).
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !popup.hidden) return;
    shown = state;
    const results = s.search(q, { game: scope, limit: 8 });
    selection.reset();
    label.textContent = scope ? 'In this game.' : 'In all games.';
    toggle.textContent = scope ? 'Search all games' : 'Only this game';
    empty.textContent = results.length ? '' : `No rule matches “${q}”. Try other words.`;
    updateList(list, s, results, !scope, 'option');
    const nodes = [...(game ? [bar] : []), list, ...(results.length ? [] : [empty])];
    if (nodes.length !== popup.children.length || nodes.some((n, i) => popup.children[i] !== n)) popup.replaceChildren(...nodes);
    popup.hidden = false;
  };
  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') (e.preventDefault(), selection.move(1));
    else if (e.key === 'ArrowUp') (e.preventDefault(), selection.move(-1));
    else if (e.key === 'Escape') popup.hidden = true;
  });
  form.addEventListener('submit', (e) => {
    if (!input.value.trim()) {
      e.preventDefault();
      return;
    }
    // Enter before the list caught up with the last keys: the top result of what is typed now.
    const stale = shown !== `${scope ?? ''}\n${input.value}`;
    const href = stale ? lastSet?.search(input.value, { game: scope, limit: 1 })[0]?.url : popup.hidden ? undefined : selection.target()?.href;
    if (href) {
      e.preventDefault();
      location.href = href;
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
  const selection = keyboardSelection(list);
  let current: { set: SearchSet; complete: boolean; scope?: string } | undefined;
  let shown = '';

  /** Shows the results of the current query with what is loaded; `force` after more indexes arrived. */
  const show = (force = false) => {
    if (!current) return;
    const q = input.value;
    const scope = scopeOf();
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !force) return;
    shown = state;
    const url = new URL(location.href);
    url.search = '';
    if (q) url.searchParams.set('q', q);
    if (scope) url.searchParams.set('game', scope);
    history.replaceState(history.state, '', url);
    selection.reset();
    if (!q.trim()) {
      updateList(list, current.set, [], false);
      status.textContent = 'Type a few words: a rule, a card, a number.';
      return;
    }
    const s = current.set;
    const results = s.search(q, { game: scope });
    updateList(list, s, results, !scope);
    // One short line either way: a status that wraps and unwraps would move the list under it.
    status.textContent = !current.complete
      ? 'Searching all games…'
      : results.length
        ? `${results.length === 20 ? 'Top 20' : results.length} result${results.length === 1 ? '' : 's'}${scope ? '' : ' in all games'}.`
        : `No rule matches “${q}”.${scope ? ' Try all games, or other words.' : ' Try other words.'}`;
  };

  let loading = 0;
  /** Loads what the chosen scope needs (the first game's index first when it is all games), showing results as they come. */
  const load = async () => {
    const mine = ++loading;
    const scope = scopeOf();
    await loadProgressively(scope, (set, complete) => {
      if (mine !== loading) return;
      current = { set, complete, scope };
      show(true);
    });
  };
  let typed = 0;
  input.addEventListener('input', async () => {
    const mine = ++typed;
    await afterPaint();
    if (mine === typed) show();
  });
  // Only the scope radios: a text field's `change` (fired when it loses focus, as a result is tapped) must not
  // rebuild the list under the tap.
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).name === 'game') void load();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') (e.preventDefault(), selection.move(1));
    else if (e.key === 'ArrowUp') (e.preventDefault(), selection.move(-1));
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    show();
    const target = selection.target();
    if (target) location.href = target.href;
  });
  await load();
}

/** The 404 page: the rules closest to the unknown address (the mistyped slug first, then its words). Never throws. */
export async function showClosest(): Promise<void> {
  try {
    const game = location.pathname.split('/')[1];
    const s = await loadSearcher(game && allGames.includes(game) ? game : undefined);
    const results = closestEntries(s, location.pathname, allGames);
    if (results.length === 0) return;
    const list = document.getElementById('closest-list')!;
    updateList(list, s, results, true);
    document.getElementById('closest')!.hidden = false;
  } catch {
    // No suggestions (e.g. the index could not load): the page still offers its search box and the games.
  }
}
