/**
 * What every page runs, as one module (one file: `src/integrations/main-chunk.ts`), started by the layout's script:
 * the header's search box, the footer's display settings, the service worker with its offline status; on a rule page,
 * the title's share and pin buttons, the unclear notes' ruling disclosures and the marks on the reader's table rows.
 * What only some pages use loads when the page needs it (`import()`): the shared-setup note while a shared setup is
 * shown, the table's rulings on a rule page's notes once it has one (see `note-rulings.ts`). Other page kinds add
 * their own script in their page file.
 */
import { startDisplaySettings } from './display';
import { startEntryHead } from './entry-head';
import { startNoteRulings } from './note-rulings';
import { startRowMarks } from './row-marks';
import { onRestored } from './rules';
import { startSearchBox } from './search-box';
import { startServiceWorker } from './service-worker';

/** The `data-kind` of a rule page's `<body>` (`src/pages/[game]/[slug].astro`). */
export const RULE_PAGE_KIND = 'entry';

/**
 * Starts the shared-setup note (`setup-note.ts`) once a shared setup is shown (`<html data-shared>`, set by the head
 * script): at load, or later, after a back/forward restore or a change of the shown options.
 */
export function startSetupNoteWhenShared(root: HTMLElement = document.documentElement): void {
  let started = false;
  const check = () => {
    if (started || !root.hasAttribute('data-shared')) return;
    started = true;
    void import('./setup-note').then((m) => m.startSetupNote());
  };
  check();
  onRestored(check);
  document.addEventListener('rules:options', check);
}

/** Starts what the page in `body` needs. */
export function startPage(body: HTMLElement = document.body): void {
  startSearchBox();
  startDisplaySettings();
  startServiceWorker();
  if (body.dataset.game) startSetupNoteWhenShared();
  if (body.dataset.kind === RULE_PAGE_KIND) {
    startEntryHead();
    startRowMarks();
    startNoteRulings();
  }
}
