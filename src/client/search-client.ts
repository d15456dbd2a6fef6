/**
 * The search engine's client on the page: starts the engine (a Web Worker, else the same engine module on the
 * page), fetches each game's index once and hands it over, and sends searches, answered as promises.
 */
import type { EngineReply, EngineRequest, IndexBytes, SearchRequest, ShownResult } from './search-engine';
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
/** Each game's index bytes as fetched: handed to the engine, and again to the page's engine after a fallback. */
const indexBytes = new Map<string, IndexBytes>();
const readyWaiters = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
const pending = new Map<number, { message: EngineRequest; resolve: (r: ShownResult[]) => void; reject: (e: Error) => void }>();
let nextId = 0;

/** The games whose index the engine holds, also listed on the page (`<body data-search-ready>`) for tests to wait on. */
const readyGames = new Set<string>();

function receive(reply: EngineReply): void {
  if (reply.type === 'ready' || reply.type === 'failed') {
    const w = readyWaiters.get(reply.game);
    readyWaiters.delete(reply.game);
    if (reply.type === 'ready') {
      readyGames.add(reply.game);
      document.body.dataset.searchReady = [...readyGames].join(' ');
      w?.resolve();
    } else w?.reject(new Error(`search index ${reply.game}: ${reply.message}`));
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
export function runSearch(request: SearchRequest): Promise<ShownResult[]> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const setups = Object.fromEntries(request.games.map((g) => [g, readSavedSetup(g)]));
    const message: EngineRequest = { type: 'search', id, request: { ...request, setups } };
    pending.set(id, { message, resolve, reject });
    send(message);
  });
}

/** The games a scope covers: `game` alone when it is one of the site's games, else every game. */
export const idsFor = (game?: string) => (game && allGames.includes(game) ? [game] : allGames);

/** Loads the index of `game`, or of every game when `game` is empty or unknown; resolves with the games loaded. */
export async function loadGames(game?: string): Promise<string[]> {
  const ids = idsFor(game);
  await Promise.all(ids.map(loadShard));
  return ids;
}

/** Whether this game's index was asked for on this page (loading or loaded; a failed load is forgotten). */
export const requested = (game: string) => shards.has(game);

/** The rules closest to an unknown address `path`, over these games' indexes (already loaded). */
export function findClosest(path: string, games: readonly string[]): Promise<ShownResult[]> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const message: EngineRequest = { type: 'closest', id, path, games, allGames };
    pending.set(id, { message, resolve, reject });
    send(message);
  });
}
