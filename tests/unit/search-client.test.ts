// @vitest-environment happy-dom
/**
 * The search engine's client (src/client/search-client.ts) where no Web Worker can start: the same engine runs on
 * the page and gives the engine's own results, first from the ranking files alone (snippets pending), then the same
 * list with its snippets once the text files are in; an index that cannot load rejects with its address and status,
 * and is fetched again on the next try.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../src/integrations/catalogue';
import { buildSearchIndexes, searchDoc } from '../../src/lib/search/build-index';
import { splitIndex } from '../../src/lib/search/index-files';
import { Searcher } from '../../src/lib/search/query';

const cat = loadCatalogue();
const ids = ['now-or-never', 'forge-war'];
const games = cat.games.filter((g) => ids.includes(g.id));
const docs = games.flatMap((g) => cat.entries.filter((e) => e.game === g.id).map((e) => searchDoc(g, e.slug, e.data, e.body)));
const indexes = buildSearchIndexes(docs, games);
const files = new Map<string, string>();
for (const [id, index] of indexes) {
  const { rank, text } = splitIndex(index);
  files.set(`/search/${id}.json`, JSON.stringify(rank));
  files.set(`/search/text/${id}.json`, JSON.stringify(text));
}
/** Addresses that answer 503 (an index that cannot load). */
const down = new Set<string>();
/** Addresses whose answer waits until released (a slow text file). */
const held = new Map<string, Promise<void>>();
const fetched: string[] = [];

let client: typeof import('../../src/client/search-client');

beforeAll(async () => {
  document.body.dataset.games = ids.join(',');
  vi.stubGlobal(
    'Worker',
    class {
      constructor() {
        throw new Error('no module workers here');
      }
    },
  );
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    await held.get(url);
    const body = files.get(url);
    return down.has(url) || body === undefined ? new Response('', { status: 503 }) : new Response(body);
  });
  client = await import('../../src/client/search-client');
});

describe('search client without a worker', () => {
  it('reads the games from the page and scopes to one of them, else all', () => {
    expect(client.allGames).toEqual(ids);
    expect(client.idsFor('forge-war')).toEqual(['forge-war']);
    expect(client.idsFor('chess')).toEqual(ids);
    expect(client.idsFor()).toEqual(ids);
  });

  it("searches on the page with the engine's results: the list from the ranking file, the snippets once the text is in", async () => {
    let release!: () => void;
    held.set('/search/text/now-or-never.json', new Promise<void>((r) => (release = r)));
    expect(await client.loadGames('now-or-never')).toEqual(['now-or-never']);
    // The text is asked for once the ranking file is in, not before.
    expect(fetched).toEqual(['/search/now-or-never.json', '/search/text/now-or-never.json']);
    const query = { query: 'how many coins do we start with', games: ['now-or-never'], scope: 'now-or-never' };
    const expected = new Searcher(indexes.get('now-or-never')!).search('how many coins do we start with');
    const first = await client.runSearch(query);
    expect(first.map((r) => r.url)).toEqual(expected.map((r) => r.url));
    expect(first.every((r) => r.pending && r.parts.length === 0)).toBe(true);
    release();
    await client.whenText(['now-or-never']);
    const results = await client.runSearch(query);
    expect(results.map((r) => r.url)).toEqual(expected.map((r) => r.url));
    expect(results.some((r) => r.pending)).toBe(false);
    expect(results[0]!.parts.map((p) => p.text).join('')).toMatch(/\d/);
    held.clear();
  });

  it('rejects an index that cannot load with its address and status, and fetches it again on the next try', async () => {
    down.add('/search/forge-war.json');
    await expect(client.loadGames()).rejects.toThrow('search index /search/forge-war.json: HTTP 503');
    expect(client.requested('forge-war')).toBe(false);
    expect(client.requested('now-or-never')).toBe(true);
    down.clear();
    const before = fetched.length;
    expect(await client.loadGames()).toEqual(ids);
    // Only the game that failed is fetched again (its text once every ranking file is in).
    expect(fetched.slice(before)).toEqual(['/search/forge-war.json', '/search/text/forge-war.json']);
    const all = await client.runSearch({ query: 'coins', games: ids, limit: 5 });
    expect(all.length).toBe(5);
    expect(all.map((r) => r.url.split('/')[1])).toContain('forge-war');
  });

  it('shows results without snippets, none awaited, when a text cannot load; tries it again on the next load', async () => {
    const ids2 = ['now-or-never', 'forge-war'];
    // A fresh client: both games' texts fail.
    vi.resetModules();
    const fresh = await import('../../src/client/search-client');
    down.add('/search/text/now-or-never.json').add('/search/text/forge-war.json');
    await fresh.loadGames();
    await fresh.whenText(ids2);
    const results = await fresh.runSearch({ query: 'coins', games: ids2, limit: 5 });
    expect(results).toHaveLength(5);
    expect(results.every((r) => !r.pending && r.parts.length === 0)).toBe(true);
    down.clear();
    const before = fetched.length;
    await fresh.loadGames();
    expect(fetched.slice(before).sort()).toEqual(['/search/text/forge-war.json', '/search/text/now-or-never.json']);
    expect((await fresh.runSearch({ query: 'coins', games: ids2, limit: 5 })).every((r) => r.pending)).toBe(true);
    await fresh.whenText(ids2);
    const filled = await fresh.runSearch({ query: 'coins', games: ids2, limit: 5 });
    expect(filled.map((r) => r.url)).toEqual(results.map((r) => r.url));
    expect(filled.every((r) => !r.pending && r.parts.length > 0)).toBe(true);
  });
});
