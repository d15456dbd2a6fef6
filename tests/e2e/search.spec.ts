/**
 * Search end to end: the header box (scoped, all games, keyboard), the /search/ page (URL, escaping, first tap
 * opens a result, keyboard, what it loads and when), and the 404 page's closest rules.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdBack, watchErrors } from './helpers';

test('search as you type: typo tolerant, aliases, scoped to the game, Enter opens the top result', async ({ page }) => {
  const indexes: string[] = [];
  page.on('request', (r) => {
    if (/\/search\/(text\/)?[a-z-]+\.json$/.test(r.url())) indexes.push(new URL(r.url()).pathname);
  });
  await page.goto('/now-or-never/');
  expect(indexes).toEqual([]); // the index loads on first use only
  await page.keyboard.press('/');
  await expect(page.locator('#q')).toBeFocused();
  await page.keyboard.type('retreet');
  const first = page.locator('#search-popup a[data-result]').first();
  await expect(first).toHaveAttribute('href', '/now-or-never/retreat/');
  await expect(page.locator('#search-popup')).toContainText('In this game');
  await expect.poll(() => indexes.sort()).toEqual(['/search/now-or-never.json', '/search/text/now-or-never.json']); // only this game's index
  await page.getByRole('button', { name: 'Search all games' }).click();
  await expect(page.locator('#search-popup')).toContainText('In all games');
  await expect.poll(() => indexes.length).toBe(8);
  await page.getByRole('button', { name: 'Only this game' }).click();
  await page.locator('#q').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/now-or-never/retreat/');
});

test('the search page ranks results, keeps ?q= in the URL and shows a query with HTML as text', async ({ page }) => {
  await page.goto('/search/?q=warp%20stone&game=now-or-never');
  await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
  await page.locator('#search-page-q').fill('starting coins');
  await expect(page).toHaveURL(/q=starting\+coins/);
  await expect(page.locator('#search-results a[data-result]').first()).toBeVisible();
  await page.locator('#search-page-q').fill('<img src=x onerror=alert(1)>');
  await expect(page.locator('#search-results a[data-result]').first()).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  await page.locator('#search-page-q').fill('<i>qqqzzzxx</i>');
  await expect(page.locator('#search-status')).toContainText('<i>qqqzzzxx</i>');
  await expect(page.locator('main i')).toHaveCount(0);
});

test('unknown URLs get a 404 with a search box and the closest rules', async ({ page }) => {
  const res = await page.goto('/now-or-never/warp-stones-rule/');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toContainText('No rule');
  await expect(page.locator('#closest-list a[data-result]').first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
});

test("search puts the rules of the reader's own setup first (solo on: the solo season end)", async ({ page }) => {
  await page.goto('/now-or-never/');
  await page.keyboard.press('/');
  await page.keyboard.type('season end');
  const first = page.locator('#search-popup a[data-result]').first();
  await expect(first).toHaveAttribute('href', '/now-or-never/production-phase/');
  await page.goto('/now-or-never/options/');
  await page.getByLabel('Solo play (bot)').check();
  await expect(page.locator('#options-status')).toContainText('Solo');
  await page.goto('/now-or-never/');
  await page.keyboard.press('/');
  await page.keyboard.type('season end');
  await expect(first).toHaveAttribute('href', '/now-or-never/solo-season-end/');
  await expect(first).toContainText('Solo season end');
});

test("all-games search ranks the close title match first and shows each result's game", async ({ page }) => {
  await page.goto('/');
  await page.locator('#q').fill('stirkes');
  const first = page.locator('#search-popup a[data-result]').first();
  await expect(first).toHaveAttribute('href', '/forge-war/strikes/');
  await expect(first.locator('.result-game')).toHaveText('Forge War');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/forge-war/strikes/');
});

test("the all-games search page shows every game's results once the indexes are in", async ({ page }) => {
  await page.goto('/search/?q=starting%20coins');
  await expect(page.locator('#search-status')).toHaveText(/in all games\.$/);
  const games = await page.locator('#search-results .result-game').allTextContents();
  expect(new Set(games).size).toBeGreaterThan(1);
});

test('a lookup asking a number shows the sentence that holds it', async ({ page }) => {
  await page.goto('/search/?q=how%20many%20coins%20does%20each%20player%20get%20at%20setup&game=now-or-never');
  const first = page.locator('#search-results a[data-result]').first();
  await expect(first).toHaveAttribute('href', '/now-or-never/setup-player-area/');
  await expect(first.locator('.result-snippet')).toContainText('17 coins');
});

test('arrow keys and Enter open a result, in the header box and on the search page', async ({ page }) => {
  await page.goto('/forge-war/');
  await page.locator('#search-open').click(); // on a phone the header's search button opens the box
  await page.locator('#q').fill('strikes');
  const links = page.locator('#search-popup a[data-result]');
  await expect(links.first()).toBeVisible();
  const second = await links.nth(1).getAttribute('href');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(second!);

  await page.goto('/search/?game=forge-war');
  await page.locator('#search-page-q').fill('strikes');
  const results = page.locator('#search-results a[data-result]');
  await expect(results.first()).toHaveAttribute('href', '/forge-war/strikes/');
  const next = await results.nth(1).getAttribute('href');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(next!);
});

/** Types a query key by key, as a player does, and waits for the result to show. */
async function typeAndWait(page: Page, selector: string, text: string, href: string, list: string) {
  // The header box opens from the header's search button on a phone (focusing the box); the search page's box is open.
  await page.locator(selector === '#q' ? '#search-open' : selector).click();
  await page.keyboard.type(text);
  await expect(page.locator(`${list} a[data-result]`).first()).toHaveAttribute('href', href);
}

