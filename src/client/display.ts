/**
 * Display settings in the footer: theme (light/dark, else the system's) and text size, applied at once and kept in
 * the same tap (a page left a moment later keeps them). The head script applies the kept ones before the first paint.
 */
import { notSaved, onRestored, toast } from './rules';
import { readPreferences, writePreferences, type Preferences } from './saved-prefs';

/** Keeps the display settings; where storage refuses, says the change applies to this page only. */
function keep(change: Preferences, what: string) {
  if (!writePreferences({ ...readPreferences(), ...change })) toast(notSaved('Not kept', `The ${what} applies to this page only.`));
}

/** Starts the footer's theme button and text-size menu; call once per page. */
export function startDisplaySettings(root: HTMLElement = document.documentElement): void {
  // The button's label ("Dark theme" / "Light theme") is in the HTML and chosen by CSS from the same state as
  // the colours, so it is right from the first paint and never reflows the footer.
  document.getElementById('theme-toggle')?.addEventListener('click', () => {
    const shown = root.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    const theme = shown === 'dark' ? 'light' : 'dark';
    root.dataset.theme = theme;
    keep({ theme }, 'theme');
  });
  const size = document.getElementById('text-size') as HTMLSelectElement | null;
  if (!size) return;
  // The head script set the kept size on <html> (again after a back/forward restore, before `rules:restored`).
  const show = () => (size.value = root.dataset.textSize ?? 'normal');
  show();
  onRestored(show);
  size.addEventListener('change', () => {
    const value = size.value;
    const textSize = value === 'small' || value === 'large' || value === 'larger' ? value : undefined;
    if (textSize) root.dataset.textSize = textSize;
    else delete root.dataset.textSize;
    keep({ textSize }, 'text size');
  });
}
