/**
 * The alternatives `npm run bench:search` compares the app's search with, each built over the same entries
 * (the index's view: title, aliases, terms, summary, headings, body text). Each serialises to the string a
 * reader would download, and loads back into a search function that returns `game/slug` ids, best first. Given
 * every game's entries at once, an engine searches all games (one index, as a developer would set it up).
 */
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import type { SearchDoc } from '../src/lib/search/build-index';

/** A loaded engine: query → `game/slug` ids, best first. */
export type Engine = (query: string) => string[];

export interface Alternative {
  name: string;
  description: string;
  serialize: (docs: SearchDoc[]) => string;
  load: (data: string) => Engine;
}

/** Flat records: arrays joined, so every engine sees the same text. */
const records = (docs: SearchDoc[]) =>
  docs.map((d) => ({
    id: `${d.game}/${d.slug}`,
    title: d.title,
    aliases: d.aliases.join(' · '),
    terms: d.terms.join(' · '),
    summary: d.summary,
    headings: d.headings.join(' · '),
    body: d.body,
  }));
const FIELDS = ['title', 'aliases', 'terms', 'summary', 'headings', 'body'];

const MINI_OPTIONS = {
  fields: FIELDS,
  storeFields: ['title', 'summary'],
  searchOptions: { boost: { title: 3, aliases: 2, terms: 2, summary: 1.5 }, prefix: true, fuzzy: 0.2 },
};

const FUSE_TOKEN_KEYS = [
  { name: 'title', weight: 3 },
  { name: 'aliases', weight: 2 },
  { name: 'terms', weight: 2 },
  { name: 'summary', weight: 1.5 },
  { name: 'headings', weight: 1 },
  { name: 'body', weight: 1 },
];

function fuseAlternative(
  name: string,
  description: string,
  options: ConstructorParameters<typeof Fuse>[1] & { keys: NonNullable<ConstructorParameters<typeof Fuse>[1]>['keys'] },
): Alternative {
  return {
    name,
    description,
    serialize: (docs) => {
      const list = records(docs);
      return JSON.stringify({ list, index: Fuse.createIndex(options.keys!, list).toJSON() });
    },
    load: (data) => {
      const { list, index } = JSON.parse(data);
      const fuse = new Fuse(list, options, Fuse.parseIndex(index));
      return (q) => fuse.search(q, { limit: 10 }).map((r) => (r.item as { id: string }).id);
    },
  };
}

export const ALTERNATIVES: Alternative[] = [
  {
    name: 'minisearch',
    description:
      'MiniSearch 7, fields title/aliases/terms/summary/headings/body, boost title 3, aliases and terms 2, summary 1.5, prefix and fuzzy 0.2 (its documented setup), titles and summaries stored for display.',
    serialize: (docs) => {
      const ms = new MiniSearch(MINI_OPTIONS);
      ms.addAll(records(docs));
      return JSON.stringify(ms);
    },
    load: (data) => {
      const ms = MiniSearch.loadJSON(data, MINI_OPTIONS);
      return (q) =>
        ms
          .search(q)
          .slice(0, 10)
          .map((r) => String(r.id));
    },
  },
  fuseAlternative('fuse-default', 'Fuse.js 7 with default options over the same six fields (a prebuilt index shipped with the records).', {
    keys: FIELDS,
  }),
  fuseAlternative(
    'fuse-token',
    "Fuse.js 7's token search (useTokenSearch) with weighted fields (title 3, aliases and terms 2, summary 1.5, headings and body 1) and ignoreLocation.",
    { keys: FUSE_TOKEN_KEYS, useTokenSearch: true, ignoreLocation: true } as never,
  ),
];
