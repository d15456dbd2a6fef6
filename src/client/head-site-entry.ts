/**
 * The head script's entry for pages outside a game (home, search, 404): the theme and text size only, so none of the
 * option model is bundled (see `head-entry.ts` for a game's pages; the build appends `RulesHead.start()`).
 */
import { startSite } from './head';

window.RulesHead = { start: startSite };
