/**
 * The page types a game may have besides its rules and its home page (A–Z, options, setup guide, what changes, unclear
 * rules, table link, print, quick reference, my setup, play along), each with the condition under which a game has it:
 * the one list that gives the routes (`gamePagePaths` in `src/data/site.ts`), the reserved slugs, the game page's quick
 * links and the footer. To add a page type, see "Adding a page type" in the README.
 */
import type { Game } from '../schemas/game';
import { choiceEntries } from './option-authoring';

/** A kind of page a game may have, served at `/<game>/<slug>/` by `src/pages/[game]/<slug>.astro`. */
export interface PageType {
  /** The page's path segment and the name of its page file; also reserved as an entry slug. */
  slug: string;
  label: string;
  /** Listed among the game page's quick links. */
  quick: boolean;
  /** Listed in the footer of every page of the game. */
  footer: boolean;
  /** Whether the game has this page (its route is built and linked only then). */
  has: (game: Game) => boolean;
}

/** One of a game's own pages, with its URL. */
export interface GamePage extends Omit<PageType, 'has'> {
  url: string;
}

/** Whether a game's option values name entries (a character, a mod...): it then has a "my setup" page. */
export const hasMySetup = (game: Pick<Game, 'options'>): boolean => choiceEntries(game).size > 0;

const always = (): boolean => true;
const hasOptions = (game: Game): boolean => game.options.length > 0;

/** Every page type, in the order a game's pages are offered. */
export const PAGE_TYPES = [
  { slug: 'setup-guide', label: 'Setup guide', quick: true, footer: true, has: (game) => game.setupGuide.length > 0 },
  { slug: 'play', label: 'Play along', quick: true, footer: true, has: (game) => Boolean(game.playAlong) },
  { slug: 'my-setup', label: 'My setup', quick: true, footer: false, has: hasMySetup },
  { slug: 'terms', label: 'A–Z terms', quick: true, footer: true, has: always },
  { slug: 'options', label: 'Play options', quick: false, footer: true, has: hasOptions },
  { slug: 'changes', label: 'What options change', quick: false, footer: true, has: hasOptions },
  { slug: 'unclear', label: 'Unclear rules', quick: false, footer: true, has: always },
  { slug: 'table', label: 'Table link', quick: false, footer: true, has: always },
  { slug: 'print', label: 'Print', quick: false, footer: true, has: always },
  { slug: 'quick-reference', label: 'Quick reference', quick: true, footer: false, has: (game) => game.quickLinks.length > 0 },
] as const satisfies readonly PageType[];

/** The slug of a page type. */
export type PageSlug = (typeof PAGE_TYPES)[number]['slug'];

/** The page type of a slug. */
export const pageType = (slug: PageSlug): PageType => PAGE_TYPES.find((t) => t.slug === slug)!;

/** The game's own pages (those whose condition it meets), in the order they are offered. */
export function gamePages(game: Game): GamePage[] {
  return PAGE_TYPES.filter((t) => t.has(game)).map(({ slug, label, quick, footer }) => ({
    slug,
    url: `/${game.id}/${slug}/`,
    label,
    quick,
    footer,
  }));
}

/** The static paths of a page type: one per game that has the page, with the game as its prop. */
export function pagePaths(games: readonly Game[], slug: PageSlug): { params: { game: string }; props: { game: Game } }[] {
  const type = pageType(slug);
  return games.filter((game) => type.has(game)).map((game) => ({ params: { game: game.id }, props: { game } }));
}

/**
 * Path segments of a game's own pages (every page type, and `index`): no rule entry may use them as its slug.
 * Marked pure so that browser bundles reaching this module through `rule-tree.ts` leave the page list out.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = /* @__PURE__ */ (() => new Set([...PAGE_TYPES.map((t) => t.slug), 'index']))();
