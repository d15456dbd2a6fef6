/**
 * The table link holds the whole table, honestly (issue 35), on the real page: every ruling of a careful table in one
 * link and one QR code a phone reads back; "Use it" never says saved when nothing was, and one tap undoes it; every
 * part of a link that is not used is named with its count; the reader's own rulings and setup are named before they
 * are replaced; hidden characters never reach the screen; a corrupt saved round or setup and a refused wake lock are
 * said.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { decodeQr, watchErrors } from './helpers';

const BLOCKED = 'this browser does not let this site store anything (a privacy setting or private browsing).';
const FULL = "this browser's storage for this site is full.";
const game = 'now-or-never';
const table = `/${game}/table/`;

interface Note {
  key: string;
  title: string;
  readings: string[];
}
/** The game's unclear notes as the table page lists them. */
const notesOf = (page: Page): Promise<Note[]> =>
  page.locator('#table-notes li').evaluateAll((lis) =>
    lis.map((li) => {
      const d = (li as HTMLElement).dataset;
      return { key: d.key!, title: d.title!, readings: JSON.parse(d.readings!) as string[] };
    }),
  );

/** 100 characters of a table's own words, different for each `i`. */
const ownWords = (i: number) =>
  `House rule ${i}: when two players tie here, the one who passed first wins and the other takes 2 coins.`.padEnd(100, '.').slice(0, 100);

/** Every note with readings ruled by its last reading, and `own` more in the table's own words of 100 characters. */
function carefulTable(notes: Note[], own: number) {
  const rulings: Record<string, { text: string; reading?: number }> = {};
  for (const n of notes.filter((x) => x.readings.length)) rulings[n.key] = { text: n.readings.at(-1)!, reading: n.readings.length - 1 };
  notes.slice(0, own).forEach((n, i) => (rulings[n.key] = { text: ownWords(i) }));
  return rulings;
}

const setStore = (page: Page, entries: Record<string, string>) =>
  page.evaluate((e) => {
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
const snapshot = (page: Page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
}

test('a careful table shares every ruling: one link under 1,200 characters (readings alone under 400), a QR code read back, the friend gets every word', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(table);
  const notes = await notesOf(page);
  for (const [own, most] of [
    [0, 400],
    [3, 1200],
  ] as const) {
    const rulings = carefulTable(notes, own);
    await setStore(page, {
      [`rules:rulings:${game}`]: JSON.stringify(rulings),
      [`rules:options:${game}`]: '{"seasons":"5","players":"3"}',
    });
    await page.goto(table);
    const link = page.locator('[data-table-link]');
    await expect(page.locator('#table-status')).toHaveText(`The link holds your setup and ${Object.keys(rulings).length} rulings.`);
    const href = (await link.getAttribute('href'))!;
    expect(href.length, `${own} own`).toBeLessThanOrEqual(most);
    expect(href).toMatch(/#players=3&seasons=5&r=2\.[\w-]+$/);
    await expect(page.getByRole('button', { name: 'Share or copy the link' })).toBeVisible();
    const svg = page.locator('[data-table-qr] svg');
    await expect(svg).toBeVisible();
    // Read back at the size the page draws it (358 px on this 390 px phone), its modules at least 3.5 px each.
    const drawn = await svg.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      box: Number(el.getAttribute('viewBox')!.split(' ')[2]),
    }));
    expect(drawn.width / drawn.box, `${own} own: module size`).toBeGreaterThanOrEqual(3.5);
    expect(await decodeQr(browser, await svg.evaluate((el) => el.outerHTML), Math.round(drawn.width))).toBe(href);

    // The friend: every ruling, word for word.
    const friend = await freshPage(browser);
    const url = new URL(href);
    await friend.goto(url.pathname + url.hash);
    const dialog = friend.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Use this table's setup and its ${Object.keys(rulings).length} rulings?`);
    await expect(friend.locator('#table-import-dropped li')).toHaveCount(0);
    await friend.getByRole('button', { name: 'Use it' }).click();
    await expect(friend.locator('#toast')).toHaveText(`Table setup and ${Object.keys(rulings).length} rulings saved`);
    const got = await friend.evaluate((g) => JSON.parse(localStorage.getItem(`rules:rulings:${g}`)!), game);
    expect(got).toEqual(rulings);
    await friend.context().close();
  }
  expect(errors()).toEqual([]);
});

test('a link that cannot be made: the share controls hide and the page names the rulings to shorten', async ({ page }) => {
  await page.goto(table);
  const notes = await notesOf(page);
  // Own words that do not pack: 300 characters of letters in no order, on 8 notes.
  let s = 3;
  const noise = () =>
    Array.from(
      { length: 300 },
      () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[(s = (s * 1103515245 + 12345) % 2 ** 31) % 62],
    ).join('');
  const rulings = Object.fromEntries(notes.slice(0, 8).map((n) => [n.key, { text: noise() }]));
  await setStore(page, { [`rules:rulings:${game}`]: JSON.stringify(rulings) });
  await page.goto(table);
  await expect(page.locator('#table-status')).toContainText('Your rulings make the link too long to share (');
  await expect(page.locator('#table-status')).toContainText(
    `Shorten your own words on the Unclear rules page: ${notes[0]!.title} (300 characters)`,
  );
  await expect(page.getByRole('button', { name: 'Share or copy the link' })).toBeHidden();
  await expect(page.locator('[data-table-link]')).toBeHidden();
  await expect(page.locator('[data-table-qr]')).toBeHidden();
});

