/**
 * On a rule page: each "Unclear in the rules" note holds a disclosure, "Record your table's ruling" ("Change..."
 * once the table has one). Its form (`ruling-form.ts`) is loaded and built the first time the disclosure opens, so a
 * rule page does not carry it until a table wants it. A ruling saved there shows at once above the note (`show`, the
 * page's "Your table plays" lines) and on the unclear-rules page.
 */
import { rulingKey } from './rulings';
import { api, onRestored } from './rules';
import type { Ruling } from './storage';

/** A note's disclosure, and its form once built (`fill` shows a ruling in it). */
interface NoteRuling {
  key: string;
  summary: HTMLElement;
  fill?: (ruling: Ruling | undefined) => void;
}

/** The readings a note offers (`data-readings`, a JSON list of strings); none if the list cannot be read. */
export function noteReadings(note: HTMLElement): string[] {
  try {
    const parsed: unknown = JSON.parse(note.dataset.readings ?? '');
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return []; // the table can still write its own
  }
}

/** The summary's words: whether the table has a ruling on this note yet. */
export const disclosureLabel = (ruled: boolean): string => (ruled ? "Change your table's ruling" : "Record your table's ruling");

/** Adds the disclosure to each unclear note of the rule page and keeps the summaries (and built forms) current. */
export function startNoteRulings(show: () => void): void {
  const head = api();
  const game = document.body.dataset.game;
  const slug = document.querySelector<HTMLElement>('article.entry')?.dataset.slug;
  if (!head || !game || !slug) return;
  const title = document.querySelector('article.entry h1')?.textContent?.trim() ?? slug;
  const notes: NoteRuling[] = [];
  /** Each summary (and, with `fill`, each built form) as storage has them now. */
  const refresh = (fill: boolean) => {
    const rulings = head.readRulings(game);
    for (const note of notes) {
      if (fill) note.fill?.(rulings[note.key]);
      note.summary.textContent = disclosureLabel(!!rulings[note.key]);
    }
  };
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('.prose [data-unclear][data-readings]'))) {
    const id = element.dataset.unclear!;
    const details = document.createElement('details');
    details.className = 'ruling-here';
    const summary = document.createElement('summary');
    details.append(summary);
    element.append(details);
    const note: NoteRuling = { key: rulingKey(slug, id), summary };
    notes.push(note);
    let loading: Promise<void> | undefined;
    details.addEventListener('toggle', () => {
      if (!details.open || loading) return;
      loading = import('./ruling-form').then(({ buildNoteForm }) => {
        note.fill = buildNoteForm(details, noteReadings(element), note.key, `r-${slug}--${id}`, title, game, () => {
          show();
          refresh(false); // not the forms: one holds what is being typed
        });
        note.fill(head.readRulings(game)[note.key]);
      });
    });
  }
  refresh(true);
  onRestored(() => refresh(true)); // the lines above the notes redraw themselves (showRulings)
}
