/** What the consistency check reads: tokens, terms, entries, sentences, numbers, facts and notes. */
import type { Setup, Setups } from './setups';

/** One token of a sentence. */
export interface Token {
  text: string;
  lower: string;
  lemma: string;
  kind: 'word' | 'num' | 'compact' | 'punct';
  /** For numbers: the value (signed; number words as digits). */
  value?: number;
  /** Whether a sign was written ("+1"). */
  signed?: boolean;
  /** Whether white space precedes the token. */
  space: boolean;
}

/** A game term: an entry's title or one of its `terms`, as lemmatised words. */
export interface Term {
  key: string;
  label: string;
  words: string[];
  /** The entries that define it. */
  home: Set<string>;
  /** A one- or two-letter term ("A", "w") matches only as printed, not the article "a". */
  exact?: string;
}

/** Where a term occurs in a sentence's tokens. */
export interface TermHit {
  term: Term;
  start: number;
  end: number; // exclusive, token index
}

/** One entry as the check reads it. `tree` is the MDX body's mdast before the rule transform (the check transforms it). */
export interface EntryInput {
  slug: string;
  title: string;
  terms: string[];
  summary?: string;
  /** The frontmatter `options`: the summary speaks of their default values. */
  options?: string[];
  tree: unknown;
  /** Shown in findings; defaults to the slug. */
  file?: string;
  /** Added to tree line numbers (the body's first line in the file, minus 1). */
  lineOffset?: number;
  /** The summary's line in the file. */
  summaryLine?: number;
}

/** An mdast node as the check reads it (MDX JSX elements with their attributes). */
export type Node = {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: { line: number } };
};

/** One piece of inline text with the condition it shows under. */
export interface Segment {
  text: string;
  setup: Setup;
  links: string[];
}

/** A sentence of an entry, as read under some setups. */
export interface Sentence {
  slug: string;
  text: string;
  setups: Setups;
  line?: number;
  /** The `<Unclear>` note it sits in. */
  note?: string;
  /** Entry targets linked from the sentence's block (`slug` or `slug#anchor`). */
  links: string[];
  /** The term of the table row's first cell (or the cell's words) or of the heading above. */
  hint?: Term;
  /** A table row: the row's first cell is the subject of its numbers. */
  row?: boolean;
  /** The sentence before it in the same block (what "it" may stand for). */
  previous?: Sentence;
  /** The setups of its `<When>`/`<Pick>` conditions alone (without what the entry itself stands for). */
  rawSetups?: Setups;
  summary?: boolean;
  /** Tokens, term hits and numbers (filled once). */
  read?: { tokens: Token[]; hits: TermHit[]; nums: NumberHit[]; clause: number[] };
}

/** A number with its unit noun, attached to a term. */
export interface Fact {
  sentence: Sentence;
  /** Term key the number belongs to. */
  subject: string;
  subjectLabel: string;
  /** How the subject was found: named in the clause, the row or heading, the unit itself, the entry title. */
  via: 'named' | 'hint' | 'unit' | 'title';
  /** Words between the subject and the number (named subjects). */
  distance: number;
  unit: string;
  /** The value as written, normalised: "17", "-3", "6/8/8", "2-4". */
  value: string;
  values: number[];
  /** The number and unit as written. */
  quote: string;
  setups: Setups;
  /** Other named terms in the clause (besides the subject and the unit). */
  otherTerms: number;
  /** Other numbers with the same unit in the clause. */
  sameUnit: number;
  verb?: string;
  /** "level 9": the number names one of many. */
  ordinal: boolean;
  /** "instead of 2A": the usual value, stated to be replaced. */
  baseline: boolean;
  /** The subject is named on many entries: a weaker subject. */
  popular: boolean;
  /** The entry is the subject's own. */
  home: boolean;
  /** The subject follows a preposition ("in a combat round"): rather a place or time than what the number is about. */
  adverbial: boolean;
  /** "a level 2 ability": the number names which thing, it is no amount. */
  descriptor: boolean;
  /** "with 2 Savvy": a condition, not an amount given. */
  conditional: boolean;
  /** Said in brackets, by the way. */
  aside: boolean;
  /** Token index of the number, and the subject's term hit (named subjects). */
  at: number;
  hit?: TermHit;
  /** "1 courage plus your crystal": part of a sum. */
  partial: boolean;
  context: Set<string>;
}

/** An `<Unclear>` note of an entry: its readings, setups, terms and facts. */
export interface Note {
  slug: string;
  id: string;
  readings: string[];
  setups: Setups;
  /** The note's own `<When>` conditions (not the setup its entry stands for). */
  explicit: Setups;
  line?: number;
  terms: Set<string>;
  facts: Fact[];
  /** The facts of each reading. */
  readingFacts: Fact[][];
  /** Words of the note's own text that its readings do not use: what the question is about ("Abjura", "attack"). */
  contextWords: Set<string>;
  /** Content words of each reading, in order (sources left out). */
  readingWords: { reading: string; words: string[] }[];
}

/** One entry as read: its sentences, facts, notes and links. */
export interface Page {
  entry: EntryInput;
  sentences: Sentence[];
  facts: Fact[];
  notes: Note[];
  /** Every entry slug the page links to (any anchor). */
  links: Set<string>;
  errors: string[];
  title?: Term;
}

/** A number of a sentence with its unit, as found in the tokens. */
export interface NumberHit {
  start: number;
  end: number;
  values: number[];
  value: string;
  /** Unit key: a lemma, a term key, "level #" for "level 9", with " per round" for rates. */
  unit: string;
  unitTerm?: Term;
  unitStart: number;
  unitEnd: number;
  ordinal?: boolean;
  /** "3A instead of 2A", "1 strength, not 3": the value it replaces (the rule without the change). */
  baseline?: boolean;
  /** "a level 2 ability": an ordinal that names which thing. */
  descriptor?: boolean;
  /** "with 2 Savvy", "1 point per 4 gems": the number sets a condition or a divisor, it is no amount given. */
  conditional?: boolean;
  /** Inside brackets. */
  aside?: boolean;
  /** "≥" or "≤" when the number is a bound. */
  bound?: string;
}

/** A setup named in words: "4 players", "5-season game", "solo", "epic game". */
export interface QualifierRules {
  /** Unit lemma → option id, for choice options whose values are counts ("2 players" → players). */
  units: Map<string, { option: string; tokens: Set<string> }>;
  /** Lower-case phrases → condition (boolean option ids and value labels). */
  phrases: { words: string[]; key: string; tokens: string[]; negatable: boolean }[];
  /** First words of option and value labels ("simple", "epic", "standard", "underground"), for table headings. */
  heads: Map<string, { key: string; tokens: string[] }[]>;
}

/** What the whole game says about its terms: a term that is counted as a unit, or named on many entries, is no subject. */
export interface TermStats {
  generic: Set<string>;
  popular: Set<string>;
  /** Terms that name a setup (a character, a mod, an option's words): never a note's subject. */
  conditionTerms: Set<string>;
  byKey: Map<string, Term>;
}
