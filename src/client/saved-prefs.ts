/**
 * The reader's display settings (`rules:prefs`): theme and text size, validated on read (see storage.ts). The head
 * script applies them before the first paint; the footer's menu changes them (`display-change.ts`).
 */
import { isRecord, PREFS_KEY, readJson, writeJson } from './storage';

/** The reader's display settings (unset: the system's theme, normal text). */
export interface Preferences {
  theme?: 'light' | 'dark';
  textSize?: 'small' | 'large' | 'larger';
}

/** Theme and text size (anything else is dropped). */
export function readPreferences(): Preferences {
  const data = readJson(PREFS_KEY);
  const out: Preferences = {};
  if (!isRecord(data)) {
    // The first release kept only the theme, under `theme`.
    let legacy: string | null = null;
    try {
      legacy = localStorage.getItem('theme'); // stored as plain text, not JSON
    } catch {
      /* storage blocked */
    }
    if (legacy === 'light' || legacy === 'dark') out.theme = legacy;
    return out;
  }
  if (data.theme === 'light' || data.theme === 'dark') out.theme = data.theme;
  if (data.textSize === 'small' || data.textSize === 'large' || data.textSize === 'larger') out.textSize = data.textSize;
  return out;
}

/** Saves theme and text size (an undefined field returns to the default); false when they could not be stored. */
export function writePreferences(prefs: Preferences): boolean {
  return writeJson(PREFS_KEY, prefs);
}
