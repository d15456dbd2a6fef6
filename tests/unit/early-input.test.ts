// @vitest-environment happy-dom
/** Fields a reader changed before the page's script ran (src/client/early-input.ts). */
import { describe, expect, it } from 'vitest';
import { changedBeforeStart } from '../../src/client/early-input';

describe('changedBeforeStart', () => {
  it('finds the checkboxes, radios and lists whose state differs from the built page, and nothing else', () => {
    document.body.innerHTML = `<form>
      <input type="checkbox" name="a" checked><input type="checkbox" name="b">
      <input type="radio" name="c" value="1" checked><input type="radio" name="c" value="2">
      <select name="d"><option value="x" selected>x</option><option value="y">y</option></select>
      <select name="e"><option value="x">x</option><option value="y">y</option></select>
      <select name="g"><option value="x" selected>x</option><option value="y" selected>y</option></select>
      <select name="h" multiple><option value="x">x</option><option value="y" selected>y</option></select>
      <select name="i"></select>
      <input type="text" name="f" value="t"></form>`;
    const form = document.querySelector('form')!;
    expect(changedBeforeStart(form.elements)).toEqual([]);
    const field = (name: string, i = 0) => form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)[i]!;
    field('a').checked = false;
    (form.querySelector('[name="c"][value="2"]') as HTMLInputElement).checked = true;
    (form.querySelector('[name="d"]') as HTMLSelectElement).value = 'y';
    field('f').value = 'typed';
    (form.querySelector('[name="h"] option') as HTMLOptionElement).selected = true;
    expect(changedBeforeStart(form.elements).map((el) => `${el.name}${'value' in el ? `=${el.value}` : ''}`)).toEqual([
      'a=on',
      'c=1',
      'c=2',
      'd=y',
      'h=x',
    ]);
  });
});
