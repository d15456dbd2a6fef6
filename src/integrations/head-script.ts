/**
 * The head script of each game (and one for pages outside a game): `src/client/head.ts` (through its entry,
 * `head-entry.ts`) bundled into a small classic script with the game's options, served as a file
 * (`/scripts/head-<game>-<hash>.js`) that <head> loads blocking, so options apply before the body renders. A file
 * rather than inline code: cached once instead of repeated in every page, and no inline script for the
 * Content-Security-Policy to allow.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { RuntimeOption } from '../lib/options';
import { runtimeOptions } from '../lib/option-authoring';
import type { Game } from '../schemas/game';

const bundles = new Map<string, Promise<string>>();

/**
 * The minified IIFE of a head entry, which puts the head's API on `window.RulesHead`: `head-entry.ts` for a game's
 * pages, `head-site-entry.ts` (no option model) for the others.
 */
function headBundle(entry: 'head-entry.ts' | 'head-site-entry.ts'): Promise<string> {
  const made = bundles.get(entry);
  if (made) return made;
  const bundle = build({
    entryPoints: [join(process.cwd(), 'src', 'client', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    target: 'es2020',
    legalComments: 'none',
  }).then((r) => r.outputFiles[0]!.text.trim());
  bundles.set(entry, bundle);
  return bundle;
}

/** The game's options as the head script gets them (option-authoring.ts runtimeOptions): no wording. */
export const headOptions = (game: Pick<Game, 'options'>): RuntimeOption[] => runtimeOptions(game);

/** The head script for a game's pages (or the site's other pages): its URL path and its code. */
export async function headScript(game?: Pick<Game, 'id' | 'options'>): Promise<{ path: string; code: string }> {
  const start = game ? JSON.stringify({ id: game.id, options: headOptions(game) }) : '';
  const code = `${await headBundle(game ? 'head-entry.ts' : 'head-site-entry.ts')};RulesHead.start(${start});\n`;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  return { path: `/scripts/head-${game?.id ?? 'site'}-${hash}.js`, code };
}
