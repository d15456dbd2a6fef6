// @vitest-environment happy-dom
/**
 * The unclear-rules page in a DOM (happy-dom), with the page's markup (src/pages/[game]/unclear.astro) and the real
 * storage (happy-dom's localStorage): forms filled from saved rulings, a ruling saved as it is picked, the count
 * line, the filter, "Share our rulings" and a rulings link offered in the dialog before it is used.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUnclearPage } from '../../src/client/unclear-page';
import { decodeRulings, encodeRulings } from '../../src/client/rulings-link';
import * as savedRulings from '../../src/client/saved-rulings';
import type { Ruling } from '../../src/client/saved-rulings';

const GAME = 'g';

/** One note as the page renders it: its section, readings, and the form's radios, own text and "Clear". */
const note = (slug: string, id: string, title: string, text: string, readings: string[]) => {
  const radio = (value: string | number) => `<input type="radio" name="r-${slug}--${id}" value="${value}" />`;
  return `
  <article class="unclear-item" id="${slug}--${id}" data-unclear="${id}" data-key="${slug}#${id}">
    <h3><a href="/${GAME}/${slug}/#unclear-${id}">${title}</a></h3>
    <div class="unclear prose">${text}</div>
    <fieldset class="ruling-form">
      <legend>Your table plays</legend>
      ${readings.map((r, i) => `<label class="radio">${radio(i)}<span data-reading>${r}</span></label>`).join('')}
      <label class="radio">${radio('own')}<span>Our own ruling</span></label>
      <label class="own-ruling"><input type="text" maxlength="300" data-own /></label>
      <button type="button" class="link-button" data-clear>Clear</button>
    </fieldset>
  </article>`;
};

const PAGE = `
  <div class="bar"><a class="game-link" href="/${GAME}/">Pencilvillage</a></div>
  <p id="rulings-status"></p>
  <button type="button" id="rulings-share">Share our rulings</button>
  <input type="search" id="unclear-filter" />
  <p id="unclear-filter-status"></p>
  <section class="unclear-section" id="turn" data-unclear-section>
    ${note('pass', 'timing', 'Pass', 'When does the pass take effect?', ['Before the draw', 'After the draw'])}
    ${note('pass', 'bonus', 'Pass', 'Does the pass bonus stack?', [])}
  </section>
  <section class="unclear-section" id="end" data-unclear-section>
    ${note('scoring', 'ties', 'Final scoring', 'Who wins a tie on points?', ['Most gold', 'Shared win'])}
  </section>
  <dialog id="rulings-import">
    <p id="import-summary"></p>
    <ul id="import-list"></ul>
    <button type="button" id="import-use">Use these rulings</button>
    <button type="button" id="import-cancel">Keep ours</button>
  </dialog>
  <div id="toast"></div>`;

const saved = (): Record<string, Ruling> => savedRulings.readRulings(GAME);
const save = (rulings: Record<string, Ruling>) => localStorage.setItem(`rules:rulings:${GAME}`, JSON.stringify(rulings));
const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const item = (key: string) => $(`[data-key="${key}"]`);
const radio = (key: string, value: string) => item(key).querySelector<HTMLInputElement>(`input[value="${value}"]`)!;
const checked = (key: string) => item(key).querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
const text = (id: string) => document.getElementById(id)!.textContent;

/** Opens the page (`hash`: the fragment it is opened with). */
function open(hash = '') {
  history.replaceState(null, '', `/${GAME}/unclear/${hash}`);
  document.body.innerHTML = PAGE;
  document.body.dataset.game = GAME;
  startUnclearPage();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  delete document.body.dataset.game;
  vi.restoreAllMocks();
});

