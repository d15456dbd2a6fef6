/**
 * Per-game saved settings and the recently viewed list in localStorage. Everything read is validated:
 * a corrupt or stale value is ignored, never an error.
 */
import { parseSettings, type OptionsGame, type Settings } from '../lib/options';

const key = (gameId: string) => `rules:options:${gameId}`;

function readJson(k: string): unknown {
  try {
    const raw = localStorage.getItem(k);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The reader's saved settings for a game (valid values only). */
export function readSaved(game: OptionsGame): Settings {
  const data = readJson(key(game.id));
  return data && typeof data === 'object' && !Array.isArray(data) ? parseSettings(game, data as Record<string, unknown>) : {};
}

/** Saves the settings for a game. */
export function writeSaved(game: OptionsGame, settings: Settings): void {
  try {
    localStorage.setItem(key(game.id), JSON.stringify(settings));
  } catch {
    /* storage full or blocked: settings last for this page only */
  }
}

export interface RecentItem {
  url: string;
  title: string;
  game: string;
}

const RECENT = 'rules:recent';

/** Recently viewed entries, newest first (malformed items dropped). */
export function readRecent(): RecentItem[] {
  const data = readJson(RECENT);
  if (!Array.isArray(data)) return [];
  return data
    .filter(
      (x): x is RecentItem =>
        !!x && typeof x.url === 'string' && /^\/[a-z0-9-]+\/[a-z0-9-]+\/$/.test(x.url) && typeof x.title === 'string' && typeof x.game === 'string',
    )
    .slice(0, 8);
}

/** Puts an entry at the top of the recently viewed list. */
export function pushRecent(item: RecentItem): void {
  const list = [item, ...readRecent().filter((x) => x.url !== item.url)].slice(0, 8);
  try {
    localStorage.setItem(RECENT, JSON.stringify(list));
  } catch {
    /* ignore */
  }
}