test('Enter right after switching the scope back opens the top result, not the search page', async ({ page }) => {
  await page.goto('/now-or-never/');
  await page.locator('#search-open').click();
  await page.keyboard.type('retreet');
  await expect(page.locator('#search-popup a[data-result]').first()).toHaveAttribute('href', '/now-or-never/retreat/');
  await page.getByRole('button', { name: 'Search all games' }).click();
  await expect(page.locator('#search-popup')).toContainText('In all games');
  // Back to this game (its index is in) and Enter at once, before the list is drawn again.
  await page.getByRole('button', { name: 'Only this game' }).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/now-or-never/retreat/');
});

/** Collects the paths of the search index files (ranking and text) the page requests. */
function indexRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/search\/.*\.json$/.test(path)) paths.push(path);
  });
  return paths;
}

test('the empty search page fetches no index; the first key typed loads the ranking files, then the text', async ({ page }) => {
  const requests = indexRequests(page);
  for (const path of ['/search/', '/search/?game=forge-war']) {
    await page.goto(path);
    // The search code has run (it focuses the empty box and says what to type), and the page is quiet.
    await expect(page.locator('#search-page-q')).toBeFocused();
    await expect(page.locator('#search-status')).toHaveText('Type a few words: a rule, a card, a number.');
    await page.waitForLoadState('networkidle');
    expect(requests, path).toEqual([]);
  }
  // A scope chosen on the empty page loads nothing either.
  await page.getByRole('radio', { name: 'Vindication' }).check();
  await expect(page).toHaveURL(/[?&]game=vindication/);
  expect(requests).toEqual([]);
  await page.getByRole('radio', { name: 'All games' }).check();
  await page.locator('#search-page-q').pressSequentially('retreat');
  await expect(page.locator('#search-results a[data-result]').first()).toBeVisible();
  const ranking = ['now-or-never', 'vindication', 'forge-war', 'pencilvillage'].map((g) => `/search/${g}.json`);
  await expect.poll(() => requests.length).toBe(8);
  // Every ranking file first (the first list needs only them), then the text files.
  expect(requests.slice(0, 4).sort()).toEqual([...ranking].sort());
  expect(requests.slice(4).sort()).toEqual(ranking.map((f) => f.replace('/search/', '/search/text/')).sort());
});

