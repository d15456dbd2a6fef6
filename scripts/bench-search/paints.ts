/**
 * First paint vs settled on the all-games search page: each lookup opened as `/search/?q=...` (no service worker, the
 * indexes from the HTTP cache after the first lookup of a set, as on a return visit), every state of the result list
 * recorded by a MutationObserver (a superset of what is painted: a list shown for a moment counts), until the status
 * line says the search is complete. `first` is the first list with results, `last` the list the page settles on.
 */
import type { Browser } from '@playwright/test';
import type { Query } from '../bench-sets';

/** The lists one lookup's search page showed. */
export interface Paints {
  first: string[];
  last: string[];
  /** Distinct non-empty lists shown. */
  lists: number;
  /** ms from navigation start to the first list with results. */
  firstAt: number;
}

/** Per set, per lookup (`<game>\n<q>`): the lists its search page showed. */
export type PaintsBySet = Map<string, Map<string, Paints>>;

const RECORD_LISTS = `(() => {
  window.benchLists = [];
  const record = () => {
    const list = document.getElementById('search-results');
    if (!list) return;
    const ids = [...list.querySelectorAll('a[data-result]')].map((a) => new URL(a.href).pathname.split('/').filter(Boolean).join('/'));
    const last = window.benchLists[window.benchLists.length - 1];
    if (!last || last.ids.join(' ') !== ids.join(' ')) window.benchLists.push({ ids, at: performance.now() });
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/** Opens every lookup of the sets on the search page of the built site served on `port`. */
export async function measurePaints(browser: Browser, port: number, sets: Map<string, Query[]>): Promise<PaintsBySet> {
  const paints: PaintsBySet = new Map();
  for (const [setName, list] of sets) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(RECORD_LISTS);
    const page = await context.newPage();
    const out = new Map<string, Paints>();
    for (const { q, game } of list) {
      await page.goto(`http://localhost:${port}/search/?q=${encodeURIComponent(q)}`);
      // Complete: a count of results or "no rule matches" (not "Loading..." nor "Searching all games...").
      await page.waitForFunction(() => /result|No rule matches|failed/.test(document.getElementById('search-status')?.textContent ?? ''));
      await page.waitForTimeout(150);
      const lists = ((await page.evaluate('window.benchLists')) as { ids: string[]; at: number }[]).filter((l) => l.ids.length);
      const [first, last] = [lists[0], lists.at(-1)];
      out.set(`${game}\n${q}`, { first: first?.ids ?? [], last: last?.ids ?? [], lists: lists.length, firstAt: first?.at ?? NaN });
    }
    paints.set(setName, out);
    await context.close();
  }
  return paints;
}
