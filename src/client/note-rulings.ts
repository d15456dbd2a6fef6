/**
 * On a rule page: each "Unclear in the rules" note holds a disclosure, "Record your table's ruling" ("Change..."
 * once the table has one). This module runs with the page and stays small: it adds the disclosures and takes a quick
 * look at storage. The rest, `ruled-notes.ts` (the table's rulings above their notes, the summaries that say a note is
 * ruled, and each note's form), loads only when this entry may have a ruling or a disclosure is first opened, so a
 * rule page does not carry it until a table uses it.
 */
import { onRestored } from './rules';
import type { Ruling } from './saved-rulings';
import { isRecord, noteKey, readJson, rulingsKey } from './storage';
import { disclosureLabel } from '../lib/unclear-rulings';

/** A note's disclosure, and its form once built (`fill` shows a ruling in it). */
export interface NoteRuling {
  /** The note's element (`data-unclear`, `data-readings`). */
  element: HTMLElement;
  /** The ruling's key: `<slug>#<note id>`. */
  key: string;
  details: HTMLDetailsElement;
  summary: HTMLElement;
  /** Set while the form loads, then built. */
  form?: Promise<void>;
  fill?: (ruling: Ruling | undefined) => void;
}

/**
 * Whether storage may hold a ruling on a note of this entry: any stored key that starts with its slug. A quick look
 * without the rulings' validation (`ruled-notes.ts` reads them validated, and shows only the well-formed ones).
 */
export function mayHaveRulings(gameId: string, slug: string): boolean {
  const data = readJson(rulingsKey(gameId));
  return isRecord(data) && Object.keys(data).some((key) => key.startsWith(noteKey(slug, '')));
}

/** Adds the disclosure to each unclear note of the rule page; loads the rest when the entry may have a ruling or one opens. */
export function startNoteRulings(): void {
  const game = document.body.dataset.game;
  const slug = document.querySelector<HTMLElement>('article.entry')?.dataset.slug;
  if (!game || !slug) return;
  const notes: NoteRuling[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('.prose [data-unclear][data-readings]'))) {
    const details = document.createElement('details');
    details.className = 'ruling-here';
    const summary = document.createElement('summary');
    summary.textContent = disclosureLabel(false);
    details.append(summary);
    element.append(details);
    notes.push({ element, key: noteKey(slug, element.dataset.unclear!), details, summary });
  }
  let ruled: Promise<import('./ruled-notes').RuledNotes> | undefined;
  const load = () => (ruled ??= import('./ruled-notes').then((m) => m.startRuledNotes(game, slug, notes)));
  for (const note of notes) note.details.addEventListener('toggle', () => void (note.details.open && load().then((r) => r.open(note))));
  const look = () => void (mayHaveRulings(game, slug) && load());
  look();
  onRestored(look);
}
