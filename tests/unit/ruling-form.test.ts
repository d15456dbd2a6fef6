// @vitest-environment happy-dom
/**
 * A note's ruling form (the same on a rule page and on the unclear page): what it shows for a saved ruling, and what
 * ruling it holds once the table picks or types.
 */
import { describe, expect, it } from 'vitest';
import { buildRulingFields, fillRulingForm, formRuling, readRulingForm } from '../../src/client/ruling-form';

function form() {
  const root = document.createElement('div');
  root.append(buildRulingFields(['1 per level (rulebook)', '2 per level (online reference)'], 'r-x', 'Setup: enemies'));
  document.body.replaceChildren(root);
  return readRulingForm(root, 'setup-enemies#solo-enemy-count');
}
const checked = (f: ReturnType<typeof form>) => f.radios.filter((r) => r.checked).map((r) => r.value);

describe('ruling form', () => {
  it('offers each reading, own words and Clear, named for screen readers', () => {
    const f = form();
    expect(f.readings).toEqual(['1 per level (rulebook)', '2 per level (online reference)']);
    expect(f.radios.map((r) => r.value)).toEqual(['0', '1', 'own']);
    expect(f.root.querySelector('[data-clear]')!.textContent).toBe('Clear the ruling on Setup: enemies');
    expect(formRuling(f)).toBeUndefined();
  });

  it('shows a saved ruling: a reading by its index when the text still matches, else by its text, else as own words', () => {
    const f = form();
    fillRulingForm(f, { text: '2 per level (online reference)', reading: 1 });
    expect(checked(f)).toEqual(['1']);
    // The note's readings were reordered since: the text decides.
    fillRulingForm(f, { text: '1 per level (rulebook)', reading: 1 });
    expect(checked(f)).toEqual(['0']);
    fillRulingForm(f, { text: 'We play 3' });
    expect(checked(f)).toEqual(['own']);
    expect(f.own.value).toBe('We play 3');
    fillRulingForm(f, undefined);
    expect(checked(f)).toEqual([]);
    expect(f.own.value).toBe('');
  });

  it('holds the reading picked, or the own words typed (trimmed, at most 300 characters)', () => {
    const f = form();
    f.radios[1]!.checked = true;
    expect(formRuling(f)).toEqual({ text: '2 per level (online reference)', reading: 1 });
    f.radios[2]!.checked = true;
    expect(formRuling(f)).toBeUndefined();
    f.own.value = `  ${'x'.repeat(400)} `;
    expect(formRuling(f)).toEqual({ text: 'x'.repeat(300) });
  });
});
