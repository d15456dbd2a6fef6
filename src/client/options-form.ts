/**
 * The options page form: every change is saved at once (validated by the option model, never trusted as typed),
 * options whose requirement fails are disabled, and "Back to defaults" resets the game's setup. "Saved" shows only
 * once the setup reads back from storage; where the browser refuses it, the page says so and carries the setup in
 * its address instead.
 */
import { announceOptions, notSaved, onRestored, optionState, showSetup } from './rules';
import { defaultSettings, describeSettings, isActive, parseSettings, sameSettings, settingsFromForm, setupQuery } from '../lib/options';
import { changedBeforeStart } from './early-input';
import { wordedGame } from './option-words';
import { readSaved } from './saved-setup';
import { readRecent, writeSaved } from './storage';

/** What still works when the setup cannot be stored (see save below). */
const UNSAVED_STILL_APPLIES = 'This setup still applies to the rules you open from here: it travels in the page address.';

/** Starts the options form: fields from the shown setup, each change saved and shown at once. */
export function startOptionsForm(): void {
  const state = optionState();
  const form = document.getElementById('options-form') as HTMLFormElement | null;
  if (!state || !form) return;
  const { game } = state;
  const worded = wordedGame(game);

  /** The form's choices, validated by the option model. */
  const read = () => {
    const data = new FormData(form);
    return settingsFromForm(game, (id) => data.getAll(id).map(String));
  };
  const fill = (settings: Record<string, unknown>) => {
    const full = { ...defaultSettings(game), ...settings };
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !(el.name in full)) continue;
      const v = full[el.name];
      if (el instanceof HTMLSelectElement) el.value = String(v);
      else if (el.type === 'checkbox') el.checked = Array.isArray(v) ? v.includes(el.value) : v === true;
      else if (el.type === 'radio') el.checked = el.value === String(v);
    }
  };
  const markInactive = (settings: Record<string, unknown>) => {
    for (const fs of Array.from(form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-option]'))) {
      const active = isActive(game, fs.dataset.option!, settings as never);
      fs.toggleAttribute('data-inactive', !active);
      fs.disabled = !active;
    }
  };
  const status = document.getElementById('options-status');
  /**
   * Saves the form's setup and shows it. Stored and read back: "Saved: ...". Refused by the browser (storage blocked
   * or full): the player is told, and the setup still applies while they browse, carried in the page's address as
   * a shared setup is (the setup note's links keep it) until it can be saved.
   */
  const save = (settings: ReturnType<typeof read>, message: string) => {
    const stored = writeSaved(game, settings) && sameSettings(game, readSaved(game), settings);
    if (stored) {
      state.saved = settings;
      state.fromUrl = {};
      history.replaceState(history.state, '', location.pathname + location.hash);
    } else {
      // The address carries the whole setup, as a shared link does (the setup note's links keep it).
      const query = setupQuery(game, settings);
      state.fromUrl = parseSettings(game, new URLSearchParams(query));
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    }
    state.shown = { ...settings };
    showSetup(state);
    markInactive(settings);
    announceOptions();
    if (status) status.textContent = stored ? message : notSaved('Not saved', UNSAVED_STILL_APPLIES);
  };
  const describe = (settings: ReturnType<typeof read>) => (worded ? `Saved: ${describeSettings(worded, settings)}.` : 'Saved.');
  // Fields the reader changed while the page loaded are changes: the shown setup is filled in, those fields are put
  // back as the reader left them (a mod ticked joins the mods already chosen), and the result is saved.
  const early = changedBeforeStart(form.elements).map((el) => [el, el instanceof HTMLSelectElement ? el.value : el.checked] as const);
  fill(state.shown);
  for (const [el, value] of early) {
    if (el instanceof HTMLSelectElement) el.value = String(value);
    else el.checked = value === true;
  }
  if (early.length) {
    const settings = read();
    save(settings, describe(settings));
  } else markInactive(state.shown);
  onRestored(() => {
    fill(state.shown);
    markInactive(state.shown);
  });
  form.addEventListener('change', () => {
    const settings = read();
    save(settings, describe(settings));
  });
  document.getElementById('options-reset')?.addEventListener('click', () => {
    const d = defaultSettings(game);
    fill(d);
    save(d, 'Back to the default setup.');
  });
  // "Back to <the rule you came from>": the rule of this game the reader opened last (recently viewed list; the
  // site sends no referrer).
  const back = document.getElementById('options-back') as HTMLAnchorElement | null;
  const last = readRecent()[0];
  if (back && last && last.url.startsWith(`/${game.id}/`)) {
    back.href = last.url;
    back.textContent = `Back to ${last.title}`;
  }
}
