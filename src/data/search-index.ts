/**
 * Every game's search index, built once per build and split into the two files each game serves
 * (src/lib/search/index-files.ts): /search/<game>.json and /search/text/<game>.json.
 */
import { getGames, getEntries, entryKey } from './site';
import { buildSearchIndexes, searchDoc } from '../lib/search/build-index';
import { splitIndex, type RankIndex, type SearchText } from '../lib/search/index-files';

let files: Promise<Map<string, { rank: RankIndex; text: SearchText }>> | undefined;

/** The two files of each game's index, by game id. */
export const searchIndexFiles = () =>
  (files ??= (async () => {
    const docs = [];
    const games = await getGames();
    for (const game of games) docs.push(...(await getEntries(game)).map((e) => searchDoc(game, entryKey(e).slug, e.data, e.body ?? '')));
    return new Map([...buildSearchIndexes(docs, games)].map(([id, index]) => [id, splitIndex(index)]));
  })());
