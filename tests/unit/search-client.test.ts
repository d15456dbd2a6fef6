// @vitest-environment happy-dom
/**
 * The search engine's client (src/client/search-client.ts) where no Web Worker can start: the same engine runs on
 * the page and gives the engine's own results; an index that cannot load rejects with its address and status, and
 * is fetched again on the next try.
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

  it("searches on the page with the engine's results", async () => {
    expect(await client.loadGames('now-or-never')).toEqual(['now-or-never']);
    const results = await client.runSearch({ query: 'how many coins do we start with', games: ['now-or-never'], scope: 'now-or-never' });
    const expected = new Searcher(indexes.get('now-or-never')!).search('how many coins do we start with');
    expect(results.map((r) => r.url)).toEqual(expected.map((r) => r.url));
    expect(results[0]!.parts.map((p) => p.text).join('')).toMatch(/\d/);
  });

  it('rejects an index that cannot load with its address and status, and fetches it again on the next try', async () => {
    down.add('/search/forge-war.json');
    await expect(client.loadGames()).rejects.toThrow('search index /search/forge-war.json: HTTP 503');
    expect(client.requested('forge-war')).toBe(false);
    expect(client.requested('now-or-never')).toBe(true);
    down.clear();
    const before = fetched.length;
    expect(await client.loadGames()).toEqual(ids);
    // Only the game that failed is fetched again.
    expect(fetched.slice(before).sort()).toEqual(['/search/forge-war.json', '/search/text/forge-war.json']);
    const all = await client.runSearch({ query: 'coins', games: ids, limit: 5 });
    expect(all.length).toBe(5);
    expect(all.map((r) => r.url.split('/')[1])).toContain('forge-war');
  });
});
