/**
 * Taps made while a page was still loading. A checkbox, radio or list a reader changes before the page's script has
 * run shows the change, but no script heard it; the script then sets the fields from what is stored, and the tap is
 * lost without a word. Scripts that set fields on start ask first which ones the reader already changed, and keep
 * those as changes.
 */

/**
 * Whether a list's choice differs from the built page's: the option with the `selected` attribute (the last one, if
 * several; the first option if none, as a browser picks for a one-choice list). The attribute is read as such
 * (`defaultSelected`; happy-dom, the unit tests' DOM, lacks the property).
 */
function selectChanged(el: HTMLSelectElement): boolean {
  const options = Array.from(el.options);
  if (el.multiple) return options.some((o) => o.selected !== o.hasAttribute('selected'));
  if (!options.length) return false;
  let built = 0;
  options.forEach((o, i) => void (o.hasAttribute('selected') && (built = i)));
  // Read from the options, not `selectedIndex` (happy-dom gets that wrong for an option with the attribute).
  return options.findIndex((o) => o.selected) !== built;
}

/** A field whose state a script restores on start. */
export type StatefulField = HTMLInputElement | HTMLSelectElement;

/**
 * The fields among `fields` whose state differs from the one the page was built with (`defaultChecked`, the
 * `selected` attribute of a list's options): changed by the reader before the script ran. The fields carry
 * `autocomplete="off"`, so no browser puts old values back on a reload, which would look the same.
 */
export function changedBeforeStart(fields: Iterable<Element>): StatefulField[] {
  const changed: StatefulField[] = [];
  for (const el of fields) {
    if (el instanceof HTMLInputElement) {
      if ((el.type === 'checkbox' || el.type === 'radio') && el.checked !== el.defaultChecked) changed.push(el);
    } else if (el instanceof HTMLSelectElement && selectChanged(el)) changed.push(el);
  }
  return changed;
}