describe('the ruling forms and the count line', () => {
  it("fills each form from the saved rulings and counts only this page's", () => {
    save({
      'pass#timing': { text: 'After the draw', reading: 1 },
      'scoring#ties': { text: 'We split the win' },
      'gone#note': { text: 'a note since removed' },
    });
    open();
    expect(checked('pass#timing')).toBe('1');
    expect(checked('scoring#ties')).toBe('own');
    expect(item('scoring#ties').querySelector<HTMLInputElement>('[data-own]')!.value).toBe('We split the win');
    expect(checked('pass#bonus')).toBeUndefined();
    expect(text('rulings-status')).toBe('Your table has ruled on 2 of 3 points.');
  });

  it('says when nothing is recorded, saves a reading as it is picked, and keeps rulings of other notes', () => {
    save({ 'gone#note': { text: 'a note since removed' } });
    open();
    expect(text('rulings-status')).toBe('No ruling recorded yet (3 points).');
    radio('pass#timing', '0').click();
    expect(saved()['pass#timing']).toEqual({ text: 'Before the draw', reading: 0 });
    expect(saved()['gone#note']).toEqual({ text: 'a note since removed' });
    expect(text('rulings-status')).toBe('Your table has ruled on 1 of 3 points.');
    item('pass#timing').querySelector<HTMLButtonElement>('[data-clear]')!.click();
    expect(saved()['pass#timing']).toBeUndefined();
    expect(text('rulings-status')).toBe('No ruling recorded yet (3 points).');
  });

  it('fills the forms again when the page comes back from the back/forward cache', () => {
    open();
    save({ 'pass#bonus': { text: 'It stacks' } });
    document.dispatchEvent(new CustomEvent('rules:restored'));
    expect(checked('pass#bonus')).toBe('own');
    expect(text('rulings-status')).toBe('Your table has ruled on 1 of 3 points.');
  });

  it('does nothing outside a game', () => {
    document.body.innerHTML = PAGE;
    save({ 'pass#timing': { text: 'After the draw', reading: 1 } });
    startUnclearPage();
    expect(text('rulings-status')).toBe('');
    expect(checked('pass#timing')).toBeUndefined();
  });
});

describe('the filter', () => {
  it('shows the points holding every typed word, folds empty sections and counts the matches', () => {
    open();
    const input = $<HTMLInputElement>('#unclear-filter');
    input.value = 'tie';
    input.dispatchEvent(new Event('input'));
    expect(item('scoring#ties').hidden).toBe(false);
    expect(item('pass#timing').hidden).toBe(true);
    expect($('#turn').hidden).toBe(true);
    expect(text('unclear-filter-status')).toBe('1 point matches.');
    input.value = 'pass';
    input.dispatchEvent(new Event('input'));
    expect(text('unclear-filter-status')).toBe('2 points match.');
    expect($('#end').hidden).toBe(true);
    input.value = 'nothing-like-this';
    input.dispatchEvent(new Event('input'));
    expect(text('unclear-filter-status')).toBe('No point matches.');
    input.value = '';
    input.dispatchEvent(new Event('input'));
    expect(text('unclear-filter-status')).toBe('');
    expect([...document.querySelectorAll<HTMLElement>('[data-key]')].every((e) => !e.hidden)).toBe(true);
  });
});

