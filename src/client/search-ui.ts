/**
 * Search in the browser, loaded on first use (search-box.ts): the three places that search. The header's
 * search-as-you-type popup, the /search/ page and the 404 page's closest rules. The engine client
 * (search-client.ts) loads the indexes and runs the searches; result-list.ts shows the results. Everything from the
 * query or the index is written as text, never as HTML. A list is shown as soon as the ranking files are in; the
 * snippets fill in when the text files come (the same list, in the same order).
 */
import type { ShownResult } from './search-engine';
import { allGames, findClosest, idsFor, loadGames, prepareSearch, requested, runSearch, whenText } from './search-client';
import { arrowKeys, holdWhilePressed, keyboardSelection, updateList } from './result-list';
import { playingGame } from './storage';

/**
 * The line over an all-games list that ranks the game being played first (storage.ts playingGame): "Showing
 * ‹Game› first." with one tap (`onAll`) to plain all-games order. `show` fills it for a list: shown only when the
 * list was ranked with a game in play (`playing`) and holds a result of that game.
 */
function inPlayLine(onAll: () => void): { line: HTMLElement; show: (results: readonly ShownResult[], playing?: string) => boolean } {
  const line = document.createElement('p');
  line.className = 'in-play';
  const text = document.createElement('span');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link-button';
  button.textContent = 'All games in order';
  // A press keeps the focus (and the header's popup) where it is.
  button.addEventListener('mousedown', (e) => e.preventDefault());
  button.addEventListener('click', onAll);
  line.append(text, ' ', button);
  const show = (results: readonly ShownResult[], playing?: string) => {
    const first = playing ? results.find((r) => r.game === playing) : undefined;
    line.hidden = !first;
    if (first) text.textContent = `Showing ${first.gameTitle} first.`;
    return !!first;
  };
  return { line, show };
}

/**
 * Resolves after the next paint: work started then does not delay the frame that shows the key just typed
 * (what Event Timing, and so INP, measures), and keys typed meanwhile are searched once, together.
 */
const afterPaint = (wait = 0) => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, wait)));

/**
 * Keys typed closer together than this (ms) are a burst: each key's search waits this long after the paint, so only
 * the last key of the burst is searched and its list drawn, once the typing pauses. A key after a pause is searched
 * at once (the first results come as quick as before).
 */
const BURST_MS = 100;

/** Times a field's keys: each call (on an input event) says how long its search waits after the paint (see BURST_MS). */
function keyPace(): () => number {
  let last = -Infinity;
  return () => {
    const now = performance.now();
    const wait = now - last < BURST_MS ? BURST_MS : 0;
    last = now;
    return wait;
  };
}

/**
 * Resolves as the next frame starts (in its animation-frame step): a list written then is laid out and painted in
 * that frame, and callers drop it when a key came meanwhile (its own list follows), so the frame that shows a key
 * never also lays out and paints a list that arrived just before it.
 */
const frameStart = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Sets an element's text only when it changes (a new text node, even the same text, is laid out again). */
const setText = (el: HTMLElement, text: string) => {
  if (el.textContent !== text) el.textContent = text;
};

