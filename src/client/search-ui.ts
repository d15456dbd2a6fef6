/**
 * Search in the browser, loaded on first use: the header's search-as-you-type popup, the /search/ page and the
 * 404 page's closest rules. Everything from the query or the index is written as text, never as HTML.
 *
 * Result lists are updated in place: a result already shown keeps its element, and nothing is rebuilt when the
 * results have not changed, so a tap that lands while the list updates (or while the input loses focus) still
 * opens the result it was aimed at.
 */
import type { EngineReply, EngineRequest, IndexBytes, SearchRequest, ShownResult } from './search-engine';
import type { SnippetPart } from '../lib/search/query';
import { readSavedSetup } from './storage';

/** Every game's id, from the page (the layout lists them), in menu order. */
const allGames = (document.body.dataset.games ?? '').split(',').filter(Boolean);

/**
 * The engine: a Web Worker (search-worker.ts) that parses the indexes and searches off the main thread. Where it
 * cannot start (no module workers, its script missing, an error before it answers), the same engine module runs
 * on the page instead: the same code gives the same results, only the page does the work.
 */
let worker: Worker | undefined;
let local: typeof import('./search-engine') | undefined;
let mode: 'idle' | 'worker' | 'switching' | 'local' | 'broken' = 'idle';
/** Each game's index bytes as fetched: handed to the engine, and again to the page's engine after a fallback. */
const indexBytes = new Map<string, IndexBytes>();
const readyWaiters = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
const pending = new Map<number, { message: EngineRequest; resolve: (r: ShownResult[]) => void; reject: (e: Error) => void }>();
let nextId = 0;

function receive(reply: EngineReply): void {
  if (reply.type === 'ready' || reply.type === 'failed') {
    const w = readyWaiters.get(reply.game);
    readyWaiters.delete(reply.game);
    if (reply.type === 'ready') w?.resolve();
    else w?.reject(new Error(`search index ${reply.game}: ${reply.message}`));
    return;
  }
  const p = pending.get(reply.id);
  if (!p) return;
  pending.delete(reply.id);
  if (reply.type === 'results') p.resolve(reply.results);
  else p.reject(new Error(reply.message));
}

function send(message: EngineRequest): void {
  if (mode === 'idle') startEngine();
  if (mode === 'worker') worker!.postMessage(message);
  else if (mode === 'local') {
    const engine = local!;
    // Answered in a task of its own, as the worker answers: callers see the same order of events.
    setTimeout(() => receive(engine.handle(message)), 0);
  } else if (mode === 'broken') {
    if (message.type === 'index') receive({ type: 'failed', game: message.game, message: 'search could not start' });
    else receive({ type: 'error', id: message.id, message: 'search could not start' });
  }
  // 'switching': resent by fallBack() once the page's engine is in.
}

/** Runs the engine on the page: every index the worker had (or was getting) and every open request again. */
function fallBack(): void {
  if (mode === 'switching' || mode === 'local' || mode === 'broken') return;
  worker?.terminate();
  worker = undefined;
  mode = 'switching';
  import('./search-engine')
    .then((m) => {
      local = m;
      mode = 'local';
    })
    .catch(() => {
      mode = 'broken';
    })
    .finally(() => {
      for (const [game, data] of indexBytes) if (readyWaiters.has(game)) send({ type: 'index', game, data });
      for (const { message } of pending.values()) send(message);
    });
}

function startEngine(): void {
  try {
    // A classic script built with the head scripts (src/build/worker-script.ts); the layout names it.
    worker = new Worker(document.body.dataset.searchWorker!, { name: 'search' });
    worker.onmessage = (e: MessageEvent<EngineReply>) => receive(e.data);
    // The script could not load or the worker failed: search on the page from now on.
    worker.onerror = (e) => {
      e.preventDefault();
      fallBack();
    };
    worker.onmessageerror = () => fallBack();
    mode = 'worker';
  } catch {
    fallBack();
  }
}

const shards = new Map<string, Promise<void>>();

