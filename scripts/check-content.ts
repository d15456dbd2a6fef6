/**
 * Fast content check, without a full build: schemas, cross-entry rules, links, <When>/<Pick> conditions.
 *   npm run check:content                 all games
 *   npm run check:content -- <game> ...   only these games' entries (cross-entry checks still see all)
 *   npm run check:content -- --pending-ok links to slugs that the content map lists but nobody wrote yet pass
 * Exit 1 when anything is wrong; every line names the file and the field or line.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue } from '../src/integrations/catalogue';
import { contentProblems } from '../src/integrations/content-problems';

const args = process.argv.slice(2);
const pendingOk = args.includes('--pending-ok');
const only = args.filter((a) => !a.startsWith('--'));

const cat = loadCatalogue();

/** Slugs that the shared content maps plan for each game. */
function mapSlugs(): Set<string> {
  const out = new Set<string>();
  for (const game of cat.games) {
    const path = join('..', 'shared', 'content-map', `${game.id}.md`);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/— `([a-z0-9]+(?:-[a-z0-9]+)*)`/g)) out.add(`${game.id}/${m[1]}`);
    for (const m of text.matchAll(/`((?:character|mod)-[a-z0-9-]+)`/g)) out.add(`${game.id}/${m[1]}`);
  }
  return out;
}
const pending = pendingOk ? mapSlugs() : new Set<string>();

const { problems, checked } = await contentProblems(cat, { only, pending });
if (only.length) {
  const mine = problems.filter((l) => only.some((g) => l.includes(`/${g}/`) || l.includes(`games/${g}.`)));
  console.log(mine.join('\n'));
  console.log(`${checked} entries checked, ${mine.length} problems (${problems.length - mine.length} in other games not shown)`);
  process.exit(mine.length ? 1 : 0);
}
console.log(problems.join('\n'));
console.log(`${checked} entries checked, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
