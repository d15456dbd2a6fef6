/**
 * One "Unclear in the rules" note's ruling form, wherever it stands: on the unclear-rules page (rendered there) and
 * inside the note on its rule page (built here). The table picks one of the note's readings or writes its own; the
 * ruling is saved on this device at once (`rules:rulings:<game>`, under `<slug>#<id>`), and cleared with "Clear".
 * Everything that comes from storage is shown as text.
 */
import { notSaved, toast } from './rules';
import { readRulings, writeRulings, type Ruling } from './saved-rulings';

/** A note's form as the page holds it. */
export interface RulingForm {
  /** `<slug>#<id>`: the key of the note's ruling. */
  key: string;
  root: HTMLElement;
  readings: string[];
  radios: HTMLInputElement[];
  own: HTMLInputElement;
}

/** Reads the form inside `root` (its readings are the `[data-reading]` texts, in order). */
export function readRulingForm(root: HTMLElement, key: string): RulingForm {
  return {
    key,
    root,
    readings: Array.from(root.querySelectorAll('[data-reading]')).map((s) => s.textContent ?? ''),
    radios: Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')),
    own: root.querySelector<HTMLInputElement>('input[data-own]')!,
  };
}

/** The reading a ruling names, if it is one of the note's (by index, checked against the text). */
function readingOf(form: RulingForm, ruling: Ruling): number | undefined {
  if (ruling.reading !== undefined && form.readings[ruling.reading] === ruling.text) return ruling.reading;
  const i = form.readings.indexOf(ruling.text);
  return i >= 0 ? i : undefined;
}

/** Shows a ruling in the form (none: nothing chosen, no text). */
export function fillRulingForm(form: RulingForm, ruling: Ruling | undefined): void {
  const reading = ruling && readingOf(form, ruling);
  for (const r of form.radios) r.checked = !!ruling && (reading === undefined ? r.value === 'own' : r.value === String(reading));
  form.own.value = ruling && reading === undefined ? ruling.text : '';
}

/** The ruling a form holds, or undefined when it holds none. */
export function formRuling(form: RulingForm): Ruling | undefined {
  const picked = form.radios.find((r) => r.checked)?.value;
  if (picked === undefined) return undefined;
  if (picked === 'own') {
    const text = form.own.value.trim().slice(0, 300);
    return text ? { text } : undefined;
  }
  const i = Number(picked);
  return form.readings[i] ? { text: form.readings[i]!, reading: i } : undefined;
}

/** What a ruling that could not be stored still does (see `bindRulingForm`). */
export const RULING_LOST = 'It is lost when you leave this page.';

/**
 * Saves what the form holds whenever the table changes it (a reading picked, own words typed, "Clear"), then calls
 * `saved` with whether it was stored. Rulings of other notes are kept as they are. Where storage is blocked or full,
 * the player is told at once.
 */
export function bindRulingForm(form: RulingForm, game: string, saved: (stored: boolean) => void): void {
  const save = (ruling: Ruling | undefined) => {
    const all = readRulings(game);
    if (ruling) all[form.key] = ruling;
    else delete all[form.key];
    const stored = writeRulings(game, all);
    saved(stored);
    if (!stored) toast(notSaved('Ruling not saved', RULING_LOST));
    return stored;
  };
  form.root.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.type === 'radio' && target.value === 'own' && !form.own.value.trim()) {
      form.own.focus();
      return; // saved once there is text
    }
    if (target.type === 'radio') save(formRuling(form));
  });
  form.own.addEventListener('input', () => {
    const own = form.radios.find((r) => r.value === 'own');
    if (own && form.own.value.trim()) own.checked = true;
    if (own?.checked) save(formRuling(form));
  });
  form.root.querySelector('[data-clear]')?.addEventListener('click', () => {
    fillRulingForm(form, undefined);
    if (save(undefined)) toast('Ruling cleared');
  });
}

/** An element with a class and text. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The form's elements, as the unclear-rules page renders them: a radio per reading, "Our own ruling" with its text
 * field, and "Clear". `name` groups the radios (unique in the page); `title` names the rule for screen readers.
 */
export function buildRulingFields(readings: readonly string[], name: string, title: string): HTMLFieldSetElement {
  const fieldset = el('fieldset', 'ruling-form');
  fieldset.append(el('legend', '', 'Your table plays'));
  const radio = (value: string, label: HTMLElement) => {
    const l = el('label', 'radio');
    const input = el('input', '');
    input.type = 'radio';
    input.name = name;
    input.value = value;
    l.append(input, label);
    return l;
  };
  readings.forEach((r, i) => {
    const span = el('span', '', r);
    span.dataset.reading = '';
    fieldset.append(radio(String(i), span));
  });
  fieldset.append(radio('own', el('span', '', 'Our own ruling')));
  const ownLabel = el('label', 'own-ruling');
  const own = el('input', '');
  own.type = 'text';
  own.maxLength = 300;
  own.autocomplete = 'off';
  own.dataset.own = '';
  own.placeholder = 'Write your ruling';
  ownLabel.append(el('span', 'visually-hidden', `Our own ruling on ${title}`), own);
  const clear = el('button', 'link-button', 'Clear');
  clear.type = 'button';
  clear.dataset.clear = '';
  clear.append(el('span', 'visually-hidden', ` the ruling on ${title}`));
  fieldset.append(ownLabel, clear);
  return fieldset;
}

/**
 * A rule page's note form (`note-rulings.ts` loads this module when a note's disclosure first opens): the fields go
 * into `details`, bound to storage; `saved` runs after each change. Returns what shows a ruling in the form.
 */
export function buildNoteForm(
  details: HTMLElement,
  readings: readonly string[],
  key: string,
  name: string,
  title: string,
  game: string,
  saved: () => void,
): (ruling: Ruling | undefined) => void {
  details.append(buildRulingFields(readings, name, title));
  const form = readRulingForm(details, key);
  bindRulingForm(form, game, saved);
  return (ruling) => fillRulingForm(form, ruling);
}