test('the first list shows while the text files are held back; the snippets fill in after, the list unmoved', async ({ page }) => {
  const release = await holdBack(page, /\/search\/text\/[a-z-]+\.json$/);
  await page.goto('/search/?q=starting%20coins');
  const results = page.locator('#search-results a[data-result]');
  await expect(page.locator('#search-status')).toHaveText(/in all games\.$/);
  await expect(results.first()).toBeVisible();
  const order = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(await page.locator('#search-results .result-game').allTextContents()).size).toBeGreaterThan(1);
  // No snippet yet: each result holds a blank stand-in, hidden from screen readers.
  await expect(results.first().locator('.result-snippet[data-pending] > span[aria-hidden="true"]')).toHaveCount(1);
  expect((await results.first().locator('.result-snippet').textContent())!.trim()).toBe('');
  const first = await results.first().elementHandle();
  const top = (await results.first().boundingBox())!.y;
  await release();
  await expect(page.locator('#search-results [data-pending]')).toHaveCount(0);
  await expect(results.first().locator('.result-snippet mark').first()).toBeVisible();
  expect(await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(order);
  // The same element, where it was: a tap aimed at it while the snippets came still lands on it.
  expect(await results.first().evaluate((a, old) => a === old, first)).toBe(true);
  expect((await results.first().boundingBox())!.y).toBe(top);

  // The header box: the same, and Enter opens the top result before the snippets come.
  const again = await holdBack(page, /\/search\/text\/[a-z-]+\.json$/);
  await page.goto('/forge-war/');
  await page.locator('#search-open').click();
  await page.keyboard.type('strikes');
  const popup = page.locator('#search-popup a[data-result]');
  await expect(popup.first()).toHaveAttribute('href', '/forge-war/strikes/');
  await expect(popup.first().locator('.result-snippet[data-pending]')).toHaveCount(1);
  await again();
  await expect(page.locator('#search-popup [data-pending]')).toHaveCount(0);
  await expect(popup.first().locator('.result-snippet mark').first()).toBeVisible();
  await expect(popup.first()).toHaveAttribute('href', '/forge-war/strikes/');
});

test('the search page keeps what is typed before its search code arrives', async ({ page }) => {
  // A slow network: the search UI module comes late, and the reader types at once.
  const release = await holdBack(page, /\/_astro\/search-ui\.[^/]*\.js$/);
  await page.goto('/search/?game=now-or-never', { waitUntil: 'commit' });
  await page.locator('#search-page-q').click();
  await page.keyboard.type('retreat');
  await release();
  await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/retreat/');
  await expect(page.locator('#search-page-q')).toHaveValue('retreat');
  await expect(page).toHaveURL(/[?&]q=retreat/);
});

test.describe('one tap or click opens a result', () => {
  test.describe('touch', () => {
    test.use({ hasTouch: true, isMobile: true });
    test('search page: the first tap after typing opens the result', async ({ page }) => {
      await page.goto('/search/?game=now-or-never');
      await typeAndWait(page, '#search-page-q', 'retreat', '/now-or-never/retreat/', '#search-results');
      await page.locator('#search-results a[data-result]').first().tap();
      await expect(page).toHaveURL('/now-or-never/retreat/');
    });
    test('header popup: the first tap after typing opens the result', async ({ page }) => {
      await page.goto('/now-or-never/');
      await typeAndWait(page, '#q', 'retreat', '/now-or-never/retreat/', '#search-popup');
      await page.locator('#search-popup a[data-result]').first().tap();
      await expect(page).toHaveURL('/now-or-never/retreat/');
    });
  });
  test('search page: the first click after typing opens the result', async ({ page }) => {
    await page.goto('/search/?game=now-or-never');
    await typeAndWait(page, '#search-page-q', 'retreat', '/now-or-never/retreat/', '#search-results');
    await page.locator('#search-results a[data-result]').nth(1).click();
    await expect(page).not.toHaveURL(/\/search\//);
  });
  test('header popup: the first click after typing opens the result', async ({ page }) => {
    await page.goto('/now-or-never/');
    await typeAndWait(page, '#q', 'retreat', '/now-or-never/retreat/', '#search-popup');
    await page.locator('#search-popup a[data-result]').first().click();
    await expect(page).toHaveURL('/now-or-never/retreat/');
  });
});

test.describe('404 from the address', () => {
  test("the 404 page suggests the mistyped slug's entry first", async ({ page }) => {
    const res = await page.goto('/forge-war/strikse/');
    expect(res?.status()).toBe(404);
    await expect(page.locator('#closest-list a[data-result]').first()).toHaveAttribute('href', '/forge-war/strikes/');
  });
  test('a malformed address gets the 404 page with suggestions, and its script never throws', async ({ page }) => {
    const errors = watchErrors(page);
    // The page's own script on such an address (the server's and the service worker's decoding are their own):
    // the first navigation of a fresh context, answered with the 404 page.
    const notFound = await (await page.request.get('/404.html')).text();
    await page.route('**/now-or-never/%E0%A4%A/', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: notFound }));
    const res = await page.goto('/now-or-never/%E0%A4%A/');
    expect(res?.status()).toBe(404);
    await expect(page.locator('h1')).toContainText('No rule');
    await expect(page.locator('#closest-list a[data-result]').first()).toBeVisible();
    expect(errors().filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
  });
});

