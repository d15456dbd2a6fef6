/**
 * What opening a table link would change for its reader, decided apart from the DOM (`src/client/table-page.ts` only
 * renders it), and every line the table page says about a link: the question asked before "Use it" (the reader's own
 * rulings it would replace, by name; the options of their setup that would change, and only those), every part of the
 * link that cannot be used (with its count), and what the sharer's side says about its own link. Pure: no DOM.
 */
import { defaultSettings, formatOptionValue, parseOptionValue, type OptionsGame, type OptionValue, type Settings } from './options';
import { cleanText } from './clean-text';
import type { Ruling } from './rulings';
import { MAX_TABLE_FRAGMENT, isRulingsKey, type LinkRulings } from './table-link';
import { counted } from './unclear-rulings';

/** The longest a not-recognised option is quoted (it is text from a link). */
const QUOTE_MAX = 40;
const quote = (text: string): string => {
  const clean = cleanText(text);
  return clean.length > QUOTE_MAX ? `${clean.slice(0, QUOTE_MAX - 1)}…` : clean;
};

/** The link's options: the valid ones (the first valid value of each) and every other part, quoted as it came. */
export function linkOptions(game: OptionsGame, params: URLSearchParams): { named: Settings; unknown: string[] } {
  const named: Settings = {};
  const unknown: string[] = [];
  for (const [key, raw] of params) {
    if (isRulingsKey(key)) continue;
    const option = game.options.find((o) => o.id === key);
    const value = option && !Object.hasOwn(named, key) ? parseOptionValue(option, raw) : undefined;
    if (value === undefined) unknown.push(quote(raw === '' ? key : `${key}=${raw}`));
    else named[key] = value;
  }
  return { named, unknown };
}

/**
 * Whether a fragment is meant as a table link: it names an option of the game or holds rulings (a skip link's `#main`
 * is not). A link with nothing usable in it is still one: the page says what it could not use.
 */
export const isTableLink = (game: OptionsGame, params: URLSearchParams): boolean =>
  [...params.keys()].some((key) => isRulingsKey(key) || game.options.some((o) => o.id === key));

/** What a table link would do, said before anything changes. */
export interface TableOffer {
  /** The link's whole setup (its options over the game's defaults); undefined when it names no valid option. */
  settings: Settings | undefined;
  /** The reader's own setup now (over the game's defaults). */
  yours: Settings;
  /** The ids of the options whose value would change from the reader's own setup, in the game's order. */
  changes: string[];
  /** The link's usable rulings by note key. */
  rulings: Record<string, Ruling>;
  /** The keys of the reader's own rulings the link's would replace (same note, other text), in the link's order. */
  replaced: string[];
  /** The link's parts that are not options of this game or hold no valid value, quoted ("solo=banana"). */
  unknownOptions: string[];
  /** What of the rulings could not be used (see `LinkRulings`). */
  read: Omit<LinkRulings, 'rulings'>;
}

/**
 * What using a link (its parameters and its rulings as read) would do to the reader's saved setup and rulings.
 * The reader's other rulings stay; a ruling with the same text as theirs replaces nothing.
 */
export function tableOffer(
  game: OptionsGame,
  params: URLSearchParams,
  read: LinkRulings,
  saved: Settings,
  current: Readonly<Record<string, Ruling>>,
): TableOffer {
  const { named, unknown } = linkOptions(game, params);
  const settings = Object.keys(named).length ? { ...defaultSettings(game), ...named } : undefined;
  const mine = { ...defaultSettings(game), ...saved };
  const changes = settings
    ? game.options.filter((o) => formatOptionValue(o, settings[o.id]!) !== formatOptionValue(o, mine[o.id]!)).map((o) => o.id)
    : [];
  const { rulings, ...rest } = read;
  const replaced = Object.keys(rulings).filter((k) => Object.hasOwn(current, k) && current[k]!.text !== rulings[k]!.text);
  return { settings, yours: mine, changes, rulings, replaced, unknownOptions: unknown, read: rest };
}

/** Whether a link holds anything to use: a valid option or a usable ruling. */
export const hasUse = (offer: TableOffer): boolean => !!offer.settings || Object.keys(offer.rulings).length > 0;

/** The words the page lends the offer: a note's rule title, and an option's value as the options page says it. */
export interface OfferWords {
  title(key: string): string;
  value(optionId: string, value: OptionValue): string;
}