describe('"Share our rulings"', () => {
  it("asks for a ruling first, then shares a link holding this page's rulings only", async () => {
    const shared: { title: string; url: string }[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (d: { title: string; url: string }) => void shared.push(d),
    });
    try {
      save({ 'gone#note': { text: 'a note since removed' } });
      open();
      $('#rulings-share').click();
      expect(text('toast')).toBe('Record a ruling first');
      expect(shared).toEqual([]);
      radio('scoring#ties', '1').click();
      $('#rulings-share').click();
      await vi.waitFor(() => expect(shared).toHaveLength(1));
      expect(shared[0]!.title).toBe('Pencilvillage rulings');
      const url = new URL(shared[0]!.url);
      expect(url.pathname).toBe(`/${GAME}/unclear/`);
      expect(url.hash.startsWith('#rulings=')).toBe(true);
      expect(decodeRulings(url.hash.slice('#rulings='.length))).toEqual({ 'scoring#ties': { text: 'Shared win', reading: 1 } });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});

describe('a rulings link', () => {
  const link = (rulings: Record<string, Ruling>) => `#rulings=${encodeRulings(rulings)}`;

  it("lists the link's rulings for this page and says what they replace, before anything is saved", () => {
    save({ 'pass#timing': { text: 'Before the draw', reading: 0 }, 'pass#bonus': { text: 'No stacking' } });
    open(
      link({
        'pass#timing': { text: 'After the draw', reading: 1 },
        'scoring#ties': { text: 'Most gold', reading: 0 },
        'x#y': { text: 'z' },
      }),
    );
    const dialog = $<HTMLDialogElement>('#rulings-import');
    expect(dialog.open).toBe(true);
    expect(text('import-summary')).toBe('This link holds 2 rulings. Using them replaces 1 of yours; your other rulings stay.');
    expect([...document.querySelectorAll('#import-list li')].map((li) => li.textContent)).toEqual([
      'Pass: After the draw',
      'Final scoring: Most gold',
    ]);
    // Nothing saved yet.
    expect(saved()['pass#timing']!.text).toBe('Before the draw');
    expect(checked('pass#timing')).toBe('0');
  });

  it('"Use these rulings" saves them over the reader\'s own, keeps the others, and drops the fragment', () => {
    save({ 'pass#timing': { text: 'Before the draw', reading: 0 }, 'pass#bonus': { text: 'No stacking' } });
    open(link({ 'pass#timing': { text: 'After the draw', reading: 1 }, 'scoring#ties': { text: 'Most gold', reading: 0 } }));
    $('#import-use').click();
    expect(saved()).toEqual({
      'pass#timing': { text: 'After the draw', reading: 1 },
      'pass#bonus': { text: 'No stacking' },
      'scoring#ties': { text: 'Most gold', reading: 0 },
    });
    expect(text('toast')).toBe('2 rulings saved');
    expect(checked('pass#timing')).toBe('1');
    expect(checked('scoring#ties')).toBe('0');
    expect(text('rulings-status')).toBe('Your table has ruled on 3 of 3 points.');
    expect($<HTMLDialogElement>('#rulings-import').open).toBe(false);
    expect(location.hash).toBe('');
  });

  it('"Keep ours" changes nothing and drops the fragment', () => {
    save({ 'pass#timing': { text: 'Before the draw', reading: 0 } });
    open(link({ 'pass#timing': { text: 'After the draw', reading: 1 } }));
    expect(text('import-summary')).toBe('This link holds 1 ruling. Using them replaces 1 of yours; your other rulings stay.');
    $('#import-cancel').click();
    expect(saved()).toEqual({ 'pass#timing': { text: 'Before the draw', reading: 0 } });
    expect($<HTMLDialogElement>('#rulings-import').open).toBe(false);
    expect(location.hash).toBe('');
  });

  it('opened while the page is already open (only the fragment changes): offered too', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    open();
    expect($<HTMLDialogElement>('#rulings-import').open).toBe(false);
    // This page's own listener (earlier tests' pages listen too): called as the browser would on the change.
    const onHash = listen.mock.calls.find(([type]) => type === 'hashchange')?.[1] as (() => void) | undefined;
    expect(onHash).toBeTypeOf('function');
    history.replaceState(null, '', link({ 'pass#bonus': { text: 'It stacks' } }));
    onHash!();
    expect($<HTMLDialogElement>('#rulings-import').open).toBe(true);
    expect(text('import-summary')).toBe('This link holds 1 ruling. Your own rulings stay.');
  });

  it('where the browser stores nothing: says the rulings were not saved, and how to get them', () => {
    open(link({ 'pass#bonus': { text: 'It stacks' } }));
    const real = localStorage;
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue({
      getItem: (k: string) => real.getItem(k),
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: (k: string) => real.removeItem(k),
    } as unknown as Storage);
    $('#import-use').click();
    expect(text('toast')).toBe(
      'Rulings not saved: this browser does not let this site store anything (a privacy setting or private browsing). ' +
        'Open the link again once this browser lets the site store them.',
    );
    expect(checked('pass#bonus')).toBeUndefined();
    // A ruling picked by hand: the count line says it is lost on leaving.
    radio('pass#timing', '0').click();
    expect(text('rulings-status')).toMatch(/^Ruling not saved: .* It is lost when you leave this page\.$/);
  });

  it('holding no ruling for these notes, or nothing readable: says so, offers nothing', () => {
    for (const hash of [link({ 'x#y': { text: 'z' } }), '#rulings=%%%', '#rulings=']) {
      open(hash);
      expect($<HTMLDialogElement>('#rulings-import').open, hash).toBe(false);
      expect(text('toast'), hash).toBe('This link holds no rulings for these rules');
      expect(location.hash, hash).toBe('');
    }
    // Another fragment (a note's anchor) is left alone.
    open('#pass--timing');
    expect(text('toast')).toBe('');
    expect(location.hash).toBe('#pass--timing');
  });
});
