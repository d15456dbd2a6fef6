/**
 * The head script's entry for a game's pages, bundled by `src/integrations/head-script.ts` into a classic script:
 * puts the head's API on `window.RulesHead` as a plain object (no module wrapper), and the build appends the call
 * that starts it with the game's options (`RulesHead.start({...})`).
 */
import { show, start } from './head';
import { carryHref } from './shared-setup';

window.RulesHead = { start, show, carry: carryHref };
