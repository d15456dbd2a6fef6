/** Display settings: theme (light/dark, else the system's) and text size, applied at once and kept. */
import { notSaved, onRestored, toast } from './rules';
import { readPreferences, writePreferences } from './storage';

/** Starts the footer's theme button and text-size menu; call once per page. */
export function startDisplaySettings(): void {
  const root = document.documentElement;
  const theme = document.getElementById('theme-toggle');
  const size = document.getElementById('text-size') as HTMLSelectElement | null;
  const effective = () => root.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  // The button's label ("Dark theme" / "Light theme") is in the HTML and chosen by CSS from the same state as
  // the colours, so it is right from the first paint and never reflows the footer.
  theme?.addEventListener('click', () => {
    const next = effective() === 'dark' ? 'light' : 'dark';
    root.dataset.theme = next;
    const stored = writePreferences({ ...readPreferences(), theme: next });
    if (!stored) toast(notSaved('Not kept', 'The theme applies to this page only.'));
  });
  if (size) {
    size.value = readPreferences().textSize ?? 'normal';
    onRestored(() => (size.value = readPreferences().textSize ?? 'normal'));
    size.addEventListener('change', () => {
      const value = size.value === 'small' || size.value === 'large' || size.value === 'larger' ? size.value : undefined;
      if (value) root.dataset.textSize = value;
      else delete root.dataset.textSize;
      const stored = writePreferences({ ...readPreferences(), textSize: value });
      if (!stored) toast(notSaved('Not kept', 'The text size applies to this page only.'));
    });
  }
}
