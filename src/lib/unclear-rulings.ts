/**
 * What the unclear-rules page decides about a table's rulings, apart from the DOM (`src/client/unclear-page.ts` draws
 * it): which rulings belong to the page's notes, the lines that count them, where a rulings link keeps its data, and
 * what such a link offers (how many rulings, how many of the reader's own it would replace).
 *
 * Pure: no DOM. Rulings are keyed `<slug>#<id>`; a ruling is read for its text only, the rest travels untouched.
 */

/** A rule page's note disclosure's summary: whether the table has a ruling on this note yet. */
export const disclosureLabel = (ruled: boolean): string => (ruled ? "Change your table's ruling" : "Record your table's ruling");

/** The fragment that starts a rulings link's data: `/<game>/unclear/#rulings=<data>`. */
export const RULINGS_HASH = '#rulings=';

/** A ruling as this module reads it: the text the table plays by. */
export interface RulingText {
  text: string;
}

/** The data of a rulings link in a URL fragment (`#rulings=<data>` → `<data>`), or undefined when it holds none. */
export const rulingsData = (hash: string): string | undefined =>
  hash.startsWith(RULINGS_HASH) ? hash.slice(RULINGS_HASH.length) : undefined;

/** The link that carries encoded rulings to the unclear page at `page` (an origin and path, no fragment). */
export const rulingsLink = (page: string, data: string): string => `${page}${RULINGS_HASH}${data}`;

/**
 * The rulings on the page's notes (`keys`); others, such as the ruling on a note since removed, are left out here
 * (storage keeps them untouched). Keys keep the order of `rulings`.
 */
export function rulingsOnPage<R>(rulings: Readonly<Record<string, R>>, keys: ReadonlySet<string>): Record<string, R> {
  return Object.fromEntries(Object.entries(rulings).filter(([key]) => keys.has(key)));
}

/** A count with its noun, singular for 1: "1 point", "3 points", "0 rulings". */
export const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The page's count line: how many of its `total` notes the table has ruled on. */
export const rulingsStatus = (ruled: number, total: number): string =>
  ruled ? `Your table has ruled on ${ruled} of ${total} points.` : `No ruling recorded yet (${counted(total, 'point')}).`;

/** The filter's status line: how many notes hold every word typed. */
export const filterStatus = (n: number): string => (n ? `${counted(n, 'point')} ${n === 1 ? 'matches' : 'match'}.` : 'No point matches.');

/** The message once a link's rulings are saved. */
export const rulingsSaved = (n: number): string => `${counted(n, 'ruling')} saved`;

/** What a rulings link would change, said before anything is saved. */
export interface RulingsOffer {
  /** The keys of the link's rulings on this page, in the link's order. */
  keys: string[];
  /** How many of the reader's own rulings the link's would replace (same note, other text). */
  replaced: number;
  /** "This link holds 2 rulings. Using them replaces 1 of yours; your other rulings stay." */
  summary: string;
}

/**
 * What using a link's rulings (`incoming`, already narrowed to the page's notes) would do to the reader's own
 * (`current`): a ruling on a note the reader has ruled on differently replaces theirs; one with the same text changes
 * nothing; all of the reader's other rulings stay.
 */
export function rulingsOffer(incoming: Readonly<Record<string, RulingText>>, current: Readonly<Record<string, RulingText>>): RulingsOffer {
  const keys = Object.keys(incoming);
  const replaced = keys.filter((k) => Object.hasOwn(current, k) && current[k]!.text !== incoming[k]!.text).length;
  const summary =
    `This link holds ${counted(keys.length, 'ruling')}.` +
    (replaced ? ` Using them replaces ${replaced} of yours; your other rulings stay.` : ' Your own rulings stay.');
  return { keys, replaced, summary };
}
