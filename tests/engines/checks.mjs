/**
 * The key flows, written once against the driver interface (driver.mjs) and run in every engine by run.mjs. Each
 * check gets a fresh page with empty storage; after it, the runner fails it if the page logged any script error.
 * Selectors are the contract attributes of ../shared/DESIGN.md where there is one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('./driver.mjs').Driver} Driver */
/** @typedef {{ name: string, timeout?: number, run: (d: Driver) => Promise<void> }} Check */

/** Fails with `message` unless `ok`. @param {unknown} ok @param {string} message */
function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** The path (and query) of an address. @param {string} url */
const pathOf = (url) => ((u) => u.pathname + u.search)(new URL(url));

/** The first visible item of Now or Never's enemy setup: "Levels 1 to 8: 2 tokens each." (1 token solo). */
const enemiesLine = (d) => d.innerText('.prose li');
const SOLO_TOKENS = /\b1 token\b/;
const TABLE_TOKENS = /\b2 tokens\b/;

/** The `href` attribute of the first match, or null. @param {string} selector */
const hrefInPage = (selector) => document.querySelector(selector)?.getAttribute('href') ?? null;

/**
 * One built page of every page type (`<body data-kind>`), games taken in turn, plus one rule of each game: read
 * from the built site (dist/, or RULES_OUT_DIR, as scripts/serve.mjs serves), so a new page type is covered without
 * editing this list.
 */
export function pageSample(dir = process.env.RULES_OUT_DIR ?? 'dist') {
  /** @type {Map<string, string[]>} */
  const byKind = new Map();
  const walk = (path, url) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) {
        if (name !== '_astro' && name !== 'icons' && name !== 'scripts') walk(full, `${url}${name}/`);
      } else if (name === 'index.html') {
        const kind = /<body[^>]*\bdata-kind="([^"]*)"/.exec(readFileSync(full, 'utf8'))?.[1] ?? 'unknown';
        byKind.set(kind, [...(byKind.get(kind) ?? []), url]);
      }
    }
  };
  walk(dir, '/');
  const games = [
    ...new Set(
      [...byKind.values()]
        .flat()
        .map((u) => u.split('/')[1])
        .filter(Boolean),
    ),
  ];
  const sample = [...byKind.entries()].map(([, urls], i) => urls.find((u) => u.split('/')[1] === games[i % games.length]) ?? urls[0]);
  for (const game of games) sample.push(byKind.get('entry')?.find((u) => u.startsWith(`/${game}/`)) ?? `/${game}/`);
  return [...new Set(sample)];
}

/** Opens the header's search box (on a phone it sits behind the header's search button) and types a query. */
async function headerSearch(d, text) {
  if (await d.isVisible('#search-open')) await d.click('#search-open');
  await d.type('#q', text);
}

