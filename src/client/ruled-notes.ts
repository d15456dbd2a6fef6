/**
 * A rule page's unclear notes once the table uses them (loaded by `note-rulings.ts`): the table's ruling above each
 * note it has ruled on, the summaries that say so ("Change your table's ruling"), and each note's form
 * (`ruling-form.ts`), built the first time its disclosure opens. A ruling saved there shows at once above the note and
 * on the unclear-rules page.
 */
import type { NoteRuling } from './note-rulings';
import { disclosureLabel } from '../lib/unclear-rulings';
import { onRestored } from './rules';
import { drawRulings, showRulings } from './rulings';
import { readRulings } from './saved-rulings';

/** What `note-rulings.ts` asks of this module once loaded. */
export interface RuledNotes {
  /** Builds the note's form, filled with its ruling, unless it is built already. */
  open(note: NoteRuling): void;
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

/** Draws the rulings above the notes and keeps the summaries (and built forms) current; call once per rule page. */
export function startRuledNotes(game: string, slug: string, notes: readonly NoteRuling[]): RuledNotes {
  const title = document.querySelector('article.entry h1')?.textContent?.trim() ?? slug;
  /** Each summary (and, with `fill`, each built form) as storage has them now. */
  const refresh = (fill: boolean) => {
    const rulings = readRulings(game);
    for (const note of notes) {
      if (fill) note.fill?.(rulings[note.key]);
      note.summary.textContent = disclosureLabel(!!rulings[note.key]);
    }
  };
  showRulings();
  refresh(true);
  onRestored(() => refresh(true)); // the lines above the notes redraw themselves (showRulings)
  return {
    open(note) {
      note.form ??= import('./ruling-form').then(({ buildNoteForm }) => {
        const id = note.element.dataset.unclear!;
        note.fill = buildNoteForm(note.details, noteReadings(note.element), note.key, `r-${slug}--${id}`, title, game, () => {
          drawRulings();
          refresh(false); // not the forms: one holds what is being typed
        });
        note.fill(readRulings(game)[note.key]);
      });
    },
  };
}
