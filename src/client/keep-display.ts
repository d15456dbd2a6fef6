/**
 * Keeps a display setting the reader just changed (`rules:prefs`; loaded by `display.ts` on the first change, which
 * has already applied it): where storage refuses, says the change applies to this page only.
 */
import { notSaved, toast } from './rules';
import { readPreferences, writePreferences, type Preferences } from './saved-prefs';

/** Stores `change` over the kept settings (an undefined field returns to the default); `what` names it in the toast. */
export function keepDisplay(change: Preferences, what: string): void {
  if (!writePreferences({ ...readPreferences(), ...change })) toast(notSaved('Not kept', `The ${what} applies to this page only.`));
}
