/**
 * The pages every game has besides its rules (A–Z, options, setup guide, what changes, unclear rules, table link, print,
 * quick reference, my setup), with the condition under which a game has each: one list for routes, quick links and the footer.
 */
import type { Game } from '../schemas/game';
import { choiceEntries } from './option-authoring';

export interface GamePage {
  /** The page's path segment, also reserved as an entry slug. */
  slug: string;
  url: string;
  label: string;
  /** Listed among the game page's quick links. */
  quick: boolean;
  /** Listed in the footer of every page of the game. */
  footer: boolean;
}

/** Whether a game's option values name entries (a character, a mod...): it then has a "my setup" page. */
export const hasMySetup = (game: Pick<Game, 'options'>): boolean => choiceEntries(game).size > 0;

/** The game's own pages, in the order they are offered. */
export function gamePages(game: Game): GamePage[] {
  const page = (slug: string, label: string, quick: boolean, footer: boolean): GamePage => ({ slug, url: `/${game.id}/${slug}/`, label, quick, footer });
  return [
    ...(game.setupGuide.length ? [page('setup-guide', 'Setup guide', true, true)] : []),
    ...(game.playAlong ? [page('play', 'Play along', true, true)] : []),
    ...(hasMySetup(game) ? [page('my-setup', 'My setup', true, false)] : []),
    page('terms', 'A–Z terms', true, true),
    ...(game.options.length ? [page('options', 'Play options', false, true), page('changes', 'What options change', false, true)] : []),
    page('unclear', 'Unclear rules', false, true),
    page('table', 'Table link', false, true),
    page('print', 'Print', false, true),
    ...(game.quickLinks.length ? [page('quick-reference', 'Quick reference', true, false)] : []),
  ];
}

/** Path segments of a game's own pages: no rule entry may use them as its slug. */
export const RESERVED_SLUGS = new Set([
  'terms', 'options', 'my-setup', 'setup-guide', 'changes', 'unclear', 'table', 'print', 'quick-reference', 'play', 'index',
]);
