/**
 * Every game's unclear notes as the table page lists them (key `<slug>#<id>` and readings, in file order), read from
 * `content/` without a build, for the table link's tests and measurements. A game is content only: every game folder
 * counts, a fifth game's too.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LinkNote } from '../../src/lib/table-link';

/** The game ids with a folder of entries in `root`. */
export const gameIds = (root = 'content'): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'games' && existsSync(join(root, 'games', `${d.name}.yaml`)))
    .map((d) => d.name)
    .sort();

/** A game's unclear notes: each `<Unclear id="..." readings={[...]}>` of its entries. */
export function unclearNotes(game: string, root = 'content'): LinkNote[] {
  const notes: LinkNote[] = [];
  for (const file of readdirSync(join(root, game))
    .filter((f) => f.endsWith('.mdx'))
    .sort()) {
    const text = readFileSync(join(root, game, file), 'utf8');
    for (const m of text.matchAll(/<Unclear\b([^>]*)>/g)) {
      const id = /\bid="([^"]+)"/.exec(m[1]!)?.[1];
      if (!id) continue;
      const list = /readings=\{(\[[\s\S]*?\])\}/.exec(m[1]!)?.[1];
      notes.push({ key: `${file.replace(/\.mdx$/, '')}#${id}`, readings: list ? (JSON.parse(list) as string[]) : [] });
    }
  }
  return notes;
}