/** Fetches one file of an index as bytes; a failed response rejects with its URL and status. */
const indexFile = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`search index ${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });

/**
 * One game's index, fetched once per page (the service worker serves it offline) and handed to the engine: its two
 * files side by side (src/lib/search/index-files.ts).
 */
function loadShard(game: string): Promise<void> {
  let p = shards.get(game);
  if (!p) {
    // The worker's script loads while the index does.
    if (mode === 'idle') startEngine();
    p = Promise.all([indexFile(`/search/${game}.json`), indexFile(`/search/text/${game}.json`)]).then(
      ([rank, text]) =>
        new Promise<void>((resolve, reject) => {
          const data = { rank, text };
          indexBytes.set(game, data);
          readyWaiters.set(game, { resolve, reject });
          send({ type: 'index', game, data });
        }),
    );
    // A failed load can be tried again (the next key typed, or a change of scope).
    p.catch(() => shards.delete(game));
    shards.set(game, p);
  }
  return p;
}

/** Results of a search over indexes already loaded, ranked for the reader's saved setup of each game. */
function runSearch(request: SearchRequest): Promise<ShownResult[]> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const setups = Object.fromEntries(request.games.map((g) => [g, readSavedSetup(g)]));
    const message: EngineRequest = { type: 'search', id, request: { ...request, setups } };
    pending.set(id, { message, resolve, reject });
    send(message);
  });
}

const idsFor = (game?: string) => (game && allGames.includes(game) ? [game] : allGames);

/** Loads the index of `game`, or of every game when `game` is empty or unknown; resolves with the games loaded. */
async function loadGames(game?: string): Promise<string[]> {
  const ids = idsFor(game);
  await Promise.all(ids.map(loadShard));
  return ids;
}

/**
 * While a finger or the mouse is down on a list, updates of that list wait (until the click, or shortly after the
 * pointer is up): the result under the pointer stays there until the tap or click has opened it.
 */
function holdWhilePressed(list: HTMLElement): () => Promise<void> {
  let pressed = false;
  let waiting: (() => void)[] = [];
  let timer = 0;
  const release = () => {
    clearTimeout(timer);
    pressed = false;
    const run = waiting;
    waiting = [];
    for (const f of run) f();
  };
  list.addEventListener('pointerdown', () => {
    pressed = true;
    clearTimeout(timer);
    // A press that never ends in a click (a scroll, a long press) lets updates through after a while.
    timer = window.setTimeout(release, 3000);
  });
  list.addEventListener('click', () => setTimeout(release, 0), true);
  const up = () => {
    if (!pressed) return;
    clearTimeout(timer);
    timer = window.setTimeout(release, 300);
  };
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  return () => (pressed ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve());
}

/** A result's link: title, game (when searching all games) and snippet, built from text only. */
function resultLink(r: ShownResult, parts: readonly SnippetPart[], showGame: boolean): HTMLAnchorElement {
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
function updateList(list: HTMLElement, results: readonly ShownResult[], showGame: boolean, role?: string): void {
  const old = new Map<string, HTMLElement>();
  for (const el of Array.from(list.children) as HTMLElement[]) if (el.dataset.key) old.set(el.dataset.key, el);
  const wanted = results.map((r) => {
    const { parts } = r;
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
    // Same query, same scope: nothing to redo (a focus or a repeated event must not rebuild the list under a tap).
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !popup.hidden) return;
    const within = scope;
    let results: ShownResult[];
    try {
      const games = await loadGames(within);
      if (within === scope) loaded = games;
      results = await runSearch({ query: q, games, scope: within, limit: 8 });
    } catch {
      if (mine !== ticket) return;
      empty.textContent = 'Search could not load. Check the connection, then type again.';
      popup.replaceChildren(empty);
      popup.hidden = false;
      return;
    }
    if (mine !== ticket) return;
    await released();
    if (mine !== ticket) return;
    shown = state;
    selection.reset();
    label.textContent = within ? 'In this game.' : 'In all games.';
    toggle.textContent = within ? 'Search all games' : 'Only this game';
    empty.textContent = results.length ? '' : `No rule matches “${q}”. Try other words.`;
    updateList(list, results, !within, 'option');
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
    const q = input.value;
    if (!q.trim()) {
      e.preventDefault();
      return;
    }
    // Enter before the list caught up with the last keys: the top result of what is typed now (when the index is
    // in; before that, the search page opens with the query).
    const stale = shown !== `${scope ?? ''}\n${q}`;
    if (stale) {
      if (!loaded) return;
      e.preventDefault();
      runSearch({ query: q, games: loaded, scope, limit: 1 })
        .then((r) => (r[0] ? location.assign(r[0].url) : form.submit()))
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
  const released = holdWhilePressed(list);
  let current: { games: string[]; scope?: string } | undefined;
  let shown = '';
  let ticket = 0;

  /** Shows the results of the current query with what is loaded; `force` after more indexes arrived. */
  const show = async (force = false) => {
    const scope = scopeOf();
    // Until every index of the chosen scope is in (see load), no list.
    if (!current || current.scope !== scope) return;
    const q = input.value;
    const state = `${scope ?? ''}\n${q}`;
    if (state === shown && !force) return;
    shown = state;
    const mine = ++ticket;
    const url = new URL(location.href);
    url.search = '';
    if (q) url.searchParams.set('q', q);
    if (scope) url.searchParams.set('game', scope);
    history.replaceState(history.state, '', url);
    const { games } = current;
    let results: ShownResult[] = [];
    let failed = false;
    if (q.trim())
      try {
        results = await runSearch({ query: q, games, scope });
      } catch {
        failed = true;
      }
    if (mine !== ticket) return;
    await released();
    if (mine !== ticket) return;
    selection.reset();
    updateList(list, results, !scope);
    // One short line either way: a status that wraps and unwraps would move the list under it.
    status.textContent = !q.trim()
      ? 'Type a few words: a rule, a card, a number.'
      : failed
        ? 'Search failed. Reload the page to try again.'
        : results.length
          ? `${results.length === 20 ? 'Top 20' : results.length} result${results.length === 1 ? '' : 's'}${scope ? '' : ' in all games'}.`
          : `No rule matches “${q}”.${scope ? ' Try all games, or other words.' : ' Try other words.'}`;
  };

  let loading = 0;
  /**
   * Loads every index the chosen scope needs before the first list: a list from some games only would look complete,
   * and its top result could change when the others arrive (all games are fetched at once; the page's head preloads
   * them). Meanwhile the status says so, and a list of another scope is cleared.
   */
  const load = async () => {
    const mine = ++loading;
    const scope = scopeOf();
    const games = idsFor(scope);
    if (games.some((g) => !shards.has(g))) {
      updateList(list, [], !scope);
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
  let typed = 0;
  input.addEventListener('input', async () => {
    const mine = ++typed;
    await afterPaint();
    if (mine === typed) void show();
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
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    // Enter before the list caught up with the last keys: wait for the list of what is typed now.
    if (shown !== `${scopeOf() ?? ''}\n${input.value}`) await show();
    const target = selection.target();
    if (target) location.href = target.href;
  });
  await load();
}

/** The 404 page: the rules closest to the unknown address (the mistyped slug first, then its words). Never throws. */
export async function showClosest(): Promise<void> {
  try {
    const game = location.pathname.split('/')[1];
    const games = await loadGames(game && allGames.includes(game) ? game : undefined);
    const results = await new Promise<ShownResult[]>((resolve, reject) => {
      const id = ++nextId;
      const message: EngineRequest = { type: 'closest', id, path: location.pathname, games, allGames };
      pending.set(id, { message, resolve, reject });
      send(message);
    });
    if (results.length === 0) return;
    const list = document.getElementById('closest-list')!;
    updateList(list, results, true);
    document.getElementById('closest')!.hidden = false;
  } catch {
    // No suggestions (e.g. the index could not load): the page still offers its search box and the games.
  }
}
