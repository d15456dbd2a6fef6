/**
 * Site data for pages: games and entries from the content collections, sorted in play order,
 * with their URLs. The only module that pages use to read content.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Game } from '../schemas/game';

export type Entry = CollectionEntry<'entries'>;

/** The four games, in the order the home page lists them. */
export const GAME_ORDER = ['now-or-never', 'vindication', 'forge-war', 'pencilvillage'];

export async function getGames(): Promise<Game[]> {
  const games = (await getCollection('games')).map((g) => g.data);
  return games.sort((a, b) => rank(a.id) - rank(b.id));
}
const rank = (id: string) => (GAME_ORDER.indexOf(id) + 1 || 99);

export async function getGame(id: string): Promise<Game> {
  const game = (await getGames()).find((g) => g.id === id);
  if (!game) throw new Error(`no game "${id}"`);
  return game;
}

/** `now-or-never/pass` → { game: 'now-or-never', slug: 'pass' }. */
export const entryKey = (e: Entry) => {
  const [game, slug] = e.id.split('/') as [string, string];
  return { game, slug };
};

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
  return game.sections
    .map((s) => ({ ...s, entries: entries.filter((e) => e.data.section === s.id) }))
    .filter((s) => s.entries.length > 0);
}
