/**
 * The 404 page's closest entries to a mistyped address: the slug as typed is compared, by edit distance, with
 * every entry's slug and title (of the game the path names, or of all games), then its words are searched.
 * Pure and total: any path, however malformed, gives a list (possibly empty), never an exception.
 */
import type { SearchResult, SearchSet } from './query';
import { editDistance } from '../edit-distance';
import { normalize } from './text';

/** `decodeURIComponent` that never throws: a bad escape ("%E0%A4%A") becomes a space. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text
      .replace(/(%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return ' ';
        }
      })
      .replace(/%/g, ' ');
  }
}

/** The game named by a path's first segment (if it is one of `games`) and the rest as typed, as slug words. */
export function parseMissingPath(pathname: string, games: readonly string[]): { game?: string; slug: string } {
  const segments = safeDecode(pathname)
    .split('/')
    .map((s) => s.replace(/\.html?$/i, ''))
    .filter(Boolean);
  const game = segments[0] && games.includes(segments[0]) ? segments[0] : undefined;
  const rest = game ? segments.slice(1) : segments;
  return { game, slug: normalize(rest.join(' ')).replace(/ /g, '-') };
}

/** How far a typed slug is from an entry's slug or title, as a share of its length (0 = the same). */
function slugDistance(typed: string, slug: string, title: string): number {
  const t = typed.replace(/-/g, '');
  let best = Infinity;
  for (const target of [slug, normalize(title).replace(/ /g, '-')]) {
    const s = target.replace(/-/g, '');
    const max = Math.max(1, Math.floor(Math.max(s.length, t.length) / 3));
    const d = editDistance(t, s, max);
    if (d <= max) best = Math.min(best, d / Math.max(s.length, t.length));
  }
  return best;
}

/**
 * The closest entries to a missing page's path, best first: entries whose slug or title is within a third of
 * its length in edits of the typed slug (nearest first), then the search results for the slug's words; when
 * neither finds anything, the game's starting points (overview, setup, turn).
 */
export function closestEntries(search: SearchSet, pathname: string, games: readonly string[], limit = 5): SearchResult[] {
  const { game, slug } = parseMissingPath(pathname, games);
  const out: SearchResult[] = [];
  const seen = new Set<string>();
  const push = (r: SearchResult) => {
    if (!seen.has(r.url) && out.length < limit) {
      seen.add(r.url);
      out.push(r);
    }
  };
  if (slug.replace(/-/g, '').length >= 3) {
    const near: { r: SearchResult; d: number }[] = [];
    for (const s of search.searchers.values()) {
      const { docs, games: gs } = s.index;
      for (const [url, title, g, summary] of docs) {
        const [gameId, gameTitle] = gs[g]!;
        if (game && gameId !== game) continue;
        const d = slugDistance(slug, url.split('/')[2] ?? '', title);
        if (d < Infinity) near.push({ r: { url, title, game: gameId, gameTitle, summary, score: 1 - d, matched: [] }, d });
      }
    }
    near.sort((a, b) => a.d - b.d || a.r.title.length - b.r.title.length);
    for (const { r } of near) push(r);
  }
  const words = slug.replace(/-/g, ' ').trim();
  if (words) for (const r of search.search(`${words} `, { game, limit })) push(r);
  if (out.length === 0) for (const r of search.search('overview setup turn ', { game, limit })) push(r);
  return out;
}
