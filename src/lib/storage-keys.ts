/**
 * Every key format the app keeps data under, in one place: the localStorage and sessionStorage keys (read and written
 * through `src/client/storage.ts`, which re-exports them) and the key of a ruling inside a game's rulings
 * (`<slug>#<id>`), which the unclear page, the table page and rule pages share with the build. Pure: no DOM.
 */

/** Theme and text size. */
export const PREFS_KEY = 'rules:prefs';
/** Recently viewed entries. */
export const RECENT_KEY = 'rules:recent';
/** Whether the reader wants the screen kept on (sessionStorage: this tab only). */
export const WAKE_KEY = 'rules:wake';
/** Set while the offline copy is being saved (or its save is cut short), so the next page shows the line at once. */
export const OFFLINE_SAVING_KEY = 'rules:offline-saving';
/** A game's pinned entries. */
export const pinsKey = (gameId: string): string => `rules:pins:${gameId}`;
/** A game's saved play options. */
export const setupKey = (gameId: string): string => `rules:options:${gameId}`;
/** A game's table rulings. */
export const rulingsKey = (gameId: string): string => `rules:rulings:${gameId}`;
/** A game's ticked setup-guide steps. */
export const guideKey = (gameId: string): string => `rules:guide:${gameId}`;
/** A game's current play-along round. */
export const roundKey = (gameId: string): string => `rules:round:${gameId}`;
/** The round in which a game's end trigger was met (a game without a fixed length). */
export const endKey = (gameId: string): string => `rules:end:${gameId}`;

/** The shape of a slug or an id: lower-case words joined by single hyphens. */
export const slugLike = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The key of a ruling among a game's rulings: the entry's slug and the unclear note's id, `<slug>#<id>`. */
export const noteKey = (slug: string, id: string): string => `${slug}#${id}`;

/** Whether `key` is a well-formed ruling key (`<slug>#<id>`, both slug-shaped). */
export function isNoteKey(key: string): boolean {
  const [slug, id, extra] = key.split('#');
  return extra === undefined && !!slug && !!id && slugLike.test(slug) && slugLike.test(id);
}