test('links made by the third release still open', async ({ page }) => {
  await page.goto(table);
  const [a, b] = (await notesOf(page)).filter((n) => n.readings.length);
  const old = { [a!.key]: { text: a!.readings[0], reading: 0 }, [b!.key]: { text: 'Our table’s way' } };
  await page.goto(`${table}#players=4&seasons=5&rulings=${encode(old)}`);
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText("Use this table's setup and its 2 rulings?");
  await page.getByRole('button', { name: 'Use it' }).click();
  expect(await page.evaluate((g) => JSON.parse(localStorage.getItem(`rules:rulings:${g}`)!), game)).toEqual(old);
});

/** Init scripts: storage refused three ways. */
const refusals = {
  'blocked (SecurityError)': () => {
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
  },
  'full (QuotaExceededError)': () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
  'accepted but not kept': () => {
    Storage.prototype.setItem = function () {};
  },
};

for (const [name, refuse] of Object.entries(refusals))
  test(`"Use it" with storage ${name}: "Not saved" and why, nothing said saved, nothing changed`, async ({ browser }) => {
    const context: BrowserContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addInitScript(refuse);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(table);
    const key = (await notesOf(page))[0]!.key;
    await page.goto(`${table}#seasons=5&rulings=${encode({ [key]: { text: 'Yes' } })}`);
    await page.getByRole('button', { name: 'Use it' }).click();
    const message = `Not saved: ${name.startsWith('full') ? FULL : BLOCKED} Nothing was changed.`;
    await expect(page.locator('#toast')).toHaveText(message);
    await expect(page.locator('#table-incoming')).toHaveText(message);
    await expect(page.locator('#table-status')).toHaveText('The link holds your setup and 0 rulings.');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
    expect(errors()).toEqual([]);
    await context.close();
  });

test('every part of a link that is not used is named, with the right count, as text', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(table);
  const [a, b] = await notesOf(page);
  const incoming = page.locator('#table-incoming');
  const dialog = page.getByRole('dialog');
  const nothing = 'Nothing in this table link can be used:';
  const garbled = 'The rulings in this link could not be read.';
  // Nothing usable: no question, a line that says what was not used.
  for (const [hash, says] of [
    ['#rulings=!!!', `${nothing} ${garbled} Nothing was changed.`],
    ['#r=2.!!!', `${nothing} ${garbled} Nothing was changed.`],
    ['#solo=banana&players=99', `${nothing} Options not recognised: solo=banana, players=99. Nothing was changed.`],
  ]) {
    await page.goto(`${table}${hash}`);
    await expect(incoming).toHaveText(says!);
    await expect(dialog).toBeHidden();
    await page.goto('/now-or-never/');
  }
  // A setup with rulings that cannot be read: asked, each dropped part named.
  for (const bad of [
    '!!!@@@',
    'A',
    '%ZZ',
    encode([1, 2]),
    Buffer.from('{"a":').toString('base64url'),
    Buffer.from([0x22, 0xff, 0x22]).toString('base64url'),
  ]) {
    await page.goto(`${table}#seasons=5&rulings=${bad}`);
    await expect(dialog.getByRole('heading'), bad).toHaveText("Use this table's setup?");
    await expect(page.locator('#table-import-dropped')).toHaveText(garbled);
    await page.getByRole('button', { name: 'Keep mine' }).click();
  }
  // One bad ruling among good ones, one blank, one over 300 characters, one for a rule gone, an option as <script>.
  const mixed = {
    [a!.key]: { text: 'Good' },
    [b!.key]: { text: '   ' },
    'x#y': { text: 'x'.repeat(301) },
    'no-such-rule#x': { text: 'Gone' },
    'bad key': { text: 'Odd' },
  };
  await page.goto(`${table}#seasons=5&players=<script>&rulings=${encode(mixed)}`);
  await expect(dialog.getByRole('heading')).toHaveText("Use this table's setup and its 1 ruling?");
  await expect(page.locator('#table-import-dropped li')).toHaveText([
    '3 rulings in this link could not be read.',
    'Options not recognised: players=<script>.',
    'Rulings for rules that no longer exist: 1.',
  ]);
  await page.getByRole('button', { name: 'Keep mine' }).click();
  // Too long: the length of the link that was opened, not of the address after.
  const long = `seasons=6&rulings=${'A'.repeat(2100)}`;
  await page.goto(`${table}#${long}`);
  await expect(incoming).toHaveText(`That table link is too long (${long.length} characters, at most 2000): nothing was changed.`);
  expect(errors()).toEqual([]);
});

