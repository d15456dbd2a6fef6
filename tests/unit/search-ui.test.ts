// @vitest-environment happy-dom
/**
 * The search UI's result lists in a DOM (happy-dom): results written as text, lists updated in place, updates held
 * while the list is pressed, and the arrow keys moving the highlight.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrowKeys, holdWhilePressed, keyboardSelection, resultLink, updateList } from '../../src/client/result-list';
import type { ShownResult } from '../../src/client/search-engine';

const result = (url: string, title: string, text = `About ${title}.`): ShownResult => ({
  url,
  title,
  game: 'pencilvillage',
  gameTitle: 'Pencilvillage',
  parts: [
    { text: 'About ', hit: false },
    { text, hit: true },
  ],
});

const titles = (list: HTMLElement) => Array.from(list.querySelectorAll('.result-title'), (t) => t.textContent);

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('resultLink', () => {
  it('writes title, game and snippet as text, the hits marked', () => {
    const a = resultLink(result('/pencilvillage/fight/', '<b>Fight</b>', 'fights'), result('', '', 'fights').parts, true);
    expect(a.getAttribute('href')).toBe('/pencilvillage/fight/');
    expect(a.dataset.result).toBe('');
    expect(a.querySelector('.result-title')!.textContent).toBe('<b>Fight</b>');
    expect(a.querySelector('b')).toBeNull();
    expect(a.querySelector('.result-game')!.textContent).toBe('Pencilvillage');
    expect(a.querySelector('.result-snippet')!.textContent).toBe('About fights');
    expect(Array.from(a.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['fights']);
  });

  it('leaves the game out when one game is searched', () => {
    expect(resultLink(result('/a/', 'A'), [], false).querySelector('.result-game')).toBeNull();
  });
});

describe('updateList', () => {
  it('keeps the element of every unchanged result, reorders, adds and removes the rest', () => {
    const list = document.createElement('ol');
    updateList(list, [result('/a/', 'A'), result('/b/', 'B'), result('/c/', 'C')], false, 'option');
    expect(titles(list)).toEqual(['A', 'B', 'C']);
    expect(list.children[0]!.getAttribute('role')).toBe('option');
    const [a, b] = [list.children[0], list.children[1]];
    updateList(list, [result('/b/', 'B'), result('/d/', 'D'), result('/a/', 'A')], false, 'option');
    expect(titles(list)).toEqual(['B', 'D', 'A']);
    expect(list.children[0]).toBe(b);
    expect(list.children[2]).toBe(a);
    // Same url, other snippet: the same element, its snippet rewritten.
    const link = b!.querySelector('a');
    updateList(list, [result('/b/', 'B', 'other words')], false, 'option');
    expect(list.children).toHaveLength(1);
    expect(list.children[0]).toBe(b);
    expect(list.querySelector('a')).toBe(link);
    expect(list.querySelector('.result-snippet')!.textContent).toBe('About other words');
    // Shown with or without the game: another element.
    updateList(list, [result('/b/', 'B', 'other words')], true);
    expect(list.children[0]).not.toBe(b);
    expect(list.children[0]!.hasAttribute('role')).toBe(false);
    updateList(list, [], false);
    expect(list.children).toHaveLength(0);
  });

  it('shows a pending snippet as blank bars, then fills it in without moving the result or the list', () => {
    const list = document.createElement('ol');
    const pending = (r: ShownResult): ShownResult => ({ ...r, parts: [], pending: true });
    updateList(list, [pending(result('/a/', 'A')), pending(result('/b/', 'B'))], true);
    const [a, b] = [list.children[0], list.children[1]];
    const snippet = a!.querySelector<HTMLElement>('.result-snippet')!;
    expect(snippet.dataset.pending).toBe('');
    expect(snippet.textContent!.trim()).toBe('');
    expect(snippet.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(a!.querySelector('a')!.textContent!.trim()).toBe('APencilvillage');
    // Pending again (another key typed before the text came): nothing rebuilt.
    updateList(list, [pending(result('/a/', 'A')), pending(result('/b/', 'B'))], true);
    expect(a!.querySelector('.result-snippet')).toBe(snippet);
    updateList(list, [result('/a/', 'A', 'fights'), result('/b/', 'B')], true);
    expect([list.children[0], list.children[1]]).toEqual([a, b]);
    const filled = a!.querySelector<HTMLElement>('.result-snippet')!;
    expect(filled.dataset.pending).toBeUndefined();
    expect(filled.textContent).toBe('About fights');
    expect(Array.from(filled.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['fights']);
  });
});

describe('keyboardSelection and arrowKeys', () => {
  const setUp = () => {
    const list = document.createElement('ol');
    document.body.append(list);
    updateList(list, [result('/a/', 'A'), result('/b/', 'B'), result('/c/', 'C')], false);
    const links = Array.from(list.querySelectorAll('a'));
    const selected = () => links.map((l) => l.getAttribute('aria-selected'));
    return { list, links, selected, selection: keyboardSelection(list) };
  };
  const key = (k: string) => new KeyboardEvent('keydown', { key: k, cancelable: true });

  it('moves the highlight down and up, wrapping at the ends; Enter opens the first when none is chosen', () => {
    const { links, selected, selection } = setUp();
    expect(selection.target()).toBe(links[0]);
    selection.move(1);
    expect(selected()).toEqual(['true', 'false', 'false']);
    selection.move(-1);
    expect(selected()).toEqual(['false', 'false', 'true']);
    expect(selection.target()).toBe(links[2]);
    selection.move(1);
    expect(selection.target()).toBe(links[0]);
    selection.reset();
    expect(selected()).toEqual([null, null, null]);
    expect(selection.target()).toBe(links[0]);
  });

  it('takes ArrowDown and ArrowUp from the caret, leaves other keys alone', () => {
    const { links, selection } = setUp();
    const down = key('ArrowDown');
    expect(arrowKeys(down, selection)).toBe(true);
    expect(down.defaultPrevented).toBe(true);
    expect(arrowKeys(key('ArrowDown'), selection)).toBe(true);
    expect(selection.target()).toBe(links[1]);
    expect(arrowKeys(key('ArrowUp'), selection)).toBe(true);
    expect(selection.target()).toBe(links[0]);
    const other = key('a');
    expect(arrowKeys(other, selection)).toBe(false);
    expect(other.defaultPrevented).toBe(false);
    expect(arrowKeys(key('Escape'), selection)).toBe(false);
    expect(selection.target()).toBe(links[0]);
  });

  it('does nothing on an empty list', () => {
    const selection = keyboardSelection(document.createElement('ol'));
    selection.move(1);
    expect(selection.target()).toBeUndefined();
  });
});

describe('holdWhilePressed', () => {
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('lets updates through at once when nothing is pressed', async () => {
    vi.useFakeTimers();
    const list = document.createElement('ol');
    expect(await settled(holdWhilePressed(list)())).toBe(true);
  });

  it('holds updates from a press until its click', async () => {
    vi.useFakeTimers();
    const list = document.createElement('ol');
    document.body.append(list);
    const released = holdWhilePressed(list);
    list.dispatchEvent(new Event('pointerdown'));
    const update = released();
    expect(await settled(update)).toBe(false);
    list.dispatchEvent(new Event('click'));
    expect(await settled(update)).toBe(true);
  });

  it('lets updates through 300 ms after the pointer is up without a click, and 3 s into a long press', async () => {
    vi.useFakeTimers();
    const list = document.createElement('ol');
    document.body.append(list);
    const released = holdWhilePressed(list);
    list.dispatchEvent(new Event('pointerdown'));
    const afterUp = released();
    window.dispatchEvent(new Event('pointerup'));
    await vi.advanceTimersByTimeAsync(250);
    expect(await settled(afterUp)).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(await settled(afterUp)).toBe(true);
    list.dispatchEvent(new Event('pointerdown'));
    const longPress = released();
    await vi.advanceTimersByTimeAsync(2900);
    expect(await settled(longPress)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(longPress)).toBe(true);
  });
});
