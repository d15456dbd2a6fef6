/**
 * The search engine's client on the page: starts the engine (a Web Worker, else the same engine module on the
 * page), fetches each game's index once and hands it over, and sends searches, answered as promises. A game's
 * ranking file comes first and is all a list needs; its text file (snippets) is fetched once every ranking file
 * of the search is in, and results show `pending` snippets until it is (see whenText).
 */
import type { EngineReply, EngineRequest, IndexFile, SearchRequest, ShownResult } from './search-engine';
import { readSavedSetup } from './saved-setup';

/** Every game's id, from the page (the layout lists them), in menu order. */
export const allGames = (document.body.dataset.games ?? '').split(',').filter(Boolean);

/**
 * The engine: a Web Worker (search-worker.ts) that parses the indexes and searches off the main thread. Where it
 * cannot start (no module workers, its script missing, an error before it answers), the same engine module runs
 * on the page instead: the same code gives the same results, only the page does the work.
 */
let worker: Worker | undefined;
let local: typeof import('./search-engine') | undefined;
let mode: 'idle' | 'worker' | 'switching' | 'local' | 'broken' = 'idle';
/**
 * Each game's index files as fetched (key: `rank:<game>`, `text:<game>`, in the order they came): handed to the
 * engine, and again to the page's engine after a fallback.
 */
const indexBytes = new Map<string, { game: string; file: IndexFile; data: ArrayBuffer }>();
const readyWaiters = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
const pending = new Map<number, { message: EngineRequest; resolve: (r: ShownResult[]) => void; reject: (e: Error) => void }>();
let nextId = 0;

/**
 * The games whose index the engine holds (`<body data-search-ready>`) and those whose text it holds too
 * (`<body data-search-text>`), listed on the page for tests to wait on.
 */
const readyGames = { rank: new Set<string>(), text: new Set<string>() };

function receive(reply: EngineReply): void {
  if (reply.type === 'ready' || reply.type === 'failed') {
    const key = `${reply.file}:${reply.game}`;
    const w = readyWaiters.get(key);
    readyWaiters.delete(key);
    if (reply.type === 'ready') {
      readyGames[reply.file].add(reply.game);
      document.body.dataset[reply.file === 'rank' ? 'searchReady' : 'searchText'] = [...readyGames[reply.file]].join(' ');
      w?.resolve();
    } else w?.reject(new Error(`search ${reply.file === 'rank' ? 'index' : 'text'} ${reply.game}: ${reply.message}`));
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
    if (message.type === 'index') receive({ type: 'failed', game: message.game, file: message.file, message: 'search could not start' });
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
      // Every file the engine had: the page's engine starts empty. In the order they came (a text after its index).
      for (const { game, file, data } of indexBytes.values()) send({ type: 'index', game, file, data });
      for (const { message } of pending.values()) send(message);
    });
}

function startEngine(): void {
  try {
    // A classic script built with the head scripts (src/integrations/worker-script.ts); the layout names it.
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

/** Each game's files: loading or loaded (a failed load is forgotten, and tried again on the next search). */
const files = { rank: new Map<string, Promise<void>>(), text: new Map<string, Promise<void>>() };
/** The games whose text could not load (their results show no snippet, and none is awaited). */
const textFailed = new Set<string>();

/** Fetches one file of an index as bytes; a failed response rejects with its URL and status. */
const indexFile = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`search index ${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });

/**
 * One file of a game's index, fetched once per page (the service worker serves it offline) and handed to the engine
 * (src/lib/search/index-files.ts): `rank`, what ranks, or `text`, the entries' text for the snippets (sent after
 * the game's `rank`).
 */
function loadFile(game: string, file: IndexFile): Promise<void> {
  let p = files[file].get(game);
  if (!p) {
    // The worker's script loads while the index does.
    if (mode === 'idle') startEngine();
    p = indexFile(file === 'rank' ? `/search/${game}.json` : `/search/text/${game}.json`).then(
      (data) =>
        new Promise<void>((resolve, reject) => {
          const key = `${file}:${game}`;
          indexBytes.set(key, { game, file, data });
          readyWaiters.set(key, { resolve, reject });
          send({ type: 'index', game, file, data });
        }),
    );
    if (file === 'text') textFailed.delete(game);
    // A failed load can be tried again (the next key typed, or a change of scope).
    p.catch(() => {
      files[file].delete(game);
      if (file === 'text') textFailed.add(game);
    });
    files[file].set(game, p);
  }
  return p;
}

/** A result of a game whose text could not load shows no snippet, and none is coming. */
const settled = (results: ShownResult[]) => results.map((r) => (r.pending && textFailed.has(r.game) ? { ...r, pending: false } : r));

/**
 * Results of a search over indexes already loaded, ranked for the reader's saved setup of each game: the same list
 * with or without the games' text, which adds the snippets (`pending` until then).
 */
export function runSearch(request: SearchRequest): Promise<ShownResult[]> {
  return new Promise<ShownResult[]>((resolve, reject) => {
    const id = ++nextId;
    const setups = Object.fromEntries(request.games.map((g) => [g, readSavedSetup(g)]));
    const message: EngineRequest = { type: 'search', id, request: { ...request, setups } };
    pending.set(id, { message, resolve, reject });
    send(message);
  }).then(settled);
}

/** The games a scope covers: `game` alone when it is one of the site's games, else every game. */
export const idsFor = (game?: string) => (game && allGames.includes(game) ? [game] : allGames);

/**
 * Loads the index of `game`, or of every game when `game` is empty or unknown; resolves with the games loaded, once
 * their ranking files are in. Their text files are fetched then (not before: on a slow link the two would share it,
 * and the first list would wait for both); whenText tells when they are in.
 */
export async function loadGames(game?: string): Promise<string[]> {
  const ids = idsFor(game);
  await Promise.all(ids.map((id) => loadFile(id, 'rank')));
  for (const id of ids) loadFile(id, 'text').catch(() => {});
  return ids;
}

/** Resolves when the text of each of these games is in or could not load (never rejects). */
export const whenText = (games: readonly string[]): Promise<void> =>
  Promise.all(games.map((g) => files.text.get(g)?.catch(() => {}))).then(() => {});

/** Whether this game's index was asked for on this page (loading or loaded; a failed load is forgotten). */
export const requested = (game: string) => files.rank.has(game);

/** Starts the engine (the worker's script loads) before any index is asked for: the search page, waiting for a key. */
export function prepareSearch(): void {
  if (mode === 'idle') startEngine();
}

/** The rules closest to an unknown address `path`, over these games' indexes (already loaded). */
export function findClosest(path: string, games: readonly string[]): Promise<ShownResult[]> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const message: EngineRequest = { type: 'closest', id, path, games, allGames };
    pending.set(id, { message, resolve, reject });
    send(message);
  });
}