test('nothing of yours replaced unasked: your rulings it replaces are named, only the options that change; one tap undoes "Use it"', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(table);
  const [a, b, c] = await notesOf(page);
  await setStore(page, {
    [`rules:options:${game}`]: '{"solo":true,"seasons":"4","story":false}',
    [`rules:rulings:${game}`]: JSON.stringify({ [a!.key]: { text: 'Our own way' }, [c!.key]: { text: 'Kept' } }),
  });
  const before = await snapshot(page);
  const link = { [a!.key]: { text: 'Their way' }, [b!.key]: { text: 'New point' } };
  await page.goto(`${table}#players=3&seasons=4&rulings=${encode(link)}`);
  const dialog = page.getByRole('dialog');
  await expect(page.locator('#table-import-setup')).toHaveText(
    'Your setup will change: Multiplayer instead of Solo play (bot) · 3 players instead of 2 players.',
  );
  await expect(page.locator('#table-import-replaced li')).toHaveText([`Replaces your ruling on ${a!.title}: “Our own way”.`]);
  await expect(page.locator('#table-import-note')).toHaveText('Your own ruling on other points stays.');
  await expect(dialog).not.toContainText('seasons');
  await page.getByRole('button', { name: 'Use it' }).click();
  await expect(page.locator('#toast')).toHaveText('Table setup and 2 rulings saved');
  await expect(page.locator('#table-rulings li')).toHaveCount(3);
  expect(await snapshot(page)).not.toBe(before);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#table-incoming')).toHaveText('Undone: your setup and rulings are as they were.');
  expect(await snapshot(page)).toBe(before);
  await expect(page.locator('#table-rulings li')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
  await page.goto('/now-or-never/end-of-game/');
  expect(await page.locator('.prose').innerText()).toMatch(/\b4 seasons\b/);
  expect(errors()).toEqual([]);
});

test('shared text shown as text: bidi controls, NUL and zero-width characters never reach the screen', async ({ page }) => {
  await page.goto(table);
  const notes = await notesOf(page);
  const [a] = notes;
  const hidden = 'Use \u202egnp.exe\u202c\u0000 \u200bfor\u200d \u2066x\u2069\ufeff\u200e\u200f now';
  await page.goto(`${table}#seasons=5&rulings=${encode({ [a!.key]: { text: hidden } })}`);
  await expect(page.locator('#table-import-list li')).toHaveText(`${a!.title}: Use gnp.exe for x now`);
  await page.getByRole('button', { name: 'Use it' }).click();
  await expect(page.locator('#table-rulings li')).toHaveText(`${a!.title}: Use gnp.exe for x now`);
  // From storage (an older release, another script): the rule page shows it clean too.
  const slug = a!.key.split('#')[0]!;
  await setStore(page, { [`rules:rulings:${game}`]: JSON.stringify({ [a!.key]: { text: hidden } }) });
  await page.goto(`/${game}/${slug}/`);
  await expect(page.locator('.prose .ruling').first()).toHaveText('Your table plays: Use gnp.exe for x now');
});

test('corrupt saved data is replaced and said: the play page’s round, the setup', async ({ page }) => {
  await page.goto('/now-or-never/');
  await setStore(page, { 'rules:round:now-or-never': '"banana"', 'rules:options:now-or-never': '[1,2]' });
  await page.goto('/now-or-never/play/');
  await expect(page.locator('#toast')).toHaveText(/could not be read/);
  await expect(page.locator('[data-play-reset]')).toHaveText('Your saved season could not be read: the game was reset to season 1.');
  expect(await page.evaluate(() => localStorage.getItem('rules:round:now-or-never'))).toBe('1');
  expect(await page.evaluate(() => localStorage.getItem('rules:options:now-or-never'))).toBe('{}');
  await setStore(page, { 'rules:options:now-or-never': '{"seasons":"5","solo":"banana","gone-option":true}' });
  await page.goto('/now-or-never/pass/');
  await expect(page.locator('#toast')).toHaveText(
    'Part of your saved setup could not be read (solo, gone-option): reset to the game’s defaults.',
  );
  expect(await page.evaluate(() => localStorage.getItem('rules:options:now-or-never'))).toBe('{"seasons":"5"}');
  await page.goto('/now-or-never/');
  await setStore(page, { 'rules:options:now-or-never': '{' });
  await page.goto('/now-or-never/options/');
  await expect(page.locator('#toast')).toHaveText('Your saved setup could not be read: it was reset to the game’s defaults.');
});

test('a refused wake lock is said, and the control shows it off', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: { request: () => Promise.reject(new DOMException('Refused', 'NotAllowedError')) },
    });
  });
  await page.goto('/now-or-never/pass/');
  const button = page.locator('[data-wake-lock]');
  await button.click();
  await expect(page.locator('#toast')).toHaveText('The screen cannot be kept on: the browser refused (a battery saver or a permission).');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});
