/**
 * Site data for pages: games and entries from the content collections (loaded from the one content catalogue),
 * in play order, with their URLs. The only module that pages use to read content.
 */
import { getCollection, render, type CollectionEntry } from 'astro:content';
import type { Game } from '../schemas/game';
import type { GuideStep } from '../lib/setup-guide';
import type { ChangeUnit } from '../lib/option-changes';
import type { PartView } from '../lib/entry-parts';
import { pagePaths, type PageSlug } from '../lib/game-pages';

/** A rule entry of the content collection. */
export type Entry = CollectionEntry<'entries'>;

/** Every game, in the order of their `order` field (home page, menus, app shortcuts). */
export async function getGames(): Promise<Game[]> {
  const games = (await getCollection('games')).map((g) => g.data);
  return games.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/** The `getStaticPaths` of a page type's page file (`src/pages/[game]/<slug>.astro`): the games that have it. */
export const gamePagePaths = async (slug: PageSlug) => pagePaths(await getGames(), slug);

/** An entry id `<game>/<slug>` as its game and slug. */
export const entryKey = (e: Entry) => {
  const [game, slug] = e.id.split('/') as [string, string];
  return { game, slug };
};

/** A rule page's path: `/<game>/<slug>/`. */
export const entryUrl = (game: string, slug: string) => `/${game}/${slug}/`;

/** Every entry of a game, by section order then `order` then title. */
export async function getEntries(game: Game): Promise<Entry[]> {
  const sections = game.sections.map((s) => s.id);
  return (await getCollection('entries', (e) => entryKey(e).game === game.id)).sort(
    (a, b) =>
      sections.indexOf(a.data.section) - sections.indexOf(b.data.section) ||
      a.data.order - b.data.order ||
      a.data.title.localeCompare(b.data.title),
  );
}

/** Entries of a game grouped by section, in play order; empty sections are left out. */
export async function getSections(game: Game) {
  const entries = await getEntries(game);
  return game.sections.map((s) => ({ ...s, entries: entries.filter((e) => e.data.section === s.id) })).filter((s) => s.entries.length > 0);
}

/** One "Unclear in the rules" note of an entry, rendered. */
interface UnclearFact {
  id: string;
  readings: string[];
  /** The note's body as HTML (conditional text tagged as on the entry page). */
  html: string;
  /** The setup the note applies to ("Solo play (bot)") when it sits in a `<When>` block. */
  appliesTo?: string;
}

/** What the rule transform found in an entry (see `src/integrations/remark-rules.ts`), with its rendered content. */
export interface RenderedEntry {
  Content: Awaited<ReturnType<typeof render>>['Content'];
  /** `key=token` pairs under which a top-level variant block of the entry shows. */
  variantPairs: string[];
  /** `key=token` pairs under which any of the entry's text differs from the default setup's. */
  changedPairs: string[];
  unclear: UnclearFact[];
  /** The entry's setup-guide steps (only for entries its game lists in `setupGuide`). */
  guide: GuideStep[];
  /** The parts of the entry its game's play along shows, by anchor ('' for the whole entry). */
  parts: Record<string, PartView>;
  /** By option id: the parts of the entry's text that depend on the option, with the text for each value. */
  changes: Record<string, ChangeUnit[]>;
}

const renders = new Map<string, Promise<RenderedEntry>>();

/** Renders an entry once per build and returns its content and what the transform found. */
export function renderEntry(entry: Entry): Promise<RenderedEntry> {
  let p = renders.get(entry.id);
  if (!p) {
    p = render(entry).then(({ Content, remarkPluginFrontmatter: fm }) => ({
      Content,
      variantPairs: (fm.variantPairs as string[] | undefined) ?? [],
      changedPairs: (fm.changedPairs as string[] | undefined) ?? [],
      unclear: (fm.unclear as UnclearFact[] | undefined) ?? [],
      guide: (fm.guide as GuideStep[] | undefined) ?? [],
      parts: (fm.parts as Record<string, PartView> | undefined) ?? {},
      changes: (fm.changes as Record<string, ChangeUnit[]> | undefined) ?? {},
    }));
    renders.set(entry.id, p);
  }
  return p;
}
