/**
 * Each alias and `asked` phrasing should lead to its own entry: searches every one in its game's own search (the
 * app's ranking, as a reader gets it) and lists those whose own entry is not the first result, with the first 3.
 *   npm run check:phrasings                          all games
 *   npm run check:phrasings -- <game> [slug,...]     one game, or some of its entries
 * A review tool for authors (see docs/authoring.md, "How players find an entry"): exits 0. A phrasing that fails
 * is one another entry answers better (move it there), or one whose words, once stop words go, are just a title.
 */
import { appSearch, loadCorpus } from './bench-search/engines';

const [game, slugs] = process.argv.slice(2);
const only = slugs ? new Set(slugs.split(',')) : undefined;
const corpus = loadCorpus();
const app = appSearch(corpus);
let checked = 0;
const failures: string[] = [];
for (const { game: g, slug, data } of corpus.cat.entries) {
  if ((game && g !== game) || (only && !only.has(slug))) continue;
  for (const field of ['aliases', 'asked'] as const)
    for (const phrasing of data[field] ?? []) {
      checked++;
      // A trailing space: the phrasing as a finished lookup, not a word being typed.
      const first = app.all.search(`${phrasing} `, { game: g, limit: 3 }).map((r) => r.url.split('/')[2]);
      if (first[0] !== slug) failures.push(`${g}/${slug} ${field}: "${phrasing}" → ${first.join(', ')}`);
    }
}
console.log(failures.join('\n'));
console.log(`${checked} phrasings checked; ${failures.length} do not find their own entry first`);
