/**
 * Taps made while a page was still loading. A checkbox, radio or list a reader changes before the page's script has
 * run shows the change, but no script heard it; the script then sets the fields from what is stored, and the tap is
 * lost without a word. Scripts that set fields on start ask first which ones the reader already changed, and keep
 * those as changes.
 */

/** A field whose state a script restores on start. */
export type StatefulField = HTMLInputElement | HTMLSelectElement;

/**
 * The fields among `fields` whose state differs from the one the page was built with (`defaultChecked`, an
 * option's `selected` attribute): changed by the reader before the script ran. The forms holding them set `autocomplete="off"`,
 * so no browser puts old values back on a reload, which would look the same.
 */
export function changedBeforeStart(fields: Iterable<Element>): StatefulField[] {
  const changed: StatefulField[] = [];
  for (const el of fields) {
    if (el instanceof HTMLInputElement) {
      if ((el.type === 'checkbox' || el.type === 'radio') && el.checked !== el.defaultChecked) changed.push(el);
    } else if (el instanceof HTMLSelectElement) {
      // `defaultSelected` is the `selected` attribute, read as such (happy-dom, the unit tests' DOM, lacks the property).
      if (Array.from(el.options).some((o) => o.selected !== o.hasAttribute('selected'))) changed.push(el);
    }
  }
  return changed;
}
