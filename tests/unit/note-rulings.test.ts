// @vitest-environment happy-dom
/**
 * A rule page's unclear notes (src/client/note-rulings.ts and, once the table uses them, src/client/ruled-notes.ts)
 * in a DOM (happy-dom), the real storage (happy-dom's localStorage): each note gets a "Record your table's ruling"
 * disclosure whose form is built only when it first opens, filled from the saved ruling, saving as the table picks;
 * the summaries and the lines above the notes follow the saved rulings.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mayHaveRulings, startNoteRulings } from '../../src/client/note-rulings';
import { disclosureLabel } from '../../src/lib/unclear-rulings';
import { noteReadings } from '../../src/client/ruled-notes';
import * as savedRulings from '../../src/client/saved-rulings';
import type { Ruling } from '../../src/client/saved-rulings';

const GAME = 'g';
const PAGE = `
  <article class="entry" data-slug="pass"><h1>Passing</h1>
    <div class="prose">
      <aside class="unclear" data-unclear="timing" data-readings='["Before the draw","After the draw"]'><p>When?</p></aside>
      <aside class="unclear" data-unclear="bonus" data-readings='not json'><p>Stacks?</p></aside>
      <aside class="unclear" data-unclear="plain"><p>No readings attribute: no form.</p></aside>
    </div>
  </article>
  <div id="toast"></div>`;

const save = (rulings: Record<string, Ruling>) => localStorage.setItem(`rules:rulings:${GAME}`, JSON.stringify(rulings));
const note = (id: string) => document.querySelector<HTMLElement>(`[data-unclear="${id}"]`)!;
const summary = (id: string) => note(id).querySelector('summary')?.textContent;

/** Opens the disclosure of a note as a tap does, and waits for its form to load. */
async function openNote(id: string) {
  const details = note(id).querySelector('details')!;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  await vi.waitFor(() => expect(details.querySelector('fieldset')).not.toBeNull());
  return details;
}

function start() {
  document.body.innerHTML = PAGE;
  document.body.dataset.game = GAME;
  startNoteRulings();
}

/** The "Your table plays" lines above the notes, each with the id of the note it stands above. */
const lines = () =>
  [...document.querySelectorAll('p.ruling')].map((p) => `${p.nextElementSibling?.getAttribute('data-unclear')}: ${p.textContent}`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  delete document.body.dataset.game;
});

describe("a rule page's unclear notes", () => {
  it('reads the readings a note offers, none when the list is not JSON or not strings', () => {
    const el = document.createElement('aside');
    el.dataset.readings = '["A", 2, "B"]';
    expect(noteReadings(el)).toEqual(['A', 'B']);
    el.dataset.readings = '{"a": 1}';
    expect(noteReadings(el)).toEqual([]);
    el.dataset.readings = 'nope';
    expect(noteReadings(el)).toEqual([]);
    expect(disclosureLabel(true)).toBe("Change your table's ruling");
    expect(disclosureLabel(false)).toBe("Record your table's ruling");
  });

  it('looks for a ruling on this entry by key, without reading the rulings', () => {
    expect(mayHaveRulings(GAME, 'pass')).toBe(false);
    save({ 'passing#timing': { text: 'x' } });
    expect(mayHaveRulings(GAME, 'pass')).toBe(false);
    save({ 'pass#timing': { text: 'x' } });
    expect(mayHaveRulings(GAME, 'pass')).toBe(true);
    expect(mayHaveRulings('other', 'pass')).toBe(false);
    localStorage.setItem(`rules:rulings:${GAME}`, '["pass#timing"]');
    expect(mayHaveRulings(GAME, 'pass')).toBe(false);
  });

  it('adds a closed disclosure to each note with readings, its form not built until it opens', async () => {
    save({ 'pass#timing': { text: 'After the draw', reading: 1 } });
    start();
    await vi.waitFor(() => expect(summary('timing')).toBe("Change your table's ruling"));
    expect(lines()).toEqual(['timing: Your table plays: After the draw']);
    expect(summary('bonus')).toBe("Record your table's ruling");
    expect(note('plain').querySelector('details')).toBeNull();
    expect(document.querySelectorAll('fieldset')).toHaveLength(0);
  });

  it('builds the form on first opening, filled with the saved ruling', async () => {
    save({ 'pass#timing': { text: 'After the draw', reading: 1 } });
    start();
    const details = await openNote('timing');
    const checked = details.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    expect(checked?.value).toBe('1');
    expect([...details.querySelectorAll('[data-reading]')].map((r) => r.textContent)).toEqual(['Before the draw', 'After the draw']);
    // Opening it again builds nothing more.
    details.open = false;
    details.dispatchEvent(new Event('toggle'));
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await Promise.resolve();
    expect(details.querySelectorAll('fieldset')).toHaveLength(1);
  });

  it('without a ruling on the entry, says "Record" on every note and draws no line', async () => {
    save({ 'other#timing': { text: 'Another entry' } });
    start();
    await new Promise((r) => setTimeout(r, 20));
    expect([summary('timing'), summary('bonus')]).toEqual(["Record your table's ruling", "Record your table's ruling"]);
    expect(lines()).toEqual([]);
  });

  it('saves a picked reading, redraws the lines above the notes and relabels the summary', async () => {
    start();
    const details = await openNote('bonus');
    // The note's readings could not be read: only "Our own ruling".
    const own = details.querySelector<HTMLInputElement>('input[value="own"]')!;
    const text = details.querySelector<HTMLInputElement>('[data-own]')!;
    text.value = 'It stacks once';
    text.dispatchEvent(new Event('input', { bubbles: true }));
    own.checked = true;
    own.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(savedRulings.readRulings(GAME)['pass#bonus']?.text).toBe('It stacks once'));
    expect(lines()).toEqual(['bonus: Your table plays: It stacks once']);
    expect(summary('bonus')).toBe("Change your table's ruling");
    expect(summary('timing')).toBe("Record your table's ruling");
  });

  it('after a back/forward restore, shows what storage holds now in summaries and built forms', async () => {
    start();
    const details = await openNote('timing');
    save({ 'pass#timing': { text: 'Before the draw', reading: 0 } });
    document.dispatchEvent(new CustomEvent('rules:restored'));
    expect(summary('timing')).toBe("Change your table's ruling");
    expect(details.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value).toBe('0');
  });

  it('draws a ruling recorded elsewhere when the page comes back from the back/forward cache', async () => {
    start();
    save({ 'pass#timing': { text: 'Before the draw', reading: 0 } });
    document.dispatchEvent(new CustomEvent('rules:restored'));
    await vi.waitFor(() => expect(summary('timing')).toBe("Change your table's ruling"));
    expect(lines()).toEqual(['timing: Your table plays: Before the draw']);
  });
});
