/**
 * The setup guide's checkboxes: ticks are restored from and saved to this device (per game, validated on read: a
 * corrupt value is ignored), "Start over" clears them, and a status line counts the steps of the shown setup.
 */
import { api, notSaved, toast } from './rules';

export function startSetupGuide(): void {
  const head = api();
  const game = document.body.dataset.game;
  if (!head || !game) return;
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('main input[type="checkbox"][data-step]'));
  const known = new Set(boxes.map((b) => b.dataset.step!));
  const ticks = new Set([...head.readTicks(game)].filter((id) => known.has(id)));
  const status = document.getElementById('guide-status');

  /** "3 of 14 steps done": only the steps the current setup shows count. */
  const render = () => {
    const shown = boxes.filter((b) => b.checkVisibility?.() ?? b.offsetParent !== null);
    const done = shown.filter((b) => b.checked).length;
    if (status) status.textContent = done === 0 ? `${shown.length} steps for this setup.` : `${done} of ${shown.length} steps done.`;
  };
  for (const b of boxes) b.checked = ticks.has(b.dataset.step!);
  render();

  document.querySelector('main')?.addEventListener('change', (e) => {
    const box = e.target as HTMLInputElement;
    if (!box.matches?.('input[type="checkbox"][data-step]')) return;
    if (box.checked) ticks.add(box.dataset.step!);
    else ticks.delete(box.dataset.step!);
    if (!head.writeTicks(game, ticks)) toast(notSaved(head, 'Ticks not kept', 'They last while this page is open.'));
    render();
  });
  document.getElementById('guide-reset')?.addEventListener('click', () => {
    ticks.clear();
    for (const b of boxes) b.checked = false;
    const stored = head.writeTicks(game, ticks);
    render();
    toast(stored ? 'All ticks cleared' : notSaved(head, 'Cleared on this page only'));
  });
  document.addEventListener('rules:options', render);
}
