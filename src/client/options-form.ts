/**
 * The options page form: every change is saved at once (validated by the option model, never trusted as typed),
 * options whose requirement fails are disabled, and "Back to defaults" resets the game's setup.
 */
import { announceOptions, api, onRestored, optionState } from './rules';

export function startOptionsForm(): void {
  const head = api();
  const state = optionState();
  const form = document.getElementById('options-form') as HTMLFormElement | null;
  if (!head || !state || !form) return;
  const { game } = state;

  /** The form's choices, validated by the option model. */
  const read = () => {
    const data = new FormData(form);
    return head.settingsFromForm(game, (id) => data.getAll(id).map(String));
  };
  const fill = (settings: Record<string, unknown>) => {
    const full = { ...head.defaultSettings(game), ...settings };
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
      const active = head.isActive(game, fs.dataset.option!, settings as never);
      fs.toggleAttribute('data-inactive', !active);
      fs.disabled = !active;
    }
  };
  const status = document.getElementById('options-status');
  const save = (settings: ReturnType<typeof read>, message: string) => {
    head.writeSaved(game, settings);
    state.saved = settings;
    state.fromUrl = {};
    state.shown = { ...settings };
    history.replaceState(history.state, '', location.pathname + location.hash);
    head.show(state);
    markInactive(settings);
    announceOptions();
    if (status) status.textContent = message;
  };
  fill(state.shown);
  markInactive(state.shown);
  onRestored(() => {
    fill(state.shown);
    markInactive(state.shown);
  });
  form.addEventListener('change', () => {
    const settings = read();
    save(settings, `Saved: ${head.describeSettings(game, settings)}.`);
  });
  document.getElementById('options-reset')?.addEventListener('click', () => {
    const d = head.defaultSettings(game);
    fill(d);
    save(d, 'Back to the default setup.');
  });
  // "Back to <the rule you came from>": the rule of this game the reader opened last (recently viewed list; the
  // site sends no referrer).
  const back = document.getElementById('options-back') as HTMLAnchorElement | null;
  const last = head.readRecent()[0];
  if (back && last && last.url.startsWith(`/${game.id}/`)) {
    back.href = last.url;
    back.textContent = `Back to ${last.title}`;
  }
}