/** The lines that name what of a link cannot be used (none when all of it can). */
export function droppedLines(offer: TableOffer): string[] {
  const { read } = offer;
  const lines: string[] = [];
  if (read.cannotUnpack) lines.push('The rulings in this link are packed in a way this browser cannot unpack: they were left out.');
  else if (read.garbled) lines.push('The rulings in this link could not be read.');
  if (read.unreadable) lines.push(`${counted(read.unreadable, 'ruling')} in this link could not be read.`);
  if (offer.unknownOptions.length) lines.push(`Options not recognised: ${offer.unknownOptions.join(', ')}.`);
  if (read.gone) lines.push(`Rulings for rules that no longer exist: ${read.gone}.`);
  return lines;
}

/** The question asked before a link is used, each part one line. */
export interface OfferText {
  /** The dialog's heading: "Use this table's setup and its 3 rulings?" */
  question: string;
  /** What happens to the reader's setup: the options that change (theirs in brackets), or that it stays. */
  setup: string;
  /** One line per ruling of theirs the link replaces, naming the rule and their text. */
  replaced: string[];
  /** What of the link cannot be used (`droppedLines`). */
  dropped: string[];
  /** That the reader's other rulings stay (when the link holds rulings). */
  note: string;
}

/** The words of the question about a link (`offer`), for the page to show. */
export function offerText(offer: TableOffer, current: Readonly<Record<string, Ruling>>, words: OfferWords): OfferText {
  const n = Object.keys(offer.rulings).length;
  const what = [offer.settings ? "this table's setup" : '', n ? `${offer.settings ? 'its ' : "this table's "}${counted(n, 'ruling')}` : '']
    .filter(Boolean)
    .join(' and ');
  let setup = '';
  if (offer.settings && offer.changes.length)
    setup = `Your setup will change: ${offer.changes.map((id) => `${words.value(id, offer.settings![id]!)} instead of ${words.value(id, offer.yours[id]!)}`).join(' · ')}.`;
  else if (offer.settings) setup = 'Your setup stays as it is: the link has the same.';
  else if (n) setup = 'Your setup stays as it is: the link names none.';
  const replaced = offer.replaced.map((k) => `Replaces your ruling on ${words.title(k)}: “${current[k]!.text}”.`);
  const kept = Object.keys(current).length - offer.replaced.length;
  const note = n && kept > 0 ? `Your own ${kept === 1 ? 'ruling' : 'rulings'} on other points ${kept === 1 ? 'stays' : 'stay'}.` : '';
  return { question: `Use ${what}?`, setup, replaced, dropped: droppedLines(offer), note };
}

/** What the page says when a link holds nothing it can use (nothing asked, nothing changed). */
export const nothingToUse = (offer: TableOffer): string =>
  `Nothing in this table link can be used: ${droppedLines(offer).join(' ')} Nothing was changed.`;

/** What the page says about an over-long link it refuses whole (`length`: characters after `#`). */
export const tooLongLink = (length: number): string =>
  `That table link is too long (${length} characters, at most ${MAX_TABLE_FRAGMENT}): nothing was changed.`;

/** The toast once a link is used: what was saved. */
export function usedMessage(offer: TableOffer): string {
  const n = Object.keys(offer.rulings).length;
  if (!offer.settings) return `${counted(n, 'ruling')} saved`;
  return n ? `Table setup and ${counted(n, 'ruling')} saved` : 'Table setup saved';
}

/** The sharer's side: the status line under their link. */
export const shareStatus = (rulings: number): string => `The link holds your setup and ${counted(rulings, 'ruling')}.`;

/**
 * The sharer's side when the link cannot be made: how long it would be, and the rulings in the table's own words to
 * shorten (`shorten`: their rule titles and lengths, longest first).
 */
export function tooLongToShare(length: number, shorten: readonly { title: string; length: number }[]): string {
  const which = shorten.map((s) => `${s.title} (${s.length} characters)`).join(', ');
  return (
    `Your rulings make the link too long to share (${length} characters, at most ${MAX_TABLE_FRAGMENT}). ` +
    (which ? `Shorten your own words on the Unclear rules page: ${which}.` : 'Record fewer rulings in your own words.')
  );
}

/**
 * Which of the table's own-words rulings to shorten so the link fits: the longest first, as few as it takes, given
 * the link's length without each in turn (`lengthWithout`: the link's length once the rulings named are left out).
 */
export async function toShorten(
  own: readonly { key: string; length: number }[],
  lengthWithout: (keys: readonly string[]) => Promise<number>,
): Promise<string[]> {
  const longest = [...own].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (const r of longest) {
    out.push(r.key);
    if ((await lengthWithout(out)) <= MAX_TABLE_FRAGMENT) break;
  }
  return out;
}
