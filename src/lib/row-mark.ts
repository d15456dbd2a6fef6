/**
 * The class of the mark a row of a keyed table carries (`<Rows>`, see `table-rows.ts`): the options CSS shows it only
 * in the rows of the shown setup, and a page script (`src/client/row-marks.ts`) sets `aria-current` on those rows.
 * A module of its own, with no imports: the page script every page runs takes it without the rule transform.
 */
export const ROW_MARK_CLASS = 'row-mark';
