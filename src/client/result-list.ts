/**
 * Search result lists in the page: each result as a link built from text only (never HTML), lists updated in
 * place, updates held while a finger or the mouse is down on the list, and the arrow keys moving a highlight.
 *
 * A result already shown keeps its element (its snippet filled in where it changed), and nothing is rebuilt when the
 * results have not changed, so a tap that lands while the list updates (or while the input loses focus) still opens
 * the result it was aimed at.
 */
import type { ShownResult } from './search-engine';
import type { SnippetPart } from '../lib/search/snippet';

/**
 * While a finger or the mouse is down on a list, updates of that list wait (until the click, or shortly after the
 * pointer is up): the result under the pointer stays there until the tap or click has opened it. Returns a
 * function whose promise resolves when an update may go ahead.
 */
export function holdWhilePressed(list: HTMLElement): () => Promise<void> {
  let pressed = false;
  let waiting: (() => void)[] = [];
  let timer = 0;
  const release = () => {
    clearTimeout(timer);
    pressed = false;
    const run = waiting;
    waiting = [];
    for (const f of run) f();
  };
  list.addEventListener('pointerdown', () => {
    pressed = true;
    clearTimeout(timer);
    // A press that never ends in a click (a scroll, a long press) lets updates through after a while.
    timer = window.setTimeout(release, 3000);
  });
  list.addEventListener('click', () => setTimeout(release, 0), true);
  const up = () => {
    if (!pressed) return;
    clearTimeout(timer);
    timer = window.setTimeout(release, 300);
  };
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  return () => (pressed ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve());
}

/**
 * How many em spaces stand in for a snippet still on its way (ShownResult.pending): about the width of a snippet's
 * text (up to 180 characters, see src/lib/search/snippet.ts), so that it wraps to about as many lines and the list
 * hardly moves when the snippet comes.
 */
const PENDING_EMS = 80;

/** A result's snippet: its parts, the hits marked; a pending one (no text yet) as blank bars of about its size. */
function snippetOf(r: ShownResult, parts: readonly SnippetPart[]): HTMLElement {
  const text = document.createElement('span');
  text.className = 'result-snippet';
  if (r.pending) {
    text.dataset.pending = '';
    const bars = document.createElement('span');
    bars.setAttribute('aria-hidden', 'true');
    bars.textContent = '\u2003'.repeat(PENDING_EMS);
    text.append(bars);
    return text;
  }
  for (const p of parts) {
    if (p.hit) {
      const m = document.createElement('mark');
      m.textContent = p.text;
      text.append(m);
    } else text.append(p.text);
  }
  return text;
}

/** A result's link: title, game (when searching all games) and snippet, built from text only. */
export function resultLink(r: ShownResult, parts: readonly SnippetPart[], showGame: boolean): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = r.url;
  a.dataset.result = '';
  const title = document.createElement('span');
  title.className = 'result-title';
  title.textContent = r.title;
  a.append(title);
  if (showGame) {
    const game = document.createElement('span');
    game.className = 'result-game';
    game.textContent = r.gameTitle;
    a.append(game);
  }
  a.append(snippetOf(r, parts));
  return a;
}

/** What a result's snippet says, to tell whether it changed. */
const snippetKey = (r: ShownResult) => (r.pending ? '\u0000' : r.parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join(''));

/**
 * Puts these results into `list`, keeping the element of every result already shown (its snippet rewritten in place
 * when it changed, as when the text comes after the list) and touching the DOM only where the list differs (so a
 * pointer or tap already on a result is not lost).
 */
export function updateList(list: HTMLElement, results: readonly ShownResult[], showGame: boolean, role?: string): void {
  const old = new Map<string, HTMLElement>();
  for (const el of Array.from(list.children) as HTMLElement[]) if (el.dataset.key) old.set(el.dataset.key, el);
  const wanted = results.map((r) => {
    const key = `${r.url}\n${showGame}`;
    const snippet = snippetKey(r);
    const kept = old.get(key);
    old.delete(key);
    if (kept) {
      if (kept.dataset.snippet !== snippet) {
        kept.querySelector('.result-snippet')?.replaceWith(snippetOf(r, r.parts));
        kept.dataset.snippet = snippet;
      }
      return kept;
    }
    const li = document.createElement('li');
    li.dataset.key = key;
    li.dataset.snippet = snippet;
    if (role) li.setAttribute('role', role);
    li.append(resultLink(r, r.parts, showGame));
    return li;
  });
  wanted.forEach((el, i) => {
    if (list.children[i] !== el) list.insertBefore(el, list.children[i] ?? null);
  });
  while (list.children.length > wanted.length) list.lastElementChild!.remove();
}

/** A highlight that the arrow keys move through the results (`a[data-result]`) of a list. */
export interface KeyboardSelection {
  /** No result highlighted (after the list changed). */
  reset(): void;
  /** Highlights the result `delta` places on, wrapping around the ends, and scrolls it into view. */
  move(delta: number): void;
  /** The highlighted result, else the first. */
  target(): HTMLAnchorElement | undefined;
}

/** Arrow keys move a highlight through a list's results (see KeyboardSelection). */
export function keyboardSelection(container: HTMLElement): KeyboardSelection {
  let active = -1;
  const links = () => Array.from(container.querySelectorAll<HTMLAnchorElement>('a[data-result]'));
  return {
    reset() {
      active = -1;
      for (const l of links()) l.removeAttribute('aria-selected');
    },
    move(delta: number) {
      const all = links();
      if (!all.length) return;
      active = (active + delta + all.length) % all.length;
      all.forEach((l, i) => l.setAttribute('aria-selected', String(i === active)));
      all[active]!.scrollIntoView({ block: 'nearest' });
    },
    target: () => links()[Math.max(0, active)],
  };
}

/** Moves the selection on ArrowDown (next) and ArrowUp (previous), instead of the caret; returns whether it did. */
export function arrowKeys(e: KeyboardEvent, selection: KeyboardSelection): boolean {
  const delta = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
  if (delta === 0) return false;
  e.preventDefault();
  selection.move(delta);
  return true;
}
