/**
 * What every page runs, as one module (one file: `src/integrations/main-chunk.ts`), started by the layout's script:
 * the header's search box, the footer's display settings, the service worker with its offline status; on a rule page,
 * the title's share and pin buttons, the unclear notes' ruling disclosures and the marks on the reader's table rows;
 * on a game's pages, the links that carry a shared setup. What a tap does, and what only some readers use, loads
 * when it is needed (`import()`; see docs/architecture.md, "The page script"). Other page kinds add their own script
 * in their page file.
 */
import { startDisplaySettings } from './display';
import { startEntryHead } from './entry-head';
import { startNoteRulings } from './note-rulings';
import { startRowMarks } from './row-marks';
import { startSearchBox } from './search-box';
import { startServiceWorker } from './service-worker';
import { startSetupNote } from './setup-note';

/** The `data-kind` of a rule page's `<body>` (`src/pages/[game]/[slug].astro`). */
export const RULE_PAGE_KIND = 'entry';

/** Starts what the page in `body` needs. */
export function startPage(body: HTMLElement = document.body): void {
  startSearchBox();
  startDisplaySettings();
  startServiceWorker();
  if (body.dataset.game) startSetupNote();
  if (body.dataset.kind === RULE_PAGE_KIND) {
    startEntryHead();
    startRowMarks();
    startNoteRulings();
  }
}
