/**
 * Content collection loaders over the catalogue: the games, and the rule entries (rendered by the MDX pipeline
 * from their files), so that pages read the same content, read once, as the build checks and the search index.
 */
import type { Loader } from 'astro/loaders';
import { relative } from 'node:path';
import { catalogue } from './catalogue';
import { formatProblems, validateSite } from '../lib/validate';

function checked() {
  const cat = catalogue();
  const problems = [
    ...cat.problems,
    ...validateSite(cat.games, cat.entries, undefined, cat.gameFile).map((p) => ({ ...p, line: cat.lineOf(p.file, p.field) })),
  ];
  if (problems.length) throw new Error(`Invalid content (${problems.length} problems):\n${formatProblems(problems)}`);
  return cat;
}

/** The games (`content/games/<id>.yaml`), by id. */
export function gamesLoader(): Loader {
  return {
    name: 'rules-games',
    load: async ({ store, parseData, generateDigest, config }) => {
      const cat = checked();
      store.clear();
      for (const game of cat.games) {
        const filePath = relative(config.root.pathname, `${cat.dir}/games/${game.id}.yaml`);
        store.set({
          id: game.id,
          data: await parseData({ id: game.id, data: game, filePath }),
          filePath,
          digest: generateDigest(JSON.stringify(game)),
        });
      }
    },
  };
}

/** The rule entries (`content/<game>/<slug>.mdx`), by `<game>/<slug>`; rendered from their files on demand. */
export function entriesLoader(): Loader {
  return {
    name: 'rules-entries',
    load: async ({ store, parseData, generateDigest, config }) => {
      const cat = checked();
      store.clear();
      for (const e of cat.entries) {
        const id = `${e.game}/${e.slug}`;
        const filePath = relative(config.root.pathname, `${cat.dir}/${e.game}/${e.slug}.mdx`);
        store.set({
          id,
          data: await parseData({ id, data: e.data, filePath }),
          body: e.body,
          filePath,
          digest: generateDigest(`${JSON.stringify(e.data)}\n${e.body}`),
          deferredRender: true,
        });
      }
    },
  };
}