test.describe('search loads off the main thread, all games before the first list, and survives a missing worker', () => {
  test.use({ serviceWorkers: 'block' });

  test("the all-games page shows no list before every game's index is in: its first list is the one it settles on", async ({ page }) => {
    // Every state the result list takes (a superset of the frames painted), from the page's first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { lists: string[][] };
      w.lists = [];
      new MutationObserver(() => {
        const ids = Array.from(document.querySelectorAll('#search-results a[data-result]')).map((a) => a.getAttribute('href')!);
        if (ids.join() !== (w.lists.at(-1) ?? []).join()) w.lists.push(ids);
      }).observe(document, { childList: true, subtree: true });
    });
    const held: (() => void)[] = [];
    let release = false;
    await page.route(/\/search\/(vindication|forge-war|pencilvillage)\.json$/, async (route) => {
      if (!release) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.goto('/search/?q=starting%20coins');
    await expect(page.locator('#search-status')).toHaveText('Loading the rules of all 4 games…');
    await expect.poll(() => held.length).toBe(3);
    // Now or Never's index is in (the engine has it), the others held: still no list.
    await expect(page.locator('body')).toHaveAttribute('data-search-ready', 'now-or-never');
    await expect(page.locator('#search-results a[data-result]')).toHaveCount(0);
    release = true;
    for (const f of held) f();
    await expect(page.locator('#search-status')).toHaveText(/in all games\.$/);
    expect(new Set(await page.locator('#search-results .result-game').allTextContents()).size).toBeGreaterThan(1);
    const lists = (await page.evaluate(() => (window as unknown as { lists: string[][] }).lists)).filter((l) => l.length);
    expect(lists).toHaveLength(1);

    // Lookups of every game, indexes from the HTTP cache: each page's first list is its last.
    for (const q of ['warp stone', 'honor', 'quest offer', 'tire', 'starting adventurers']) {
      await page.goto(`/search/?q=${encodeURIComponent(q)}`);
      await expect(page.locator('#search-status')).toHaveText(/in all games\.$/);
      // Every list the page painted was recorded as it came (a MutationObserver): the status says the search is done.
      const shown = (await page.evaluate(() => (window as unknown as { lists: string[][] }).lists)).filter((l) => l.length);
      expect(shown, q).toHaveLength(1);
    }
  });

  test('the indexes are parsed and searched in a Web Worker', async ({ page }) => {
    await page.goto('/search/?q=warp%20stone&game=now-or-never');
    await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/warp-stone/');
    expect(page.workers().some((w) => /\/scripts\/search-worker-[^/]*\.js$/.test(w.url()))).toBe(true);
  });

  test("without the worker's script, the page searches itself: same results, header box and search page", async ({ page }) => {
    const errors = watchErrors(page);
    const blocked: string[] = [];
    await page.route(/\/scripts\/search-worker-[^/]*\.js$/, (route) => {
      blocked.push(route.request().url());
      return route.fulfill({ status: 404, body: 'gone' });
    });
    await page.goto('/search/?q=starting%20coins');
    await expect(page.locator('#search-status')).toHaveText(/in all games\.$/);
    expect(blocked.length).toBeGreaterThan(0);
    const first = await page.locator('#search-results a[data-result]').first().getAttribute('href');
    expect(first).toBeTruthy();
    await page.locator('#search-page-q').fill('retreet');
    await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/now-or-never/retreat/');
    await page.goto('/now-or-never/');
    await page.locator('#search-open').click();
    await page.keyboard.type('retreet');
    await expect(page.locator('#search-popup a[data-result]').first()).toHaveAttribute('href', '/now-or-never/retreat/');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/now-or-never/retreat/');
    // (The worker's 404 is logged; `reading 'active'`: the offline status, with service workers blocked here.)
    expect(errors().filter((e) => !/search-worker|404|Not Found|reading 'active'/i.test(e))).toEqual([]);
  });

  test('an index whose text half is missing or from another build still lists its results, without snippets', async ({ page }) => {
    await page.route(/\/search\/text\/now-or-never\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/search/?q=warp%20stone&game=now-or-never');
    const first = page.locator('#search-results a[data-result]').first();
    await expect(first).toHaveAttribute('href', '/now-or-never/warp-stone/');
    await expect(page.locator('#search-status')).toHaveText(/results?\.$/);
    // No blank stand-in waits for a text that is not coming.
    await expect(page.locator('#search-results [data-pending]')).toHaveCount(0);
    await expect(first.locator('.result-snippet')).toHaveText('');
    await page.unroute(/\/search\/text\/now-or-never\.json$/);
    // Another build's text: the keys differ, so the engine refuses to join them, and shows no snippet from it.
    await page.route(/\/search\/text\/forge-war\.json$/, async (route) => {
      const text = await (await route.fetch()).json();
      await route.fulfill({ json: { ...text, key: 'another-build' } });
    });
    await page.goto('/search/?q=strikes&game=forge-war');
    await expect(page.locator('#search-results a[data-result]').first()).toHaveAttribute('href', '/forge-war/strikes/');
    await expect(page.locator('#search-results [data-pending]')).toHaveCount(0);
    await expect(page.locator('#search-results .result-snippet').first()).toHaveText('');
  });

  test('an index that cannot load gets a clear message, not a blank list', async ({ page }) => {
    await page.route(/\/search\/[a-z-]+\.json$/, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/search/?q=starting%20coins&game=now-or-never');
    await expect(page.locator('#search-status')).toHaveText(/Search could not load/);
    await page.goto('/now-or-never/');
    await page.locator('#search-open').click();
    await page.keyboard.type('retreat');
    await expect(page.locator('#search-popup')).toContainText('Search could not load');
  });
});

test.describe('search knows the game being played and the setup played', () => {
  test('from all games, the game whose rule page was opened last comes first, said so, with one tap to all games in order', async ({
    page,
  }) => {
    // Nothing opened yet: plain all-games order, no line.
    await page.goto('/');
    await page.locator('#q').fill('max population');
    const popup = page.locator('#search-popup');
    const first = popup.locator('a[data-result]').first();
    await expect(first).toHaveAttribute('href', '/now-or-never/villagers/');
    await expect(popup.locator('.in-play')).toHaveCount(0);
    // A Pencilvillage rule page, then the home box: Pencilvillage first, and the line says so.
    await page.goto('/pencilvillage/farm/');
    await page.goto('/');
    await page.locator('#q').fill('max population');
    await expect(first).toHaveAttribute('href', '/pencilvillage/population/');
    const line = popup.locator('.in-play');
    await expect(line).toBeVisible();
    expect(await line.innerText()).toBe('Showing Pencilvillage first. All games in order');
    await line.getByRole('button', { name: 'All games in order' }).click();
    await expect(first).toHaveAttribute('href', '/now-or-never/villagers/');
    await expect(line).toBeHidden();
    await expect(page.locator('#q')).toBeFocused();
  });

  test("on a game's page, all games put that game first", async ({ page }) => {
    await page.goto('/pencilvillage/farm/');
    await page.goto('/now-or-never/');
    await page.keyboard.press('/');
    await page.keyboard.type('max population');
    const popup = page.locator('#search-popup');
    await expect(popup.locator('a[data-result]').first()).toHaveAttribute('href', /^\/now-or-never\//);
    await expect(popup.locator('.in-play')).toHaveCount(0);
    await popup.getByRole('button', { name: 'Search all games' }).click();
    await expect(popup.locator('.in-play')).toContainText('Showing Now or Never first.');
    await expect(popup.locator('a[data-result]').first()).toHaveAttribute('href', '/now-or-never/villagers/');
  });

  test('the search page without a game ranks the game being played first from its first list', async ({ page }) => {
    await page.goto('/pencilvillage/farm/');
    // Every list the page shows is recorded: the first one with results already has Pencilvillage first.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { firstResults: string[] }).firstResults = seen;
      new MutationObserver(() => {
        const a = document.querySelector<HTMLAnchorElement>('#search-results a[data-result]');
        if (a) seen.push(a.getAttribute('href') ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/search/?q=max%20population');
    const first = page.locator('#search-results a[data-result]').first();
    await expect(first).toHaveAttribute('href', '/pencilvillage/population/');
    const line = page.locator('.in-play');
    await expect(line).toBeVisible();
    await expect(line).toContainText('Showing Pencilvillage first.');
    expect(await page.evaluate(() => (window as unknown as { firstResults: string[] }).firstResults[0])).toBe('/pencilvillage/population/');
    await line.getByRole('button', { name: 'All games in order' }).click();
    await expect(first).toHaveAttribute('href', '/now-or-never/villagers/');
    await expect(line).toBeHidden();
    // A game's own search says nothing of it.
    await page.getByLabel('Pencilvillage').check();
    await expect(page.locator('#search-status')).not.toContainText('all games');
    await expect(line).toBeHidden();
  });

  test("a snippet shows only text the result's page shows for the reader's setup", async ({ page }) => {
    await page.goto('/search/?q=depots%20for%2012w&game=pencilvillage');
    const depot = page.locator('#search-results a[data-result][href="/pencilvillage/depot/"] .result-snippet');
    await expect(depot).toContainText('raises storage by 2');
    expect(await depot.innerText()).not.toContain('Your objective');
    // With the objective "Store 12 wood" chosen, the Depot page shows its objective line, and so does the snippet.
    await page.goto('/pencilvillage/options/');
    await page.getByLabel('Objective').selectOption('objective-store-12-wood');
    await expect(page.locator('#options-status')).toContainText('12 wood');
    await page.goto('/search/?q=depots%20for%2012w&game=pencilvillage');
    await expect(depot).toHaveText('Your objective: storing 12w needs all 4 Depots.');
    await page.goto('/pencilvillage/depot/');
    await expect(page.getByText('Your objective: storing 12w needs all 4 Depots.')).toBeVisible();
  });
  test('the first card shows the main rule, not an example, a side line or a lead-in cut at its colon', async ({ page }) => {
    const first = page.locator('#search-results a[data-result] .result-snippet').first();
    // The summary of the thing named (with a slip), not the body's note on what the rules leave open.
    await page.goto('/search/?q=metal%20hund&game=now-or-never');
    await expect(first).toHaveText(/^Once per season, on your turn, 3 mana lets you claim any search token/);
    // The rule, not the page's worked example.
    await page.goto('/search/?q=how%20much%20to%20recruit%20a%20specialist%20from%20the%20row&game=now-or-never');
    await expect(first).toContainText('Pay double the upper cost');
    expect(await first.innerText()).not.toContain('Example');
    // A lead-in is shown with what it leads to.
    await page.goto('/search/?q=what%20if%20two%20players%20have%20the%20same%20score&game=now-or-never');
    await expect(first).toContainText('share the highest score: The tied player with the most experience and books');
  });
  test('the first result is an answer card: the main rule, then the line the lookup asks about; the others one line', async ({ page }) => {
    const snippets = page.locator('#search-results a[data-result] .result-snippet');
    await page.goto('/search/?q=can%20i%20move%20a%20housed%20villager%20to%20another%20row&game=now-or-never');
    await expect(snippets.first()).toHaveText(
      /^[^.]*you may house a villager in one of your 4 housing rows.*\. A housed villager stays put: you can't move it to another row/,
    );
    await expect(snippets.nth(1)).toBeVisible();
    expect((await snippets.nth(1).innerText()).length).toBeLessThanOrEqual(190);
    // A summary over a list snippet's width is read whole in the answer card, up to its last word.
    await page.goto('/search/?q=do%20i%20add%20the%20treasure%20number%20to%20my%20loot%20roll&game=pencilvillage');
    await expect(snippets.first()).toHaveText(/^To loot a Treasure.*each Treasure can be looted once per game\.$/);
  });
  test('from all games with Forge War in play, its own rule comes before a name another game gives the words', async ({ page }) => {
    await page.goto('/forge-war/barracks/');
    await page.goto('/search/?q=hire%20heroes');
    await expect(page.locator('#search-results a[data-result] .result-title').first()).toHaveText('Hiring Adventurers');
  });
  test("a snippet shows only the <Pick> value the result's page shows for the reader's setup", async ({ page }) => {
    const lookup = '/search/?q=how%20many%20depots%20can%20i%20build&game=pencilvillage';
    const first = page.locator('#search-results a[data-result]').first();
    const snippet = first.locator('.result-snippet');
    await page.goto(lookup);
    await expect(first).toHaveAttribute('href', '/pencilvillage/depot/');
    // No character saved: the Depot page's limit is the general one, and the card shows it (after the summary) alone.
    await expect(snippet).toHaveText(/ Limit: 4 Depots, one per step of the tracker\.$/);
    expect(await snippet.innerText()).not.toContain('Emmet');
    // Emmet Weavetinker chosen: the page shows his limit instead, and so does the card.
    await page.goto('/pencilvillage/options/');
    await page.getByLabel('Character').selectOption('emmet-weavetinker');
    await expect(page.locator('#options-status')).toContainText('Emmet Weavetinker');
    await page.goto(lookup);
    await expect(first).toHaveAttribute('href', '/pencilvillage/depot/');
    await expect(snippet).toHaveText(/ Limit: 2 Depots at most \(Emmet Weavetinker\), so you can store at most 8 of each resource\.$/);
    expect(await snippet.innerText()).not.toContain('one per step of the tracker');
    await page.goto('/pencilvillage/depot/');
    await expect(page.getByText('2 Depots at most (Emmet Weavetinker)')).toBeVisible();
    await expect(page.getByText('4 Depots, one per step of the tracker')).toBeHidden();
  });
  test('a lookup that names a setup ("with 5 players") shows that setup\'s value, not the default one', async ({ page }) => {
    const first = page.locator('#search-results a[data-result] .result-snippet').first();
    await page.goto('/search/?q=proficiency%20tiles%20with%205%20players&game=vindication');
    await expect(first).toHaveText(/ Supply: with 5 players there are 4 tiles of each attribute \(players − 1\)\.$/);
    // Without the players named, the card is the rule itself (the default table is 4 players).
    await page.goto('/search/?q=proficiency%20tiles%20players&game=vindication');
    await expect(first).toBeVisible();
    await expect(first).not.toContainText('5 players');
  });
  test("a lookup in the player's own order and words finds the entry whose name or phrasing it shares", async ({ page }) => {
    const titles = page.locator('#search-results a[data-result] .result-title');
    // "flip character" and "vindicated" are Vindication's; the character tile only mentions its vindicated side.
    await page.goto('/search/?q=how%20do%20i%20flip%20my%20character%20to%20vindicated&game=vindication');
    await expect(titles.first()).toHaveText('Vindication');
    await page.goto("/search/?q=can%20i%20rest%20someone%20else's%20specialist&game=now-or-never");
    await expect(titles.first()).toHaveText('Rest a specialist');
  });
  test('the general rule comes before its exception unless the lookup names the exception', async ({ page }) => {
    const titles = page.locator('#search-results a[data-result] .result-title');
    await page.goto('/search/?q=can%20I%20shift%20a%20housed%20villager&game=now-or-never');
    await expect(titles.nth(1)).toBeVisible();
    expect((await titles.allInnerTexts()).slice(0, 2)).toEqual(['Housing', 'Inn']);
    await page.goto('/search/?q=can%20I%20shift%20a%20housed%20villager%20at%20the%20inn&game=now-or-never');
    await expect(titles.first()).toHaveText('Inn');
  });
});
