/**
 * The setup guide's checkboxes: ticks are restored from and saved to this device (per game, validated on read: a
 * corrupt value is ignored; read again when another tab changes them or Back brings the page back), "Start over" clears them with an "Undo" that puts them back until the next tick, and a
 * status line (kept in view by the page's CSS) counts the steps of the shown setup.
 */
import { changedBeforeStart } from './early-input';
import { notSaved, onRestored, toast } from './rules';
import { readTicks, writeTicks } from './saved-progress';
import { storageProblem } from './storage';

/** Starts the setup guide's checkboxes, its "Start over" button and its status line; call once on that page. */
export function startSetupGuide(): void {
  const game = document.body.dataset.game;
  if (!game) return;
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('main input[type="checkbox"][data-step]'));
  const known = new Set(boxes.map((b) => b.dataset.step!));
  const ticks = new Set([...readTicks(game)].filter((id) => known.has(id)));
  const status = document.getElementById('guide-status');
  const undo = document.getElementById('guide-undo');
  /** The ticks "Start over" cleared, while they can still be put back. */
  let cleared: string[] = [];

  /** "3 of 14 steps done": only the steps the current setup shows count. */
  const render = () => {
    const shown = boxes.filter((b) => b.checkVisibility?.() ?? b.offsetParent !== null);
    const done = shown.filter((b) => b.checked).length;
    if (status) status.textContent = done === 0 ? `${shown.length} steps for this setup.` : `${done} of ${shown.length} steps done.`;
  };
  /** Shows the ticks of `ticks` on the boxes, saves them and recounts; says so when they could not be saved. */
  const apply = () => {
    for (const b of boxes) b.checked = ticks.has(b.dataset.step!);
    const stored = writeTicks(game, ticks);
    render();
    if (!stored) toast(notSaved('Ticks not kept', 'They last while this page is open.'));
    return stored;
  };
  const dropUndo = () => {
    cleared = [];
    if (undo) undo.hidden = true;
  };
  // Boxes ticked (or unticked) while the page loaded are changes: kept and saved.
  const early = changedBeforeStart(boxes) as HTMLInputElement[];
  for (const b of early) {
    if (b.checked) ticks.add(b.dataset.step!);
    else ticks.delete(b.dataset.step!);
  }
  if (early.length) apply();
  else {
    for (const b of boxes) b.checked = ticks.has(b.dataset.step!);
    render();
  }

  document.querySelector('main')?.addEventListener('change', (e) => {
    const box = e.target as HTMLInputElement;
    if (!box.matches?.('input[type="checkbox"][data-step]')) return;
    if (box.checked) ticks.add(box.dataset.step!);
    else ticks.delete(box.dataset.step!);
    dropUndo();
    if (!writeTicks(game, ticks)) toast(notSaved('Ticks not kept', 'They last while this page is open.'));
    render();
  });
  document.getElementById('guide-reset')?.addEventListener('click', () => {
    if (ticks.size === 0) return toast('No ticks to clear');
    cleared = [...ticks];
    ticks.clear();
    apply();
    if (status) status.textContent = `Ticks cleared (${cleared.length}). ${status.textContent}`;
    if (undo) {
      undo.hidden = false;
      undo.focus();
    }
  });
  undo?.addEventListener('click', () => {
    for (const id of cleared) ticks.add(id);
    dropUndo();
    if (apply()) toast('Ticks restored');
    document.getElementById('guide-reset')?.focus();
  });
  document.addEventListener('rules:options', render);
  // Ticks changed elsewhere (another tab, or before Back brought this page back): what storage holds now, so that
  // the next tick here does not write the old set over them. Not when storage refused this page's own ticks.
  onRestored(() => {
    if (storageProblem()) return;
    ticks.clear();
    for (const id of readTicks(game)) if (known.has(id)) ticks.add(id);
    for (const b of boxes) b.checked = ticks.has(b.dataset.step!);
    render();
  });
}