/** Upgrades the header search box: results as you type, scoped to the game with one tap to widen. */
export function attachSearchBox(input: HTMLInputElement, game?: string): void {
  const popup = document.getElementById('search-popup')!;
  const form = input.form!;
  let scope = game;
  let shown = '';
  /** The games whose indexes are in for the current scope (Enter searches them when the list is behind). */
  let loaded: string[] | undefined;
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
  const released = holdWhilePressed(list);
  /** The reader asked for plain all-games order (the in-play line's button): no game is ranked first. */
  let inOrder = false;
  // On a game's pages that game is the one being played; elsewhere, the game of the rule page opened last.
  const playing = () => (inOrder ? undefined : (game ?? playingGame()));
  const inPlay = inPlayLine(() => {
    inOrder = true;
    shown = '';
    void render();
    input.focus();
  });
  // A press on the switch keeps the focus (and the popup) where it is.
  toggle.addEventListener('mousedown', (e) => e.preventDefault());
  toggle.addEventListener('click', () => {
    scope = scope ? undefined : game;
    loaded = undefined;
    const hidden = form.querySelector<HTMLInputElement>('input[name=game]');
    if (hidden) hidden.disabled = !scope;
    void render();
    input.focus();
  });

  let ticket = 0;
  /**
   * Shows the results of what is typed; `fill` when the text of the list's games came (its snippets fill in); `wait`
   * ms after the next paint (a key of a burst, see BURST_MS).
   */
  const render = async (fill = false, wait = 0) => {
    const mine = ++ticket;
    await afterPaint(wait);
    if (mine !== ticket) return;
    const q = input.value;
    if (!q.trim()) {
      popup.hidden = true;
      shown = '';
      return;
    }
    // Same query, same scope: nothing to redo (a focus or a repeated event must not rebuild the list under a tap).
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !popup.hidden && !fill) return;
    const within = scope;
    const current = within ? undefined : playing();
    let results: ShownResult[];
    let games: string[];
    try {
      games = await loadGames(within);
      if (within === scope) loaded = games;
      results = await runSearch({ query: q, games, scope: within, limit: 8, current });
    } catch {
      if (mine !== ticket) return;
      empty.textContent = 'Search could not load. Check the connection, then type again.';
      popup.replaceChildren(empty);
      popup.hidden = false;
      return;
    }
    if (mine !== ticket) return;
    await released();
    await frameStart();
    if (mine !== ticket) return;
    // The same list with its snippets: the highlight stays where the arrow keys put it.
    if (!(fill && state === shown)) selection.reset();
    shown = state;
    setText(label, within ? 'In this game.' : 'In all games.');
    setText(toggle, within ? 'Search all games' : 'Only this game');
    setText(empty, results.length ? '' : `No rule matches “${q}”. Try other words.`);
    updateList(list, results, !within, 'option');
    const first = inPlay.show(results, current);
    const nodes = [...(game ? [bar] : []), ...(first ? [inPlay.line] : []), list, ...(results.length ? [] : [empty])];
    if (nodes.length !== popup.children.length || nodes.some((n, i) => popup.children[i] !== n)) popup.replaceChildren(...nodes);
    popup.hidden = false;
    if (results.some((r) => r.pending))
      void whenText(games).then(() => {
        if (mine === ticket && !popup.hidden) void render(true);
      });
  };
  const pace = keyPace();
  input.addEventListener('input', () => void render(false, pace()));
  input.addEventListener('keydown', (e) => {
    if (!arrowKeys(e, selection) && e.key === 'Escape') popup.hidden = true;
  });
  form.addEventListener('submit', (e) => {
    const q = input.value;
    if (!q.trim()) {
      e.preventDefault();
      return;
    }
    // Enter before the list caught up with the last keys (or with a switch of scope): the top result of what is typed
    // now, once the scope's indexes are in (asked for already: they are loading or loaded; never asked for, the
    // search page opens with the query and loads them itself).
    const stale = shown !== `${scope ?? ''}\n${q}`;
    if (stale) {
      const games = idsFor(scope);
      if (!loaded && !games.every(requested)) return;
      e.preventDefault();
      const current = scope ? undefined : playing();
      (loaded ? Promise.resolve(loaded) : loadGames(scope))
        .then((within) => runSearch({ query: q, games: within, scope, limit: 1, current }))
        .then((r) => {
          if (r[0]) location.assign(r[0].url);
          else form.submit();
        })
        .catch(() => form.submit());
      return;
    }
    const href = popup.hidden ? undefined : selection.target()?.href;
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

/**
 * The /search/ page: reads ?q= and ?game=, renders ranked results, keeps the URL in step. The indexes load with the
 * first query (the address's, or the first key typed): an empty search page fetches none.
 */
export async function startSearchPage(): Promise<void> {
  const input = document.getElementById('search-page-q') as HTMLInputElement;
  const form = document.getElementById('search-page-form') as HTMLFormElement;
  const list = document.getElementById('search-results')!;
  const status = document.getElementById('search-status')!;
  const params = new URLSearchParams(location.search);
  // The box is focused from the start: what the reader typed before this module arrived stays (it used to be
  // replaced by the address's query, and the list then showed another query's results); else the address's query.
  if (!input.value) input.value = params.get('q') ?? '';
  const game = params.get('game') ?? '';
  const radio = form.querySelector<HTMLInputElement>(`input[name=game][value="${CSS.escape(game)}"]`);
  if (radio) radio.checked = true;
  if (!input.value) input.focus();
  status.textContent = 'Loading search…';
  const scopeOf = () => (form.querySelector<HTMLInputElement>('input[name=game]:checked')?.value ?? '') || undefined;
  const selection = keyboardSelection(list);
  const released = holdWhilePressed(list);
  /** The scope whose indexes are in (see load). */
  let current: { games: string[]; scope?: string } | undefined;
  let shown = '';
  let ticket = 0;
  /** Counts the keys typed (input events): a list that a key overtook is not written (see frameStart). */
  let typed = 0;
  /** The reader asked for plain all-games order (the in-play line's button): no game is ranked first. */
  let inOrder = false;
  const inPlay = inPlayLine(() => {
    inOrder = true;
    void show(true);
  });
  inPlay.line.hidden = true;
  list.before(inPlay.line);

  /**
   * Shows the results of the current query; `force` after the indexes arrived, `fill` when the text of the list's
   * games came (the same list, its snippets filled in). A query of a scope whose indexes are not in loads them first.
   */
  const show = async (force = false, fill = false): Promise<void> => {
    const scope = scopeOf();
    const q = input.value;
    // Until every index of the chosen scope is in (see load), no list; an empty box needs none.
    if (q.trim() && (!current || current.scope !== scope)) return load();
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !force && !fill) return;
    const filling = fill && state === shown;
    shown = state;
    const mine = ++ticket;
    const url = new URL(location.href);
    url.search = '';
    if (q) url.searchParams.set('q', q);
    if (scope) url.searchParams.set('game', scope);
    history.replaceState(history.state, '', url);
    const games = current?.games ?? [];
    const playing = scope || inOrder ? undefined : playingGame();
    let results: ShownResult[] = [];
    let failed = false;
    if (q.trim())
      try {
        results = await runSearch({ query: q, games, scope, current: playing });
      } catch {
        failed = true;
      }
    if (mine !== ticket) return;
    await released();
    const keys = typed;
    await frameStart();
    if (mine !== ticket) return;
    // A key came meanwhile: its list follows (see frameStart).
    if (keys !== typed) {
      shown = '';
      return;
    }
    // The same list with its snippets: the highlight stays where the arrow keys put it.
    if (!filling) selection.reset();
    updateList(list, results, !scope);
    inPlay.show(results, playing);
    // One short line either way: a status that wraps and unwraps would move the list under it.
    setText(
      status,
      !q.trim()
        ? 'Type a few words: a rule, a card, a number.'
        : failed
          ? 'Search failed. Reload the page to try again.'
          : results.length
            ? `${results.length === 20 ? 'Top 20' : results.length} result${results.length === 1 ? '' : 's'}${scope ? '' : ' in all games'}.`
            : `No rule matches “${q}”.${scope ? ' Try all games, or other words.' : ' Try other words.'}`,
    );
    if (results.some((r) => r.pending))
      void whenText(games).then(() => {
        if (mine === ticket) void show(false, true);
      });
  };

  let loading = 0;
  /**
   * Loads every index the chosen scope needs before the first list: a list from some games only would look complete,
   * and its top result could change when the others arrive (all games are fetched at once). Only their ranking
   * files: the text files come after, for the snippets. Meanwhile the status says so, and a list of another scope is
   * cleared.
   */
  const load = async () => {
    const mine = ++loading;
    const scope = scopeOf();
    const games = idsFor(scope);
    if (games.some((g) => !requested(g))) {
      updateList(list, [], !scope);
      inPlay.line.hidden = true;
      shown = '';
      status.textContent = games.length > 1 ? `Loading the rules of all ${games.length} games…` : 'Loading search…';
    }
    try {
      await loadGames(scope);
      if (mine !== loading) return;
      current = { games, scope };
      await show(true);
    } catch {
      if (mine === loading) status.textContent = 'Search could not load. Check the connection, then reload the page.';
    }
  };
  const pace = keyPace();
  input.addEventListener('input', async () => {
    const mine = ++typed;
    await afterPaint(pace());
    if (mine === typed) void show();
  });
  // Only the scope radios: a text field's `change` (fired when it loses focus, as a result is tapped) must not
  // rebuild the list under the tap.
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).name === 'game') void show();
  });
  input.addEventListener('keydown', (e) => arrowKeys(e, selection));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    // Enter before the list caught up with the last keys (or before the indexes are in): wait for the list of what
    // is typed now.
    if (shown !== `${scopeOf() ?? ''}\n${input.value}`) await show();
    const target = selection.target();
    if (target) location.href = target.href;
  });
  // A query from the address (or typed before this module came) loads at once; else the engine starts, and the
  // indexes wait for the first key.
  if (input.value.trim()) await load();
  else {
    prepareSearch();
    await show();
  }
}

/** The 404 page: the rules closest to the unknown address (the mistyped slug first, then its words). Never throws. */
export async function showClosest(): Promise<void> {
  try {
    const game = location.pathname.split('/')[1];
    const games = await loadGames(game && allGames.includes(game) ? game : undefined);
    const results = await findClosest(location.pathname, games);
    if (results.length === 0) return;
    const list = document.getElementById('closest-list')!;
    updateList(list, results, true);
    document.getElementById('closest')!.hidden = false;
    // The snippets, once the text is in (the same list).
    if (results.some((r) => r.pending)) {
      await whenText(games);
      updateList(list, await findClosest(location.pathname, games), true);
    }
  } catch {
    // No suggestions (e.g. the index could not load): the page still offers its search box and the games.
  }
}