/** @type {Check[]} */
export const CHECKS = [
  {
    name: 'offline: the service worker reaches "ready", then a never-visited page opens with the network off',
    timeout: 240_000,
    async run(d) {
      await d.goto('/');
      const status = () =>
        d.evaluate(() => {
          const el = document.querySelector('[data-offline-status]');
          return `${el?.getAttribute('data-offline-status')}: ${el?.textContent}`;
        });
      // Every status read on the way, every 100 ms: the first save shows its progress, counted by the worker.
      const seen = new Set();
      await d.until(
        async () => {
          const s = await status();
          seen.add(s);
          return s;
        },
        (s) => s.startsWith('ready:'),
        '[data-offline-status] to be "ready"',
        200_000,
      );
      const counted = [...seen].filter((s) => /^saving: Saving for offline: [1-9]\d* of \d+$/.test(s));
      assert(counted.length > 0, `the first save shows its progress ("Saving for offline: n of N"); seen: ${[...seen].join(' | ')}`);
      const footer = await status();
      assert(footer === 'ready: Ready offline', `the footer says "Ready offline" and stays ready (now "${footer}")`);
      await d.until(() => d.evaluate(() => !!navigator.serviceWorker.controller), Boolean, 'the service worker to control the page');
      // A file no cache holds: online the server answers (404); with the network cut the fetch fails.
      const probe = () =>
        d.evaluate(() =>
          fetch(`/engine-probe-${Date.now()}.txt`, { cache: 'no-store' }).then(
            (r) => r.status,
            () => 'failed',
          ),
        );
      assert((await probe()) === 404, 'online, the probe reaches the server');
      await d.setOffline(true);
      try {
        const cut = await probe();
        assert(cut === 'failed', `with the network cut, a fetch past the caches still got an answer (${cut})`);
        await d.goto('/pencilvillage/quest/?character=erwin-lyme');
        await d.until(() => d.isVisible('main h1'), Boolean, 'the never-visited rule offline');
        assert(await d.isVisible('.prose [data-w-character="erwin-lyme"]'), "offline, the link's setup shows (Erwin Lyme's text)");
        // The badge follows what the network did, also where the browser still says "online" (a stopped server).
        await d.until(() => d.isVisible('.net-badge'), Boolean, 'the "Offline" badge, with the network cut');
        await d.goto('/search/?q=warp%20stone');
        await d.until(
          () => d.evaluate(hrefInPage, '#search-results a[data-result]'),
          (h) => h === '/now-or-never/warp-stone/',
          'offline search to find Warp stone',
        );
      } finally {
        await d.setOffline(false);
      }
    },
  },
  {
    // Fails while a page restored from the back/forward cache keeps the setup it was left with (fixed by the
    // pageshow refresh on branch wip-23).
    name: 'an option change then Back shows the new setup (back/forward cache)',
    timeout: 240_000,
    async run(d) {
      await d.goto('/now-or-never/setup-enemies/');
      assert(TABLE_TOKENS.test(await enemiesLine(d)), 'starts with the table setup');
      // As for a returning player: the offline copy is in (service worker active and in control), so no request in
      // flight keeps the page out of the back/forward cache.
      await d.until(() => d.evaluate(() => !!navigator.serviceWorker.controller), Boolean, 'the service worker in control', 200_000);
      await d.evaluate(() => void (window.__leftAt = Date.now()));
      await d.goto('/now-or-never/options/');
      await d.click('input[name="solo"]');
      await d.until(
        () => d.innerText('#options-status'),
        (t) => /Solo/.test(t),
        'the options status to name solo',
      );
      await d.back();
      await d.until(
        () => d.url(),
        (u) => pathOf(u) === '/now-or-never/setup-enemies/',
        'Back to the rule',
      );
      const restored = await d.evaluate(() => window.__leftAt !== undefined);
      await d.until(
        () => enemiesLine(d),
        (t) => SOLO_TOKENS.test(t) && !TABLE_TOKENS.test(t),
        `the solo text after Back (${restored ? 'page restored from the back/forward cache' : 'page loaded again'})`,
        5000,
      );
    },
  },
  {
    name: 'every page type renders, its scripts run, no script error',
    timeout: 120_000,
    async run(d) {
      for (const path of [...pageSample(), '/now-or-never/no-such-rule/']) {
        await d.goto(path);
        await d.until(() => d.isVisible('main h1'), Boolean, `${path}: a visible h1`);
        // The layout's one module script registers the service worker last: proof that the page's scripts ran through
        // (in WebKit, where errors are collected only once the page has loaded, the only proof of a clean start).
        await d.until(
          () => d.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean)),
          Boolean,
          `${path}: the service worker registered by the page's script`,
        );
        const errors = await d.errors();
        assert(errors.length === 0, `${path}: ${errors.join('; ')}`);
      }
      assert(/No rule/.test(await d.innerText('main h1')), 'the unknown URL shows the 404 page');
    },
  },
  {
    name: 'option variants: ?solo=1 shows the solo text, hides the table text, and says so',
    async run(d) {
      await d.goto('/now-or-never/setup-enemies/');
      const table = await enemiesLine(d);
      assert(TABLE_TOKENS.test(table) && !SOLO_TOKENS.test(table), `default setup shows "${table}"`);
      assert(!(await d.isVisible('.prose [data-w-solo="1"]')), 'solo text hidden by default');
      await d.goto('/now-or-never/setup-enemies/?solo=1');
      const solo = await enemiesLine(d);
      assert(SOLO_TOKENS.test(solo) && !TABLE_TOKENS.test(solo), `?solo=1 shows "${solo}"`);
      assert(await d.isVisible('.prose [data-w-solo="1"]'), 'solo text visible with ?solo=1');
      assert(await d.isVisible('#setup-note'), 'the shared-setup note is shown');
      assert((await d.innerText('#setup-note')).includes('Solo play (bot)'), 'the note names the solo option');
    },
  },
  {
    name: 'option variants: a <When any> block shows while one of its options is on, hidden otherwise',
    async run(d) {
      const swap = '.prose [data-w-any~="sacred-stones=1"]';
      await d.goto('/vindication/setup-regions/');
      assert(!(await d.isVisible(swap)), 'the region swap hidden by default');
      for (const query of ['?sacred-stones=1', '?building-sites=1&jewelcrafter=1']) {
        await d.goto(`/vindication/setup-regions/${query}`);
        assert(await d.isVisible(swap), `the region swap visible with ${query}`);
        assert((await d.innerText('.prose')).includes('Region swap'), `its text read with ${query}`);
      }
    },
  },
  {
    name: 'option variants: the options form turns solo on and off',
    async run(d) {
      for (const [on, expected, not] of /** @type {const} */ ([
        [true, SOLO_TOKENS, TABLE_TOKENS],
        [false, TABLE_TOKENS, SOLO_TOKENS],
      ])) {
        await d.goto('/now-or-never/options/');
        const before = await d.evaluate(() => document.querySelector('#options-status')?.textContent ?? '');
        await d.click('input[name="solo"]');
        await d.until(
          () => d.evaluate(() => /** @type {HTMLInputElement} */ (document.querySelector('input[name="solo"]')).checked),
          (c) => c === on,
          `solo ticked ${on}`,
        );
        await d.until(
          () => d.innerText('#options-status'),
          (t) => t !== before && t.trim() !== '',
          'the options status to confirm the change',
        );
        await d.goto('/now-or-never/setup-enemies/');
        const line = await enemiesLine(d);
        assert(expected.test(line) && !not.test(line), `solo ${on ? 'on' : 'off'}: the rule shows "${line}"`);
        assert((await d.isVisible('.prose [data-w-solo="1"]')) === on, `solo text ${on ? 'visible' : 'hidden'}`);
      }
    },
  },
  {
    name: 'search: the header box finds as you type (typo), Enter opens the top result',
    async run(d) {
      await d.goto('/now-or-never/');
      await headerSearch(d, 'retreet');
      const first = '#search-popup a[data-result]';
      await d.until(
        () => d.evaluate(hrefInPage, first),
        (h) => h === '/now-or-never/retreat/',
        'the top result to be Retreat',
      );
      assert(await d.isVisible(first), 'the top result is visible');
      await d.press('Enter');
      await d.until(
        () => d.url(),
        (u) => pathOf(u) === '/now-or-never/retreat/',
        'Enter to open the top result',
      );
      assert((await d.innerText('main h1')).trim() === 'Retreat', 'the rule opened');
    },
  },
  {
    name: 'search: the search page reads ?q=, updates it as you type, and a result opens',
    async run(d) {
      const first = '#search-results a[data-result]';
      await d.goto('/search/?q=warp%20stone&game=now-or-never');
      await d.until(
        () => d.evaluate(hrefInPage, first),
        (h) => h === '/now-or-never/warp-stone/',
        '?q=warp stone to rank Warp stone first',
      );
      await d.goto('/search/?game=forge-war');
      await d.type('#search-page-q', 'strikes');
      await d.until(
        () => d.evaluate(hrefInPage, first),
        (h) => h === '/forge-war/strikes/',
        'typing "strikes" to rank Strikes first',
      );
      await d.until(
        () => d.url(),
        (u) => new URL(u).searchParams.get('q') === 'strikes',
        'the URL to keep ?q=strikes',
      );
      assert(await d.isVisible(first), 'the result is visible');
      await d.click(first);
      await d.until(
        () => d.url(),
        (u) => pathOf(u) === '/forge-war/strikes/',
        'the result to open',
      );
    },
  },
  {
    name: 'share without navigator.share: the link (with the setup) is copied, or offered in a prompt',
    async run(d) {
      await d.goto('/forge-war/mine-setup/?players=4');
      await d.evaluate(() => void Object.defineProperty(navigator, 'share', { value: undefined }));
      await d.click('#share-button');
      const outcome = await d.until(
        async () => (await d.takeDialog()) ?? ((await d.innerText('#toast')) === 'Link copied' ? 'copied' : null),
        Boolean,
        'the "Link copied" toast or a prompt',
      );
      const linkPattern = /^http:\/\/[^/]+\/forge-war\/mine-setup\/\?(.*&)?players=4(&|$)/;
      let link;
      if (outcome === 'copied') {
        // What a player does next: paste it somewhere (a scratch box added for the check).
        await d.evaluate(() => {
          const box = document.createElement('textarea');
          box.id = 'engine-paste';
          box.style.cssText = 'position:fixed;top:0;left:0;width:300px;height:60px;z-index:99999';
          document.body.append(box);
        });
        await d.click('#engine-paste');
        await d.press('paste');
        link = await d.until(
          () => d.evaluate(() => /** @type {HTMLTextAreaElement} */ (document.querySelector('#engine-paste')).value),
          Boolean,
          'the pasted link',
        );
      } else {
        assert(outcome.message === 'Copy this link', `prompt says "${outcome.message}"`);
        link = outcome.value || null; // WebDriver classic cannot read a prompt's default value
      }
      if (link) {
        assert(linkPattern.test(link), `shared link ${link}`);
        await d.goto(link);
        const line = /Your game:[^\n]*/.exec(await d.innerText('.prose'))?.[0];
        assert(line === 'Your game: 4 players, 61 hexes.', `the link opens the same setup: "${line}"`);
      }
    },
  },
  {
    name: 'setup guide: a ticked step stays ticked after a reload',
    async run(d) {
      await d.goto('/now-or-never/setup-guide/');
      const id = await d.until(
        () =>
          d.evaluate(() =>
            [...document.querySelectorAll('main input[type="checkbox"][data-step]')]
              .filter((b) => b.checkVisibility())[2]
              ?.getAttribute('data-step'),
          ),
        Boolean,
        'a third visible step',
      );
      const box = `main input[data-step="${id}"]`;
      const isTicked = () =>
        d.evaluate(
          (s) =>
            document.querySelectorAll('main input[type="checkbox"][data-step]:checked').length === 1 &&
            !!document.querySelector(s)?.checked,
          box,
        );
      await d.click(box);
      await d.until(isTicked, Boolean, 'the step ticked');
      await d.until(
        () => d.innerText('#guide-status'),
        (t) => /^1 of \d+ steps done\.$/.test(t.trim()),
        'the guide status "1 of N steps done."',
      );
      await d.reload();
      await d.until(isTicked, Boolean, 'the same single step ticked after the reload');
    },
  },
  {
    name: 'a ruling recorded on /now-or-never/unclear/ shows on its entry',
    async run(d) {
      await d.goto('/now-or-never/unclear/');
      const { key, reading } = await d.until(
        () =>
          d.evaluate(() => {
            const item = [...document.querySelectorAll('main [data-unclear]')].find((i) => i.querySelector('[data-reading]'));
            return item
              ? {
                  key: item.getAttribute('data-key'),
                  reading: /** @type {HTMLElement} */ (item.querySelector('[data-reading]')).innerText.trim(),
                }
              : null;
          }),
        Boolean,
        'an unclear note with readings',
      );
      const item = `main [data-key="${key}"]`;
      await d.click(`${item} [data-reading]`);
      await d.until(
        () => d.innerText('#rulings-status'),
        (t) => /ruled on 1 of/.test(t),
        'the rulings status "ruled on 1 of"',
      );
      await d.click(`${item} h3 a`);
      const expected = `Your table plays: ${reading}`;
      await d.until(
        () => d.evaluate(() => document.querySelector('.ruling')?.innerText.trim() ?? null),
        (t) => t === expected,
        `"${expected}" on the entry`,
      );
      assert(await d.isVisible('.ruling'), 'the ruling is visible');
      await d.reload();
      await d.until(
        () => d.evaluate(() => document.querySelector('.ruling')?.innerText.trim() ?? null),
        (t) => t === expected,
        'the ruling after a reload',
      );
    },
  },
  {
    name: 'pins: a pinned rule is listed on its game page, after a reload too',
    async run(d) {
      await d.goto('/vindication/honor/');
      await d.click('[data-pin]');
      await d.until(
        () => d.evaluate(() => document.querySelector('[data-pin]')?.getAttribute('aria-pressed')),
        (p) => p === 'true',
        'the pin pressed',
      );
      await d.until(
        () => d.innerText('#toast'),
        (t) => t === 'Pinned to the game page',
        'the "Pinned" toast',
      );
      for (const step of ['open', 'reload']) {
        if (step === 'open') await d.goto('/vindication/');
        else await d.reload();
        await d.until(
          () => d.isVisible('[data-pinned] a[href="/vindication/honor/"]'),
          Boolean,
          `the pinned rule on the game page (${step})`,
        );
        assert(await d.isVisible('[data-pinned]'), 'the pinned list is visible');
      }
    },
  },
  {
    name: 'dark mode: the theme button darkens the page; kept across reloads and pages',
    async run(d) {
      /** The page's background brightness (0-255) and the theme on <html>. */
      const look = () =>
        d.evaluate(() => {
          const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
          return { brightness: Math.round((r + g + b) / 3), theme: document.documentElement.dataset.theme ?? null };
        });
      await d.goto('/now-or-never/pass/');
      const before = await look();
      assert(before.brightness > 128, `starts light (system theme light), brightness ${before.brightness}`);
      await d.click('#theme-toggle');
      const dark = await d.until(look, (l) => l.theme === 'dark' && l.brightness < 80, 'a dark background');
      await d.reload();
      await d.until(look, (l) => l.theme === 'dark' && l.brightness === dark.brightness, 'dark after a reload');
      await d.goto('/forge-war/');
      await d.until(look, (l) => l.theme === 'dark' && l.brightness < 80, 'dark on another page');
      assert((await d.innerText('#theme-toggle')).trim() === 'Light theme', 'the button now offers the light theme');
    },
  },
];
