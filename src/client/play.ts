/**
 * The play-along page: the current round, kept per game on this device (validated on read) until "New game", moved
 * by the next and previous controls, and the special lines of that round. Which lines belong to the current setup is
 * the options CSS's job (before the first paint); this script only picks the round's lines among them and reads the
 * setup's length from the length the CSS shows. At the last round it shows how the game ends (`[data-game-end]`); in a
 * game that ends on a trigger, once the reader marks it met (`[data-end-triggered]`): that round is finished, then
 * one final round.
 */
import { clampRound, roundLabel } from '../lib/play-along';
import { clearRound, readEndRound, readRound, roundUnreadable, writeEndRound, writeRound } from './saved-progress';
import { notSaved, toast } from './rules';

const shown = (el: Element): boolean => (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;

/** Starts the page: restores the round, wires the controls. */
export function startPlayAlong(): void {
  const game = document.body.dataset.game;
  const panel = document.querySelector<HTMLElement>('[data-play]');
  if (!game || !panel) return;
  const unit = panel.dataset.unit ?? 'round';
  const stageWord = panel.dataset.stageWord;
  const num = panel.querySelector<HTMLElement>('[data-round]')!;
  const of = panel.querySelector<HTMLElement>('[data-round-of]')!;
  const stage = panel.querySelector<HTMLElement>('[data-round-stage]')!;
  const prev = panel.querySelector<HTMLButtonElement>('[data-prev-round]')!;
  const next = panel.querySelector<HTMLButtonElement>('[data-next-round]')!;
  const status = document.getElementById('play-status');
  const specials = Array.from(panel.querySelectorAll<HTMLElement>('[data-special]'));
  const skipped = Array.from(document.querySelectorAll<HTMLElement>('[data-phase][data-except]'));
  const none = panel.querySelector<HTMLElement>('[data-special-none]');
  const unsaved = panel.querySelector<HTMLElement>('[data-play-unsaved]');
  const rounds = document.querySelector<HTMLElement>('[data-rounds]:not([data-triggers])');
  const gameEnd = document.querySelector<HTMLElement>('[data-game-end]');
  const trigger = panel.querySelector<HTMLButtonElement>('[data-end-triggered]');
  const triggerNote = panel.querySelector<HTMLElement>('[data-end-note]');
  const finalRound = panel.querySelector<HTMLElement>('[data-final-round]');
  let saved = true;
  let endRound = trigger ? readEndRound(game) : undefined;

  /** The setup's length, as the options CSS shows it (none where the game ends on triggers). */
  const length = (): { rounds: number; stage?: number } | undefined => {
    // A game that ends on a trigger: the round it was met in is finished, then 1 final round.
    if (trigger) return endRound !== undefined ? { rounds: endRound + 1 } : undefined;
    const el = Array.from(document.querySelectorAll<HTMLElement>('[data-lengths] [data-count]')).find(shown);
    if (!el) return undefined;
    const stageLength = Number(el.dataset.stage);
    return { rounds: Number(el.dataset.count), ...(stageLength ? { stage: stageLength } : {}) };
  };
  let round = readRound(game) ?? 1;
  // A kept round that is not one: replaced by round 1, and said (never a silent restart).
  const reset = roundUnreadable(game);
  if (reset) {
    saved = writeRound(game, 1);
    const line = `Your saved ${unit} could not be read: the game was reset to ${unit} 1.`;
    toast(saved ? line : `${line} ${notSaved('It could not be replaced')}`);
    const notice = panel.querySelector<HTMLElement>('[data-play-reset]');
    if (notice) {
      notice.textContent = line;
      notice.hidden = false;
    }
  }

  const render = (announce = false) => {
    const len = length();
    round = clampRound(round, len?.rounds);
    // The setup's length alone, where the HTML holds one per setup for the CSS to pick from.
    if (len && rounds) rounds.textContent = String(len.rounds);
    num.textContent = String(round);
    of.textContent = len ? ` of ${len.rounds}` : '';
    const label = roundLabel(round, unit, len, stageWord);
    stage.textContent = label.split(' · ')[1] ?? '';
    prev.disabled = round <= 1;
    next.disabled = !!len && round >= len.rounds;
    for (const li of specials) li.hidden = !(li.dataset.at ?? '').split(' ').includes(String(round));
    for (const li of skipped) li.hidden = (li.dataset.except ?? '').split(' ').includes(String(round));
    if (none) none.hidden = specials.some(shown);
    if (gameEnd) gameEnd.hidden = trigger ? endRound === undefined : !len || round < len.rounds;
    if (trigger) {
      trigger.setAttribute('aria-pressed', String(endRound !== undefined));
      trigger.disabled = endRound !== undefined && endRound !== round;
      if (triggerNote) triggerNote.hidden = endRound === undefined;
      if (finalRound && endRound !== undefined) finalRound.textContent = roundLabel(endRound + 1, unit);
    }
    if (status && announce) status.textContent = label;
    if (unsaved) unsaved.hidden = saved;
    panel.removeAttribute('data-pending');
  };
  const go = (to: number) => {
    round = clampRound(to, length()?.rounds);
    saved = writeRound(game, round);
    render(true);
  };
  trigger?.addEventListener('click', () => {
    // Pressed again in the same round: the trigger was marked by mistake.
    endRound = endRound === undefined ? round : undefined;
    saved = writeEndRound(game, endRound);
    render(true);
  });
  prev.addEventListener('click', () => go(round - 1));
  next.addEventListener('click', () => go(round + 1));

  const dialog = document.getElementById('play-confirm') as HTMLDialogElement | null;
  document.getElementById('play-new')?.addEventListener('click', () => {
    if (dialog?.showModal) dialog.showModal();
    else if (window.confirm('Start a new game? The round goes back to 1.')) newGame();
  });
  const newGame = () => {
    saved = clearRound(game);
    round = 1;
    endRound = undefined;
    render(true);
  };
  dialog?.addEventListener('close', () => {
    if (dialog.returnValue === 'new') newGame();
    dialog.returnValue = '';
  });
  document.addEventListener('rules:options', () => render());
  // Restored from the back/forward cache: the round may have moved on another page load since.
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    round = readRound(game) ?? 1;
    endRound = trigger ? readEndRound(game) : undefined;
    render();
  });
  render();
}
