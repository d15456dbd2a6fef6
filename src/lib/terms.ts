/**
 * The A–Z index of a game: the names the rulebook prints, each pointing at the entry that explains it, grouped by
 * initial letter. A printed name is an entry's title or one of its `terms` (the game's own words for cards,
 * buildings, abbreviations). An entry's `aliases` (other names, near-names, misspellings) and `asked` (players'
 * phrasings) help search find it and are not listed here.
 */

/** What the index takes from an entry: its slug, title and printed terms. */
export interface IndexSource {
  slug: string;
  title: string;
  terms: readonly string[];
}

/** One line of the A-Z index: a printed term or title and the entry it opens. */
export interface IndexItem {
  label: string;
  slug: string;
  /** The entry's title (shown after a term that differs from it). */
  title: string;
  kind: 'entry' | 'term';
}

/** The key a label sorts by: lowercase, accents and a leading "the"/"a" dropped, symbols last. */
export function sortKey(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, '')
    .replace(/^[^a-z0-9]+/, '')
    .trim();
}

/** The letter a label is filed under: A–Z, or # for digits and symbols. */
export function letterOf(label: string): string {
  const c = sortKey(label).charAt(0).toUpperCase();
  return /[A-Z]/.test(c) ? c : '#';
}

/** Every title and term of every entry, deduplicated (same label and entry), sorted A–Z, grouped by letter. */
export function buildTermIndex(sources: readonly IndexSource[]): { letter: string; items: IndexItem[] }[] {
  const seen = new Set<string>();
  const items: IndexItem[] = [];
  const add = (label: string, s: IndexSource, kind: IndexItem['kind']) => {
    const key = `${label.trim().toLowerCase()}|${s.slug}`;
    if (!label.trim() || seen.has(key)) return;
    seen.add(key);
    items.push({ label: label.trim(), slug: s.slug, title: s.title, kind });
  };
  for (const s of sources) {
    add(s.title, s, 'entry');
    s.terms.forEach((t) => add(t, s, 'term'));
  }
  items.sort((a, b) => sortKey(a.label).localeCompare(sortKey(b.label), 'en', { numeric: true }) || a.label.localeCompare(b.label));
  const groups = new Map<string, IndexItem[]>();
  for (const item of items) {
    const letter = letterOf(item.label);
    if (!groups.has(letter)) groups.set(letter, []);
    groups.get(letter)!.push(item);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b)))
    .map(([letter, items]) => ({ letter, items }));
}
