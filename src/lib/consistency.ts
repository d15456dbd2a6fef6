/**
 * One truth per fact: finds facts that entries of one game state differently, and facts that one entry flags as
 * unclear while another states them as certain.
 *
 * Pure: works on each entry's mdast (parsed with MDX and GFM, not yet transformed) and the game's options. It runs
 * the rule-tree transform itself, then reads the text of every setup:
 *   - text outside `<When>`/`<Pick>` belongs to every setup; text inside carries its condition (a conjunction of
 *     `key → tokens`), so "3 tokens" under players=3 and "4 tokens" under players=4 never meet;
 *   - a sentence that names a setup in words ("with 4 players", "in a 5-season game", "solo", "epic game") carries
 *     that condition too, for the facts of its clause;
 *   - facts are numbers with their unit noun ("17 coins", "+1 gold", "level 9", "3A", "6 / 8 / 8 points"), attached
 *     to the nearest game term of the clause (entry titles and `terms`), else to the row's or heading's term, else to
 *     the unit when the unit is itself a term ("76 quest cards"), else to the entry's own title.
 * Findings:
 *   - `disagreement`: the same term and unit with different numbers on two entries, under setups that can hold together;
 *   - `stated-vs-flagged`: a fact (term + unit, or term + a reading's words) inside an `<Unclear>` note of one entry,
 *     stated as plain text by another entry that has no note on it and no link to the flagging entry;
 *   - `unlinked-doubt`: plain text saying a rule is not stated or unclear, with no `<Unclear>` note and no link to one.
 * Each finding has a score (0..1) and a confidence (high, medium, low) from how surely both numbers belong to the
 * term (distance, other terms and numbers around) and how alike the two statements read.
 */
import type { OptionsGame } from './options';
import { currentTokens, defaultSettings } from './options';
import { choiceEntries, conditionKeys, inactiveToken, optionValues, requirementTokens, valueCondition } from './option-authoring';
import { transformRuleTree, UNCLEAR_LABEL } from './rule-tree';

/* ------------------------------------------------------------------------------------------------ setups */

/** A conjunction of conditions: each key may take one of its tokens (a key not listed takes any). */
export type Setup = Record<string, string[]>;
/** Any of these conjunctions (an empty conjunction: every setup). */
export type Setups = Setup[];

const EVERY: Setups = [{}];

/** Both conjunctions at once, or undefined when no setup satisfies them. */
export function meet(a: Setup, b: Setup): Setup | undefined {
  const out: Setup = { ...a };
  for (const [k, tokens] of Object.entries(b)) {
    const both = out[k] ? out[k]!.filter((t) => tokens.includes(t)) : [...tokens];
    if (!both.length) return undefined;
    out[k] = both;
  }
  return out;
}

/** Adds what options' requirements imply (players 3 → multiplayer; solo → players takes its fallback). */
function implied(game: OptionsGame, s: Setup): Setup | undefined {
  const keys = conditionKeys(game);
  let cur: Setup | undefined = s;
  for (let round = 0; round < 4 && cur; round++) {
    const before = JSON.stringify(cur);
    for (const option of game.options) {
      if (!option.requires || !cur) continue;
      const inactive = inactiveToken(option);
      if (inactive === undefined) continue;
      const want: Setup = requirementTokens(game, option);
      const own = cur[option.id];
      // The option is constrained to active values: its requirement holds.
      if (own && !own.includes(inactive)) cur = meet(cur, want);
      // The requirement cannot hold: the option takes its inactive value.
      else if (!cur || Object.entries(want).some(([k, t]) => cur![k] && !cur![k]!.some((x) => t.includes(x)))) {
        const tokens = keys.get(option.id)?.tokens ?? [];
        cur = cur && meet(cur, { [option.id]: tokens.includes(inactive) ? [inactive] : [inactive] });
      }
      if (!cur) return undefined;
    }
    if (JSON.stringify(cur) === before) break;
  }
  return cur;
}

/** Whether every setup of `a` is one of `b` (each conjunction of `a` narrows some conjunction of `b`). */
export function implies(a: Setups, b: Setups): boolean {
  return a.every((x) => b.some((y) => Object.entries(y).every(([k, t]) => !!x[k] && x[k]!.every((v) => t.includes(v)))));
}

/** Whether some setup satisfies one of `a` and one of `b` at once. */
export function compatible(game: OptionsGame, a: Setups, b: Setups): boolean {
  return a.some((x) => b.some((y) => {
    const m = meet(x, y);
    return !!m && !!implied(game, m);
  }));
}

const andSetups = (a: Setups, b: Setups): Setups => a.flatMap((x) => b.map((y) => meet(x, y)).filter((m): m is Setup => !!m));

/**
 * The same setups in fewer conjunctions: keys that allow every token are dropped, and conjunctions that differ in
 * one key only are merged (`players=2`, `players=3` → `players=2|3`).
 */
export function simplify(game: OptionsGame, setups: Setups): Setups {
  const keys = conditionKeys(game);
  const full = (k: string, t: string[]) => !!keys.get(k) && keys.get(k)!.tokens.every((x) => t.includes(x));
  const trim = (c: Setup): Setup => Object.fromEntries(Object.entries(c).filter(([k, t]) => !full(k, t)));
  let list = setups.map(trim);
  for (let changed = true; changed; ) {
    changed = false;
    outer: for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        const ka = Object.keys(a).sort().join();
        if (ka !== Object.keys(b).sort().join()) continue;
        const differ = Object.keys(a).filter((k) => a[k]!.slice().sort().join() !== b[k]!.slice().sort().join());
        if (differ.length > 1) continue;
        const merged = { ...a };
        for (const k of differ) merged[k] = [...new Set([...a[k]!, ...b[k]!])];
        list = [...list.slice(0, i), trim(merged), ...list.slice(i + 1, j), ...list.slice(j + 1)];
        changed = true;
        break outer;
      }
  }
  return list.some((c) => !Object.keys(c).length) ? [{}] : list;
}

/** A short label of a setup list, for reports ("players=3", "solo=1 · story=0"). */
export function setupLabel(game: OptionsGame, s: Setups): string {
  const parts = simplify(game, s).map((c) => Object.entries(c).map(([k, t]) => `${k}=${t.join('|')}`).join(' · '));
  return parts.every(Boolean) ? parts.join(' or ') : 'every setup';
}

/* ------------------------------------------------------------------------------------------------ words */

/** Singular, lower-case form of a word: coins → coin, dice → die, abilities → ability, glass → glass. */
export function lemma(word: string): string {
  const w = word.toLowerCase().replace(/[’']s$/, '').replace(/[’']/g, "'");
  // Null-prototype lookups: a word of the text ("constructor", "toString") is never read off Object.prototype.
  const irregular: Record<string, string> = Object.assign(Object.create(null), { dice: 'die', men: 'man', women: 'woman', lives: 'life', leaves: 'leaf', wolves: 'wolf', thieves: 'thief', elves: 'elf', dwarves: 'dwarf', children: 'child', gems: 'gem', people: 'person', was: 'is', were: 'is', are: 'is', has: 'have', had: 'have' });
  if (irregular[w]) return irregular[w]!;
  if (w.length <= 3) return w;
  if (/ies$/.test(w) && w.length > 4) return w.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|zz|oes)es$/.test(w) || /[^aeiou]oes$/.test(w)) return w.slice(0, -2);
  if (/(ss|us|is|ous)$/.test(w)) return w;
  if (/s$/.test(w)) return w.slice(0, -1);
  return w;
}

const NUMBER_WORDS: Record<string, number> = Object.assign(Object.create(null), { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, twenty: 20 });
/** Words that may sit between a number and its noun ("2 extra coins", "1 face-down card"). */
const MODIFIERS = new Set(['extra', 'more', 'additional', 'fewer', 'less', 'free', 'new', 'other', 'different', 'random', 'face-down', 'face-up', 'unused', 'empty', 'further', 'separate', 'full', 'whole', 'total', 'starting', 'basic', 'own', 'same', 'remaining', 'spare', 'unique', 'matching', 'individual', 'adjacent', 'single']);
/** Nouns that take their number after them ("level 9", "round 15"): the number names one of many. */
const ORDINAL_NOUNS = new Set(['level', 'round', 'tier', 'stage', 'chapter', 'season', 'step', 'turn', 'rank', 'row', 'column', 'age', 'phase', 'page', 'day', 'year', 'entry', 'paragraph', 'p']);
const STOP = new Set(('a an the of or and to in on at for from with by per each every is be been being it its this that these those there their they them you your yours he she his her we our as if then than so but not no nor any all both either neither when while where which who whom what how up down out into onto over under off only also just still even too very can may must might will would should could do does did done have having get gets got instead such own same other another some more most less least few many much one ones time times way ways until till after before during since because again once twice per via about above below between among without within upon whether like unlike').split(' '));
/** Words that describe the source of a reading, not the rule ("76 quest cards (the stated total)"). */
const SOURCE_WORDS = new Set(['rulebook', 'reference', 'online', 'stated', 'listed', 'printed', 'card', 'text', 'rule', 'rules', 'reading', 'sum', 'total', 'faq', 'note', 'sheet', 'sheets', 'example', 'says', 'say', 'given', 'table']);
/** Verb classes: two statements whose nearest verbs fall in different classes speak of different things. */
const VERB_CLASS: Record<string, string> = Object.create(null) as Record<string, string>;
for (const [cls, words] of Object.entries({
  gain: 'gain gains gained get gets take takes took receive receives earn earns score scores gives give gave grant grants collect collects draw draws win wins add adds gaining getting taking',
  pay: 'pay pays paid cost costs spend spends lose loses lost discard discards return returns remove removes sacrifice sacrifices paying spending losing costing upgrade upgrades',
  hold: 'hold holds have has contain contains show shows list lists sell sells offer offers',
  need: 'need needs require requires reach reaches needing requiring',
  move: 'move moves advance advances step steps walk walks travel travels',
  place: 'place places put puts set sets',
})) for (const w of words.split(' ')) VERB_CLASS[w] = cls;

/** One token of a sentence. */
interface Token {
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

const TOKEN_RE = /(\d+(?:st|nd|rd|th))(?![A-Za-z])|(\d+[A-Z])(?![A-Za-z])|((?<![\w])[+\-−–]?\d+(?:\.\d+)?)|([A-Za-zÀ-ÿ]+(?:[-'’][A-Za-zÀ-ÿ]+)*)|(\S)/g;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const space = m.index! > last && /\s/.test(text.slice(last, m.index!)) || m.index === 0;
    last = m.index! + m[0].length;
    const t = m[0];
    if (m[1]) out.push({ text: t, lower: t, lemma: t, kind: 'punct', space });
    else if (m[2]) out.push({ text: t, lower: t, lemma: t, kind: 'compact', value: Number(t.slice(0, -1)), space });
    else if (m[3]) {
      const sign = /^[+\-−–]/.test(t) ? t[0]! : '';
      const n = Number(t.slice(sign.length));
      out.push({ text: t, lower: t, lemma: t, kind: 'num', value: sign && sign !== '+' ? -n : n, signed: !!sign, space });
    } else if (m[4]) {
      const lower = t.toLowerCase();
      if (NUMBER_WORDS[lower] !== undefined) out.push({ text: t, lower, lemma: lower, kind: 'num', value: NUMBER_WORDS[lower], space });
      else out.push({ text: t, lower, lemma: lemma(lower), kind: 'word', space });
    } else out.push({ text: t, lower: t, lemma: t, kind: 'punct', space });
  }
  return out;
}

const contentLemmas = (tokens: Token[]): Set<string> =>
  new Set(tokens.filter((t) => t.kind === 'word' && !STOP.has(t.lower) && t.lower.length > 2).map((t) => t.lemma));

/* ------------------------------------------------------------------------------------------------ terms */

/** A game term: an entry's title or one of its `terms`, as lemmatised words. */
interface Term {
  key: string;
  label: string;
  words: string[];
  /** The entries that define it. */
  home: Set<string>;
  /** A one- or two-letter term ("A", "w") matches only as printed, not the article "a". */
  exact?: string;
}

function termIndex(entries: readonly EntryInput[]): Map<string, Term[]> {
  const byFirst = new Map<string, Term[]>();
  const all = new Map<string, Term>();
  for (const e of entries)
    for (const label of [e.title, ...e.terms]) {
      const words = tokenize(label).filter((t) => t.kind !== 'punct').map((t) => (t.kind === 'num' ? String(t.value) : t.lemma));
      if (!words.length) continue;
      const key = words.join(' ');
      const term = all.get(key) ?? { key, label, words, home: new Set<string>(), ...(label.trim().length <= 2 ? { exact: label.trim() } : {}) };
      term.home.add(e.slug);
      if (!all.has(key)) {
        all.set(key, term);
        const list = byFirst.get(words[0]!) ?? [];
        list.push(term);
        byFirst.set(words[0]!, list);
      }
    }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
}

interface TermHit {
  term: Term;
  start: number;
  end: number; // exclusive, token index
}

function findTerms(tokens: Token[], index: Map<string, Term[]>): TermHit[] {
  const hits: TermHit[] = [];
  const word = (t: Token) => (t.kind === 'num' ? String(t.value) : t.kind === 'compact' ? t.text : t.lemma);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct') continue;
    for (const term of index.get(word(t)) ?? []) {
      if (term.exact && (t.text !== term.exact || i === 0)) continue;
      let j = i;
      let ok = true;
      for (const w of term.words) {
        while (j < tokens.length && tokens[j]!.kind === 'punct' && /['’&]/.test(tokens[j]!.text)) j++;
        if (j >= tokens.length || word(tokens[j]!) !== w) {
          ok = false;
          break;
        }
        j++;
      }
      if (ok) {
        hits.push({ term, start: i, end: j });
        i = j - 1;
        break;
      }
    }
  }
  return hits;
}

/* ------------------------------------------------------------------------------------------------ input */

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

type Node = {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: { line: number } };
};

/** One piece of inline text with the condition it shows under. */
interface Segment {
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

interface Note {
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

interface Page {
  entry: EntryInput;
  sentences: Sentence[];
  facts: Fact[];
  notes: Note[];
  /** Every entry slug the page links to (any anchor). */
  links: Set<string>;
  errors: string[];
  title?: Term;
}

/* ------------------------------------------------------------------------------------------------ reading text */

const attr = (node: Node, name: string): string | undefined => {
  const a = node.attributes?.find((x) => x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};

/** The condition a generated element carries (its `data-w-<key>` attributes). */
function elementSetup(node: Node): Setup {
  const s: Setup = {};
  for (const a of node.attributes ?? []) if (a.name?.startsWith('data-w-') && typeof a.value === 'string') s[a.name.slice(7)] = a.value.split(' ');
  return s;
}

const linkTarget = (url: string, game: string): string | undefined => {
  const m = /^\/([^/]+)\/([^/#]+)\/(#[\w-]+)?$/.exec(url);
  return m && m[1] === game ? `${m[2]}${m[3] ?? ''}` : undefined;
};

/** Inline text of a node as segments with their conditions. */
function inline(node: Node, setup: Setup, game: string, out: Segment[], links: string[] = []) {
  for (const c of node.children ?? []) {
    if (c.type === 'text' || c.type === 'inlineCode') out.push({ text: c.value ?? '', setup, links });
    else if (c.type === 'break') out.push({ text: ' ', setup, links });
    else if (c.type === 'strong' && c.children?.[0]?.value === `${UNCLEAR_LABEL}:`) continue;
    else if (c.type === 'link') {
      const target = linkTarget(c.url ?? '', game);
      inline(c, setup, game, out, target ? [...links, target] : links);
    } else if (c.type === 'mdxJsxTextElement' || c.type === 'mdxJsxFlowElement') {
      const s = meet(setup, elementSetup(c));
      if (s) inline(c, s, game, out, links);
    } else if (c.children) inline(c, setup, game, out, links);
  }
}

const ABBREV = /\b(?:e\.g|i\.e|p|pp|vs|etc|no|approx|cf)\.$/i;

/** Splits text into sentences (not after "e.g.", "p.", and the like). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?](?=["”’)]?\s+["“(]?[A-Z0-9])/g;
  for (const m of text.matchAll(re)) {
    const piece = text.slice(start, m.index! + 1);
    if (ABBREV.test(piece)) continue;
    out.push(piece.trim());
    start = m.index! + 1;
  }
  out.push(text.slice(start).trim());
  return out.filter((s) => /[A-Za-z0-9]/.test(s));
}

/**
 * The texts a block reads as under each setup: inline conditions are expanded over the keys they use, and setups
 * that read alike are kept together.
 */
function variants(game: OptionsGame, segments: Segment[]): { text: string; setups: Setups; links: string[] }[] {
  const used = [...new Set(segments.flatMap((s) => Object.keys(s.setup)))];
  if (!used.length) return [{ text: segments.map((s) => s.text).join(''), setups: EVERY, links: [...new Set(segments.flatMap((s) => s.links))] }];
  const keys = conditionKeys(game);
  let assignments: Record<string, string>[] = [{}];
  for (const k of used) {
    const tokens = keys.get(k)?.tokens ?? [...new Set(segments.flatMap((s) => s.setup[k] ?? []))];
    assignments = assignments.flatMap((a) => tokens.map((t) => ({ ...a, [k]: t })));
    if (assignments.length > 4096) break;
  }
  const groups = new Map<string, { setups: Setups; links: Set<string> }>();
  for (const a of assignments) {
    const shown = segments.filter((s) => Object.entries(s.setup).every(([k, t]) => a[k] === undefined || t.includes(a[k]!)));
    const text = shown.map((s) => s.text).join('');
    const g = groups.get(text) ?? { setups: [], links: new Set<string>() };
    g.setups.push(Object.fromEntries(Object.entries(a).map(([k, t]) => [k, [t]])));
    for (const s of shown) for (const l of s.links) g.links.add(l);
    groups.set(text, g);
  }
  return [...groups].map(([text, g]) => ({ text, setups: simplify(game, g.setups), links: [...g.links] }));
}

interface Block {
  segments: Segment[];
  setup: Setup;
  line?: number;
  note?: string;
  hint?: Term;
  row?: boolean;
}

/** Collects the blocks (paragraphs, headings, list items' paragraphs, table rows) of a transformed tree. */
function blocks(tree: Node, game: string, index: Map<string, Term[]>, rules: QualifierRules): Block[] {
  const out: Block[] = [];
  let heading: Term | undefined;
  const termOf = (text: string, cell: boolean): Term | undefined => {
    const toks = tokenize(text);
    const hits = findTerms(toks, index);
    // A cell with numbers names a thing only when the term is the whole cell ("Town Centre 3").
    if (cell && toks.some((t, i) => t.kind === 'num' && !hits.some((h) => i >= h.start && i < h.end))) return undefined;
    if (hits[0]) return hits[0].term;
    // A row's first cell that names no term still says what the row is about ("Istreka").
    const words = toks.filter((t) => t.kind === 'word').map((t) => t.lemma);
    if (cell && words.length && words.length <= 5 && !toks.some((t) => t.kind === 'num')) return { key: `row: ${words.join(' ')}`, label: text, words, home: new Set() };
    return undefined;
  };
  const walk = (node: Node, setup: Setup, note: string | undefined) => {
    for (const c of node.children ?? []) {
      const line = c.position?.start.line;
      if (c.type === 'paragraph' || c.type === 'heading') {
        const segments: Segment[] = [];
        inline(c, {}, game, segments);
        if (c.type === 'heading') heading = termOf(segments.map((s) => s.text).join(''), false);
        out.push({ segments, setup, line, note, hint: c.type === 'heading' ? undefined : heading });
      } else if (c.type === 'table') {
        const rows = c.children ?? [];
        const cellText = (cell: Node) => {
          const segs: Segment[] = [];
          inline(cell, {}, game, segs);
          return { segs, text: segs.map((x) => x.text).join('').trim() };
        };
        const header = (rows[0]?.children ?? []).map((cell) => cellText(cell).text);
        // Columns or rows that name setups ("Simple game | Epic game", "Standard | Underground"): their cells hold
        // the text of that setup.
        const columnSetups = pairedSetups(header.map((h, i) => (i === 0 ? [] : headSetup(h, rules))));
        const firstUnit = tokenize(header[0] ?? '').find((t) => t.kind === 'word');
        const rowUnit = firstUnit && rules.units.get(firstUnit.lemma) ? firstUnit.lemma : undefined;
        const rowSetups = pairedSetups(rows.slice(1).map((row) => (row.children?.[0] ? headSetup(cellText(row.children[0]).text, rules, rowUnit) : [])));
        rows.slice(1).forEach((row, r) => {
          const segments: Segment[] = [];
          let hint: Term | undefined;
          (row.children ?? []).forEach((cell, i) => {
            const { segs, text } = cellText(cell);
            const col = columnSetups[i] ?? {};
            if (i === 0) hint = termOf(text, true);
            // "Tier | Building | Cost": a first cell with a number leaves the row to the next cell's term.
            if (i === 1 && !hint && /^\d+$/.test(cellText(row.children![0]!).text)) hint = termOf(text, false);
            if (i > 0) segments.push({ text: '; ', setup: {}, links: [] });
            segments.push(...segs.map((x) => ({ ...x, setup: meet(x.setup, col) ?? x.setup })));
            // A bare number takes its column's noun: "3" under "Coins" reads "3 Coins".
            if (i > 0 && /^[+\-−–]?\d+(\s*[/–-]\s*\d+)*$/.test(text) && header[i] && !columnSetups[i]) segments.push({ text: ` ${header[i]}`, setup: {}, links: [] });
          });
          const rowSetup = meet(setup, rowSetups[r] ?? {});
          if (rowSetup) out.push({ segments, setup: rowSetup, line: row.position?.start.line, note, hint: hint ?? heading, row: !!hint });
        });
      } else if (c.type === 'mdxJsxFlowElement') {
        const id = attr(c, 'data-unclear');
        if (id) walk(c, setup, id);
        else {
          const s = meet(setup, elementSetup(c));
          if (s) walk(c, s, note);
        }
      } else if (c.type === 'code' || c.type === 'html') continue;
      else if (c.children) walk(c, setup, note);
    }
  };
  walk(tree, {}, undefined);
  return out;
}

/* ------------------------------------------------------------------------------------------------ qualifiers */

/** A setup named in words: "4 players", "5-season game", "solo", "epic game". */
interface QualifierRules {
  /** Unit lemma → option id, for choice options whose values are counts ("2 players" → players). */
  units: Map<string, { option: string; tokens: Set<string> }>;
  /** Lower-case phrases → condition (boolean option ids and value labels). */
  phrases: { words: string[]; key: string; tokens: string[]; negatable: boolean }[];
  /** First words of option and value labels ("simple", "epic", "standard", "underground"), for table headings. */
  heads: Map<string, { key: string; tokens: string[] }[]>;
}

/** The setups a table heading may name by its first word or a count ("Epic game", "Underground", "3 players"). */
function headSetup(text: string, rules: QualifierRules, unit?: string): Setup[] {
  const toks = tokenize(text.replace(/\(.*?\)/g, ''));
  const words = toks.filter((t) => t.kind !== 'punct');
  if (!words.length || words.length > 4) return [];
  const first = words[0]!;
  // "2 players", or "2" in a column headed "Players"; "2-3" and "3 or 4" too.
  const u = rules.units.get(words.find((w) => w.kind === 'word')?.lemma ?? unit ?? '') ?? (unit ? rules.units.get(unit) : undefined);
  if (first.kind === 'num' && u) {
    const values = words.filter((w) => w.kind === 'num').map((w) => String(Math.abs(w.value!)));
    return values.every((v) => u.tokens.has(v)) ? [{ [u.option]: values }] : [];
  }
  return (rules.heads.get(first.lemma) ?? []).map((h) => ({ [h.key]: h.tokens }));
}

/** For each table heading, the setup it names, kept only where at least two headings name values of one option. */
function pairedSetups(list: Setup[][]): (Setup | undefined)[] {
  const count = new Map<string, number>();
  for (const cands of list) for (const k of new Set(cands.flatMap((c) => Object.keys(c)))) count.set(k, (count.get(k) ?? 0) + 1);
  return list.map((cands) => cands.find((c) => Object.keys(c).every((k) => (count.get(k) ?? 0) >= 2)));
}

function qualifierRules(game: OptionsGame): QualifierRules {
  const units = new Map<string, { option: string; tokens: Set<string> }>();
  const phrases: QualifierRules['phrases'] = [];
  const heads = new Map<string, { key: string; tokens: string[] }[]>();
  const head = (label: string, key: string, tokens: string[]) => {
    const w = tokenize(label).find((t) => t.kind === 'word');
    if (!w || STOP.has(w.lower) || w.lower === 'without') return;
    const list = heads.get(w.lemma) ?? [];
    if (!list.some((h) => h.key === key)) list.push({ key, tokens });
    heads.set(w.lemma, list);
  };
  const words = (s: string) => tokenize(s.replace(/\(.*?\)/g, '')).filter((t) => t.kind === 'word').map((t) => t.lemma);
  for (const o of game.options) {
    if (o.type === 'boolean' && /^[a-z]+$/.test(o.id)) phrases.push({ words: [o.id], key: o.id, tokens: ['1'], negatable: true });
    if (o.type === 'boolean') {
      head(o.label, o.id, ['1']);
      head(o.offLabel, o.id, ['0']);
    }
    if (o.type !== 'choice') continue;
    const all = [...optionValues(o), ...(o.fallback ? [{ value: o.fallback.value, label: o.fallback.label }] : [])];
    for (const v of all) {
      const m = /^(\d+)\s+([A-Za-z]+)/.exec(v.label);
      if (m && m[1] === v.value) {
        const u = units.get(lemma(m[2]!)) ?? { option: o.id, tokens: new Set<string>() };
        u.tokens.add(v.value);
        units.set(lemma(m[2]!), u);
        continue;
      }
      head(v.label, o.id, [v.value]);
      for (const label of new Set([v.label.replace(/\(.*?\)/g, ''), v.label.split(',')[0]!])) {
        const w = words(label);
        // "Yasmine, Grovesprite": a name before a comma stands alone too.
        const name = v.label.includes(',') && label === v.label.split(',')[0] && !!v.entry;
        if ((w.length >= 2 || name) && !(w[0] === 'no' || w[0] === 'without')) phrases.push({ words: w, key: o.id, tokens: [v.value], negatable: false });
      }
    }
  }
  return { units, phrases, heads };
}

/* ------------------------------------------------------------------------------------------------ facts */

interface NumberHit {
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

/** Whether the words before token `i` say the number is the usual value being replaced. */
const isBaseline = (tokens: Token[], i: number): boolean => {
  const a = tokens[i - 1]?.lower ?? '';
  const b = tokens[i - 2]?.lower ?? '';
  const near = tokens.slice(Math.max(0, i - 3), i).map((t) => t.lower);
  return a === 'not' || near.includes('normally') || near.includes('usually') || (b === 'instead' && a === 'of') || (b === 'rather' && a === 'than') || (/^(down|up)$/.test(b) && a === 'from');
};

const PARTICIPLE = /^(?:[a-z]{3,}ed|drawn|chosen|taken|given|hidden|shown|known|built|won|lost|left|held|spent|paid|kept|dealt)$/;
/** Modifiers that name a part of a whole ("3 face-up wish tokens" of "15 wish tokens"): kept in the unit. */
const KEPT_MODIFIERS = new Set(['face-down', 'face-up', 'empty', 'unused', 'remaining', 'starting', 'spare', 'red', 'blue', 'green', 'yellow', 'black', 'white', 'grey', 'gray', 'purple', 'orange', 'brown']);
/** Units of distance: "5 tiles from each passage" is a distance. */
const SPATIAL = new Set(['tile', 'space', 'hex', 'square', 'step', 'cell', 'region']);
/** Verbs that follow a bare number ("12 gives 20 gems", "5 costs"): no unit. */
const VERB_UNITS = new Set(['gives', 'give', 'costs', 'gains', 'takes', 'makes', 'lets', 'means', 'goes', 'counts', 'needs', 'stays', 'becomes', 'pays', 'gets', 'adds', 'wins', 'loses', 'returns', 'is', 'are', 'was', 'were', 'has', 'have', 'do', 'does', 'can', 'may', 'must', 'will']);
const RATE_NOUNS = new Set(['time', 'round', 'turn', 'season', 'game', 'player', 'action', 'stage', 'year', 'day', 'hero', 'combat', 'fight', 'level', 'building', 'quest', 'copy', 'visit', 'roll']);

/** The numbers of a sentence with their units. */
function numbers(tokens: Token[], hits: TermHit[]): NumberHit[] {
  const out: NumberHit[] = [];
  const inTerm = (i: number) => hits.some((h) => i >= h.start && i < h.end);
  const hitAt = (i: number) => hits.find((h) => h.start === i);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'compact') {
      // "3A" is a fact even where "3A" is also a term.
      if (!hits.some((h) => i >= h.start && i < h.end && h.end - h.start > 1)) out.push({ start: i, end: i + 1, values: [t.value!], value: String(t.value), unit: t.text.slice(-1), unitStart: i, unitEnd: i + 1, baseline: isBaseline(tokens, i) });
      continue;
    }
    if (t.kind !== 'num' || inTerm(i)) continue;
    // "level 9", "stage 3 cards": the noun before names which one.
    const prev = tokens[i - 1];
    if (prev?.kind === 'word' && ORDINAL_NOUNS.has(prev.lemma) && !t.signed) {
      const next = tokens[i + 1];
      const descriptor = next?.kind === 'word' && !STOP.has(next.lower) && !/^(and|or)$/.test(next.lower);
      out.push({ start: i, end: i + 1, values: [t.value!], value: String(t.value), unit: `${prev.lemma} #`, unitStart: i - 1, unitEnd: i + 1, ordinal: true, descriptor });
      continue;
    }
    // A list or range: "6 / 8 / 8", "2-4", "2 or 3", "3 to 5", "1, 2, 4 or 5".
    const values = [t.value!];
    const used: string[] = [];
    let j = i + 1;
    while (j + 1 < tokens.length) {
      const s = tokens[j]!;
      const n = tokens[j + 1]!;
      const isSep = (s.kind === 'punct' && /[/–,-]/.test(s.text)) || (s.kind === 'word' && /^(or|to|and)$/.test(s.lower));
      if (!isSep || n.kind !== 'num' || inTerm(j + 1)) break;
      values.push(Math.abs(n.value!));
      used.push(s.kind === 'word' ? s.lower : s.text);
      j += 2;
    }
    // Commas and "and" join a list only when "or" or "and" closes it ("1, 2, 4 or 5"); else the list stops there.
    const last = used[used.length - 1];
    if (used.some((x) => x === ',' || x === 'and') && last !== 'or' && last !== 'and') {
      const cut = used.findIndex((x) => x === ',' || x === 'and');
      values.length = cut + 1;
      used.length = cut;
      j = i + 1 + 2 * cut;
    }
    const seps = used.includes('or') || used.includes(',') ? '|' : used.includes('and') ? '+' : used.includes('/') ? '/' : used.length ? '-' : '';
    // The unit: past a hyphen ("2-player"), modifiers and participles ("2 extra coins", "3 drawn cards").
    let k = j;
    let delta = t.signed ? (t.value! < 0 ? '-' : '+') : '';
    const before = tokens[i - 1];
    if (!delta && before?.kind === 'word' && /^(plus|add|adds|added|adding)$/.test(before.lower)) delta = '+';
    if (tokens[k]?.kind === 'punct' && /[-–]/.test(tokens[k]!.text) && !tokens[k]!.space) k++;
    let kept = '';
    while (tokens[k]?.kind === 'word' && !hitAt(k) && (MODIFIERS.has(tokens[k]!.lower) || KEPT_MODIFIERS.has(tokens[k]!.lower) || PARTICIPLE.test(tokens[k]!.lower)) && tokens[k + 1]?.kind === 'word') {
      const w = tokens[k]!.lower;
      if (!delta && /^(more|extra|additional|further)$/.test(w)) delta = '+';
      if (!delta && /^(fewer|less)$/.test(w)) delta = '-';
      // "3 face-up wish tokens" counts a part of the "15 wish tokens".
      if (KEPT_MODIFIERS.has(w) || PARTICIPLE.test(w)) kept += `${w} `;
      k++;
    }
    // "18 green stage 1 quests", "10 Tier 3 buildings": the words and the number describe the counted thing.
    if (tokens[k]?.kind === 'word' && !hitAt(k) && !STOP.has(tokens[k]!.lower) && ORDINAL_NOUNS.has(tokens[k + 1]?.lemma ?? '') && tokens[k + 2]?.kind === 'num') {
      kept += `${tokens[k]!.lemma} `;
      k++;
    }
    if (tokens[k]?.kind === 'word' && ORDINAL_NOUNS.has(tokens[k]!.lemma) && tokens[k + 1]?.kind === 'num' && tokens[k + 2]?.kind === 'word') {
      kept += `${tokens[k]!.lemma} ${tokens[k + 1]!.value} `;
      k += 2;
    }
    // An adjective before a term: "14 regular specialists".
    if (tokens[k]?.kind === 'word' && !hitAt(k) && hitAt(k + 1) && !STOP.has(tokens[k]!.lower)) {
      kept += `${tokens[k]!.lemma} `;
      k++;
    }
    // "lay 1 face up": no unit.
    if (tokens[k]?.lower === 'face' && /^(up|down)$/.test(tokens[k + 1]?.lower ?? '')) k = tokens.length;
    const u = tokens[k];
    if (!u || u.kind !== 'word' || STOP.has(u.lower)) {
      // "cost 1 strength, not 3": a bare replaced value takes the unit of the number before it.
      const prevHit = out[out.length - 1];
      if (isBaseline(tokens, i) && prevHit && !prevHit.ordinal && prevHit.start >= i - 12)
        out.push({ ...prevHit, start: i, end: j, values: values.map(Math.abs), value: values.map(Math.abs).join(seps), unitStart: i, unitEnd: i, baseline: true });
      i = j - 1;
      continue;
    }
    const hit = hitAt(k);
    const abs = values.map(Math.abs);
    let value = abs.length > 1 ? abs.join(seps) : String(abs[0]);
    let unit: string | undefined;
    let unitEnd = k + 1;
    if (hit) {
      unit = hit.term.key;
      unitEnd = hit.end;
      // "1 Copper Dagger design": a term right after the counted term is the counted thing.
      const next = hitAt(hit.end);
      if (next) {
        unit = `${unit} ${next.term.key}`;
        unitEnd = next.end;
      }
    } else if (!STOP.has(u.lower) && !VERB_UNITS.has(u.lower) && !inTerm(k)) {
      unit = u.lemma;
      // "a 1-tile gap": a hyphened number and noun describe the noun after them.
      const nextTok = tokens[k + 1];
      if (tokens[j]?.text === '-' && !tokens[j]!.space && nextTok?.kind === 'word' && !STOP.has(nextTok.lower) && !hitAt(k + 1)) {
        unit = `${unit} ${nextTok.lemma}`;
        unitEnd = k + 2;
      }
    }
    if (unit && hit && abs.length === 1 && abs[0]! > 1) {
      // "3 crystal uses": a singular term after a plural number describes the noun that follows.
      const lastTok = tokens[hit.end - 1]!;
      const nextTok = tokens[hit.end];
      if (lastTok.lower === lastTok.lemma && !lastTok.lower.endsWith('s') && nextTok?.kind === 'word' && !STOP.has(nextTok.lower) && !hitAt(hit.end)) {
        unit = `${unit} ${nextTok.lemma}`;
        unitEnd = hit.end + 1;
      }
    }
    // "15 cubes of your colour", "1 cube of its hex's resource": what the counted things are of.
    if (unit && tokens[unitEnd]?.lower === 'of') {
      let q = unitEnd + 1;
      while (tokens[q] && DETERMINERS.has(tokens[q]!.lower)) q++;
      if (tokens[q]?.kind === 'word' && !STOP.has(tokens[q]!.lower) && tokens[q]!.text.endsWith("'s") === false && !hitAt(q)) {
        unit = `${unit} of ${tokens[q]!.lemma}`;
      } else if (tokens[q]?.kind === 'word' && tokens[q]!.text.endsWith("'s")) unit = `${unit} of ${tokens[q]!.lemma}`;
    }
    // "2 slots costing 0 gold": a part of the slots, named by what follows; "1 tile from another": a distance.
    if (unit) {
      const next = tokens[unitEnd];
      if (next?.kind === 'word' && /ing$/.test(next.lower) && next.lower.length > 5 && !hitAt(unitEnd) && !STOP.has(next.lower)) unit = `${unit} ${next.lower}`;
      else if (next?.kind === 'word' && (/^(away|apart)$/.test(next.lower) || (next.lower === 'from' && SPATIAL.has(unit)))) unit = `${unit} apart`;
    }
    if (unit) {
      const after = tokens[unitEnd];
      if (!delta && after?.kind === 'word' && /^(more|extra)$/.test(after.lower)) delta = '+';
      if (!delta && after?.kind === 'word' && /^(fewer|less)$/.test(after.lower)) delta = '-';
      unit = kept + unit;
      // A rate: "1 quest a round", "2 coins per player", "2w for each Farm", "1 tick each time", "2s and 1g per Guildhall".
      let r = unitEnd;
      for (let q = unitEnd; q < Math.min(tokens.length, unitEnd + 6); q++) {
        const x = tokens[q]!;
        if (x.kind === 'word' && /^(per|each|every|for)$/.test(x.lower)) {
          r = q;
          break;
        }
        // "1 coin of income per production".
        if (x.lower === 'of' && tokens[q + 1]?.kind === 'word' && q === unitEnd) {
          q++;
          continue;
        }
        const termHere = hitAt(q);
        if (termHere && tokens[q - 1]?.kind === 'num') {
          q = termHere.end - 1;
          continue;
        }
        if (!(x.kind === 'num' || x.kind === 'compact' || x.text === ',' || x.lower === 'and' || (x.kind === 'word' && tokens[q - 1]?.kind === 'num'))) break;
      }
      if (tokens[r]?.lower === 'for' && /^(each|every)$/.test(tokens[r + 1]?.lower ?? '')) r++;
      const r1 = tokens[r];
      const r2 = tokens[r + 1];
      if (r1?.kind === 'word' && r2?.kind === 'word' && (/^(per|each|every)$/.test(r1.lower) || (/^(a|an)$/.test(r1.lower) && RATE_NOUNS.has(r2.lemma))))
        unit = `${unit} per ${r2.lemma}`;
      else if (r1?.kind === 'word' && r1.lower === 'each' && r2?.kind !== 'word') unit = `${unit} each`;
      // A bound: "above 0 hearts" and "1 heart or more" both say "at least 1".
      const w1 = tokens[i - 1]?.lower ?? '';
      const w2 = tokens[i - 2]?.lower ?? '';
      const a1 = tokens[unitEnd]?.lower ?? '';
      const a2 = tokens[unitEnd + 1]?.lower ?? '';
      let bound = '';
      let shift = 0;
      if (/^(above|over|exceeding)$/.test(w1) || (w1 === 'than' && w2 === 'more')) [bound, shift] = ['≥', 1];
      else if (/^(below|under)$/.test(w1) || (w1 === 'than' && /^(fewer|less)$/.test(w2))) [bound, shift] = ['≤', -1];
      else if ((w1 === 'least' && w2 === 'at') || (a1 === 'or' && /^(more|higher|greater|above)$/.test(a2))) bound = '≥';
      else if ((w1 === 'most' && w2 === 'at') || (w1 === 'to' && w2 === 'up') || w1 === 'within' || (a1 === 'or' && /^(fewer|less|lower|below)$/.test(a2))) bound = '≤';
      // "at most 3w, 2s and 1p": the bound holds for the whole list.
      const last = out[out.length - 1];
      if (!bound && last?.bound && last.end + 4 >= i && tokens.slice(last.unitEnd, i).every((x) => x.text === ',' || x.lower === 'and' || x.lower === 'or'))
        bound = last.bound;
      if (bound) {
        unit = `${bound} ${unit}`;
        if (shift && abs.length === 1) {
          abs[0] = abs[0]! + shift;
          value = String(abs[0]);
        }
      }
      // A change ("+1 gold", "2 more damage", "1 adventurer fewer") is another fact than a total ("3 damage").
      if (delta) unit = `${delta}${unit}`;
      // "with 2 Savvy", "per 4 gems", "one of the 2 attributes": a condition, a divisor or a whole, not an amount given.
      const cond = /^(with|if|per|when|once|until)$/.test(tokens[i - 1]?.lower ?? '') || (tokens[i - 1]?.lower === 'the' && tokens[i - 2]?.lower === 'of');
      // Inside brackets: an aside ("(the Academy or 1 Inn stays out)", "4w (2w 3s)").
      let depth = 0;
      for (let q = 0; q < i; q++) depth += tokens[q]!.text === '(' ? 1 : tokens[q]!.text === ')' ? -1 : 0;
      out.push({ start: i, end: j, values: abs, value, unit, unitTerm: hit?.term, unitStart: k, unitEnd, baseline: isBaseline(tokens, i), conditional: cond, aside: depth > 0, bound: bound || undefined });
    }
    i = j - 1;
  }
  // "3w, 2s and 1p each", "2s and 1g per Guildhall": a rate at the end of a list holds for the whole list.
  for (let q = out.length - 1; q > 0; q--) {
    const lastHit = out[q]!;
    const rate = / (per [a-z ]+|each)$/.exec(lastHit.unit)?.[0];
    if (!rate) continue;
    for (let r = q - 1; r >= 0; r--) {
      const a = out[r]!;
      const b = out[r + 1]!;
      const between = tokens.slice(a.unitEnd, b.start);
      // "4w, plus 2w and 3s for each copy": the rate stops at "plus".
      if (between.some((x) => x.lower === 'plus') || !between.every((x) => x.text === ',' || x.lower === 'and' || x.lower === 'or')) break;
      if (!a.unit.includes(' per ') && !a.unit.endsWith(' each')) a.unit += rate;
    }
  }
  return out;
}

const PREPOSITIONS = new Set(['in', 'at', 'from', 'to', 'on', 'during', 'into', 'onto', 'of', 'for', 'by', 'near', 'beside', 'after', 'before', 'through']);
const DETERMINERS = new Set(['a', 'an', 'the', 'your', 'its', 'their', 'his', 'her', 'each', 'every', 'any', 'this', 'that', 'one']);
/** Whether the term at token `i` follows a preposition (articles and possessives between). */
function adverbial(tokens: Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (DETERMINERS.has(tokens[k]!.lower) || tokens[k]!.text === "'s")) k--;
  return k >= 0 && PREPOSITIONS.has(tokens[k]!.lower);
}

const NEGATION = new Set(['not', 'no', 'without', 'non', 'outside', 'except', 'unlike', 'never']);

interface Qualifier {
  at: number;
  key: string;
  tokens: string[];
}

/** Setups a sentence names in words, with where. */
function qualifiers(tokens: Token[], nums: NumberHit[], rules: QualifierRules): { quals: Qualifier[]; used: Set<NumberHit> } {
  const quals: Qualifier[] = [];
  const used = new Set<NumberHit>();
  for (const n of nums) {
    const u = rules.units.get(n.unit.replace(/ per .*$/, '').split(' ')[0]!);
    if (u && !n.ordinal && n.values.every((v) => u.tokens.has(String(v)))) {
      // "3 and 4 players": a number just before "and" joins the list.
      const values = n.values.map(String);
      const a = tokens[n.start - 1];
      const b = tokens[n.start - 2];
      if (a?.kind === 'word' && /^(and|or)$/.test(a.lower) && b?.kind === 'num' && u.tokens.has(String(b.value))) values.push(String(b.value));
      quals.push({ at: n.start, key: u.option, tokens: values });
      used.add(n);
    }
  }
  for (let i = 0; i < tokens.length; i++)
    for (const p of rules.phrases) {
      if (!p.words.every((w, j) => tokens[i + j]?.lemma === w)) continue;
      const negated = p.negatable && tokens.slice(Math.max(0, i - 3), i).some((t) => NEGATION.has(t.lower) || /^non-/.test(t.lower));
      quals.push({ at: i, key: p.key, tokens: negated ? ['0'] : p.tokens });
    }
  return { quals, used };
}

/** The setup a sentence names anywhere in words ("underground", "with 4 players"), as one conjunction. */
function sentenceQualifiers(tokens: Token[], nums: NumberHit[], rules: QualifierRules): Setups {
  const { quals } = qualifiers(tokens, nums, rules);
  const byKey = new Map<string, string[]>();
  for (const q of quals) byKey.set(q.key, [...new Set([...(byKey.get(q.key) ?? []), ...q.tokens])]);
  return [Object.fromEntries(byKey)];
}

/** Clause numbers of the tokens: `;` and `:` part a sentence's facts from each other's qualifiers and subjects. */
const clauses = (tokens: Token[]): number[] => {
  const ids: number[] = [];
  let c = 0;
  for (const t of tokens) {
    if (t.kind === 'punct' && /[;:]/.test(t.text)) c++;
    ids.push(c);
  }
  return ids;
};

/** Reads a sentence's tokens, terms and numbers once. */
function readSentence(s: Sentence, index: Map<string, Term[]>): NonNullable<Sentence['read']> {
  if (!s.read) {
    const tokens = tokenize(s.text);
    const hits = findTerms(tokens, index);
    s.read = { tokens, hits, nums: numbers(tokens, hits), clause: clauses(tokens) };
  }
  return s.read;
}

/** What the whole game says about its terms: a term that is counted as a unit, or named on many entries, is no subject. */
interface TermStats {
  generic: Set<string>;
  popular: Set<string>;
  /** Terms that name a setup (a character, a mod, an option's words): never a note's subject. */
  conditionTerms: Set<string>;
  byKey: Map<string, Term>;
}

interface FactContext {
  index: Map<string, Term[]>;
  rules: QualifierRules;
  stats: TermStats;
  title?: Term;
  /** Readings: the unit as subject comes before the note's own term. */
  reading?: Term;
}

function sentenceFacts(s: Sentence, cx: FactContext): Fact[] {
  const { tokens, hits, nums, clause } = readSentence(s, cx.index);
  const { quals, used } = qualifiers(tokens, nums, cx.rules);
  const facts: Fact[] = [];
  for (const n of nums) {
    if (used.has(n)) continue;
    const c = clause[n.start]!;
    // Subjects: specific terms of the clause that are not some number's unit.
    const units = nums.filter((m) => clause[m.start] === c);
    // A resource term ("iron", "mana") is a subject only right before the number ("iron 3 gold").
    const candidates = hits.filter(
      (h) =>
        clause[h.start] === c &&
        (!cx.stats.generic.has(h.term.key) || (h.end === n.start && !h.term.exact)) &&
        h.term !== n.unitTerm &&
        !units.some((m) => h.start < m.unitEnd && h.end > m.unitStart),
    );
    // Subjects usually come first: a term after the number counts as 3 words farther, a term after a preposition
    // ("in a combat round", "from the Merchant") as 4 farther, and the term that opens the clause as near.
    const clauseStart = clause.indexOf(c);
    const dist = (h: TermHit) => {
      let d = h.end <= n.start ? n.start - h.end : h.start >= n.unitEnd ? h.start - n.unitEnd + 4 : 0;
      if (adverbial(tokens, h.start)) d += 4;
      else if (h.end <= n.start && h.start <= clauseStart + 2 && !/['’]s$/.test(tokens[h.end - 1]!.text)) d = Math.min(d, 1);
      return d;
    };
    // "Zaya (blue companion): taking a relic costs 1 vision": a short label before a colon is what follows is about.
    const labelEnd = tokens.findIndex((t) => t.text === ':');
    if (c > 0 && labelEnd > 0 && labelEnd <= 7 && clause[labelEnd] === 1)
      for (const h of hits)
        if (h.end <= labelEnd && !cx.stats.generic.has(h.term.key) && !cx.stats.conditionTerms.has(h.term.key) && !candidates.includes(h)) candidates.push(h);
    // "upgrades to Town Centre 3 for A + 8w", "A + 4w upgrade to Town Centre 2": the cost is the target's.
    const target = (h: TermHit) => {
      let k = h.start - 1;
      while (k >= 0 && DETERMINERS.has(tokens[k]!.lower)) k--;
      return tokens[k]?.lower === 'to' && (h.end <= n.start ? n.start - h.end : h.start - n.unitEnd) <= 4;
    };
    const distOf = (h: TermHit) => (target(h) ? 0 : h.end <= labelEnd && clause[h.start] !== c ? 0.5 : dist(h));
    candidates.sort((a, b) => distOf(a) - distOf(b) || a.start - b.start);
    // Numbers of one unit close together in a clause ("0A if ..., otherwise 2A") share the first one's subject.
    // So do amounts written together ("A + 8w 8s 3g", "3w, 2s and 1p").
    const together = (m: NumberHit) => tokens.slice(m.unitEnd, n.start).every((x) => x.text === ',' || x.text === '+' || x.lower === 'and');
    const leader = nums.find((m) => m !== n && m.start < n.start && clause[m.start] === c && !used.has(m) && ((m.unit === n.unit && n.start - m.end <= 10) || together(m)));
    const leaderHit = leader && facts.find((f) => f.at === leader.start);
    const best = leaderHit?.hit ?? candidates[0];
    // "every Attack costs you 1p": each one, a rate.
    const each = !!best && best.end <= n.start && /^(each|every)$/.test(tokens[best.start - 1]?.lower ?? '');
    let subject: Term | undefined;
    let via: Fact['via'] = 'named';
    // "it sells to the Merchant for 2 gold" on the Emerald entry: "it" is the entry's own topic.
    const pronounAt = tokens.findIndex((t, k) => k < n.start && clause[k] === c && /^(it|its|it's)$/.test(t.lower));
    const pronoun = pronounAt >= 0;
    const titleNamed = !!cx.title && hits.some((h) => h.term === cx.title && clause[h.start] === c);
    // A term that names something in particular: no resource, not named everywhere, no setup.
    const specific = (t: Term | undefined): t is Term => !!t && !cx.stats.generic.has(t.key) && !cx.stats.popular.has(t.key) && !cx.stats.conditionTerms.has(t.key);
    // What "it" stands for: the last particular thing named before it, in earlier clauses or the sentence before.
    let antecedent: Term | undefined;
    if (pronoun) {
      const before = hits.filter((h) => h.end <= pronounAt && clause[h.start] !== c && specific(h.term));
      antecedent = before[before.length - 1]?.term;
      if (!antecedent && s.previous) {
        const prev = readSentence(s.previous, cx.index).hits.filter((h) => specific(h.term));
        antecedent = prev[prev.length - 1]?.term;
      }
    }
    // A subject only after the number or after a preposition ("spend 2 courage to fight a monster", "from the
    // Merchant") yields to the entry's own topic.
    // (A term just after the number, "her red level 1, Dark Flame", names it: not weak.)
    const weak = !!best && !target(best) && (best.start >= n.unitEnd + 3 || adverbial(tokens, best.start));
    // "costs 0A if all its tiles are on that terrain": the amount holds under a condition the clause states.
    const iffy = tokens.some((t, k) => k > n.end && clause[k] === c && /^(if|unless|while|whenever)$/.test(t.lower));
    if (s.row && s.hint) [subject, via] = [s.hint, 'hint'];
    else if (pronoun && antecedent && !cx.reading) subject = antecedent;
    else if (pronoun && cx.title && !titleNamed && !cx.reading) [subject, via] = [cx.title, 'title'];
    else if (weak && specific(cx.title) && !titleNamed && !cx.reading) [subject, via] = [cx.title, 'title'];
    else if (best) subject = best.term;
    else if (cx.reading && n.unitTerm && (!cx.stats.generic.has(n.unitTerm.key) || n.values[0]! >= 10)) [subject, via] = [n.unitTerm, 'unit'];
    else if (cx.reading) [subject, via] = [cx.reading, 'hint'];
    else if (s.hint && !cx.stats.generic.has(s.hint.key)) [subject, via] = [s.hint, 'hint'];
    else if (n.unitTerm) [subject, via] = [n.unitTerm, 'unit'];
    else if (cx.title) [subject, via] = [cx.title, 'title'];
    if (!subject) continue;
    // The setup the clause names in words, nearest first.
    let setups = s.setups;
    const byKey = new Map<string, Qualifier>();
    for (const q of quals) {
      // The clause of the number, or a short label before a colon ("Yasmine has Field aversion: each Farm costs 2A").
      if (clause[q.at] !== c && !(q.at < labelEnd && labelEnd <= 7 && c === 1)) continue;
      const old = byKey.get(q.key);
      if (!old || Math.abs(q.at - n.start) < Math.abs(old.at - n.start)) byKey.set(q.key, q);
    }
    if (byKey.size) setups = andSetups(setups, [Object.fromEntries([...byKey].map(([k, q]) => [k, q.tokens]))]);
    if (!setups.length) continue;
    // The verb nearest before the number, within 8 tokens of its table cell ("upgrade: A + 8w 8s 3g").
    let verb: string | undefined;
    for (let k = n.start - 1; k >= Math.max(0, n.start - 8) && tokens[k]!.text !== ';'; k--) {
      const v = VERB_CLASS[tokens[k]!.lower];
      if (v) {
        verb = v;
        break;
      }
    }
    const adverb = via === 'named' && !!best && adverbial(tokens, best.start) && !target(best);
    const unit = each && via === 'named' && !n.unit.includes(' per ') ? `${n.unit} per item` : n.unit;
    const bestDist = best ? dist(best) : 0;
    const otherTerms = new Set(candidates.filter((h) => dist(h) <= bestDist + 3).map((h) => h.term.key));
    otherTerms.delete(subject.key);
    const context = contentLemmas(tokens.filter((_, k) => !(k >= n.unitStart && k < n.unitEnd)));
    for (const w of subject.words) context.delete(w);
    const from = Math.min(n.start, n.unitStart);
    const to = Math.max(n.end, n.unitEnd);
    facts.push({
      sentence: s,
      subject: subject.key,
      subjectLabel: subject.label,
      via,
      distance: best && via === 'named' ? Math.min(dist(best), leaderHit?.distance ?? 99) : 0,
      adverbial: adverb,
      descriptor: !!n.descriptor,
      conditional: !!n.conditional || iffy,
      aside: !!n.aside,
      at: n.start,
      hit: via === 'named' ? best : undefined,
      unit,
      value: n.value,
      values: n.values,
      quote: tokens.slice(from, to).map((t, k) => (k && t.space ? ' ' : '') + t.text).join(''),
      setups,
      otherTerms: otherTerms.size,
      sameUnit: units.filter((m) => m !== n && !used.has(m) && m.unit === n.unit && m.value !== n.value).length,
      verb,
      ordinal: !!n.ordinal,
      popular: cx.stats.popular.has(subject.key),
      home: subject.home.has(s.slug),
      baseline: !!n.baseline,
      partial: tokens.slice(n.unitEnd, n.unitEnd + 6).some((t) => t.lower === 'plus' && clause[n.unitEnd] === c),
      context,
    });
  }
  return facts;
}

/* ------------------------------------------------------------------------------------------------ pages */

/** The setup an entry describes when it is an option value's own entry (a character, a mod, an objective). */
function entrySetup(game: OptionsGame, slug: string): Setup | undefined {
  for (const o of game.options)
    for (const v of optionValues(o))
      if (v.entry === slug) {
        const c = valueCondition(o, v.value);
        return { [c.key]: c.tokens };
      }
  return undefined;
}

/** Reads one entry: its sentences per setup, notes and links (on a copy of its tree). */
function readPage(game: OptionsGame, entry: EntryInput, slugs: ReadonlySet<string>, index: Map<string, Term[]>): Page {
  const tree = structuredClone(entry.tree) as Node;
  const report = transformRuleTree(tree as never, { game, slugs });
  const offset = entry.lineOffset ?? 0;
  const sentences: Sentence[] = [];
  const links = new Set<string>();
  const own = entrySetup(game, entry.slug);
  for (const b of blocks(tree, game.id, index, qualifierRules(game))) {
    for (const v of variants(game, b.segments)) {
      const rawSetups = andSetups([b.setup], v.setups);
      let setups = rawSetups;
      // The entry of a character or a mod speaks of a setup with it.
      if (own) setups = andSetups(setups, [own]).length ? andSetups(setups, [own]) : setups;
      if (!setups.length) continue;
      for (const l of v.links) links.add(l.split('#')[0]!);
      let previous: Sentence | undefined;
      for (const text of splitSentences(v.text.replace(/\s+/g, ' ')))
        sentences.push((previous = { slug: entry.slug, text, setups, rawSetups, line: b.line !== undefined ? b.line + offset : undefined, note: b.note, links: v.links, hint: b.hint, row: b.row, previous }));
    }
  }
  // A summary cannot change with the options: it speaks of the default setup of the options its entry uses.
  if (entry.summary) {
    const defaults = currentTokens(game, defaultSettings(game));
    const keys = conditionKeys(game);
    const setup: Setup = { ...(own ?? {}) };
    for (const id of entry.options ?? []) for (const [k, ck] of keys) if (ck.option.id === id && !(k in setup) && defaults[k] !== undefined) setup[k] = [defaults[k]!];
    for (const text of splitSentences(entry.summary)) sentences.push({ slug: entry.slug, text, setups: [setup], line: entry.summaryLine, links: [], summary: true });
  }
  const titleKey = tokenize(entry.title).filter((t) => t.kind !== 'punct').map((t) => (t.kind === 'num' ? String(t.value) : t.lemma)).join(' ');
  const title = [...index.values()].flat().find((t) => t.key === titleKey);
  const notes: Note[] = report.unclear.map((u) => {
    const inside = sentences.filter((s) => s.note === u.id);
    return {
      slug: entry.slug,
      id: u.id,
      readings: u.readings,
      setups: inside.length ? inside[0]!.setups : EVERY,
      explicit: inside.length ? (inside[0]!.rawSetups ?? EVERY) : EVERY,
      line: u.line !== undefined ? u.line + offset : undefined,
      terms: new Set<string>(),
      facts: [],
      readingFacts: [],
      contextWords: new Set<string>(),
      readingWords: [],
    };
  });
  return { entry, sentences, facts: [], notes, links, errors: report.errors.map((e) => e.message), title };
}

/** Fills in the facts of a page and of its notes. */
function pageFacts(p: Page, index: Map<string, Term[]>, rules: QualifierRules, stats: TermStats) {
  const cx: FactContext = { index, rules, stats, title: p.title };
  p.facts = p.sentences.flatMap((s) => sentenceFacts(s, cx));
  for (const note of p.notes) {
    const inside = p.sentences.filter((s) => s.note === note.id);
    for (const s of inside) for (const h of readSentence(s, index).hits) if (!stats.generic.has(h.term.key)) note.terms.add(h.term.key);
    const readings = note.readings.map((reading) => {
      const s: Sentence = { slug: p.entry.slug, text: reading.replace(/\(.*?\)/g, ' ').trim(), setups: note.setups, line: note.line, note: note.id, links: [] };
      for (const h of readSentence(s, index).hits) if (!stats.generic.has(h.term.key)) note.terms.add(h.term.key);
      return s;
    });
    if (!note.terms.size && p.title) note.terms.add(p.title.key);
    // The note's subject: the first term it names that is no setup, else its entry's own topic.
    const main = stats.byKey.get([...note.terms].find((k) => !stats.conditionTerms.has(k)) ?? p.title?.key ?? '');
    // Only the readings' numbers are the disputed values; numbers in the note's text are context.
    note.readingFacts = readings.map((s) => sentenceFacts(s, { ...cx, reading: main }));
    note.facts = note.readingFacts.flat();
    const readingLemmas = new Set(readings.flatMap((s) => [...contentLemmas(readSentence(s, index).tokens)]));
    note.contextWords = new Set(inside.flatMap((s) => [...contentLemmas(readSentence(s, index).tokens)]).filter((w) => !readingLemmas.has(w) && !SOURCE_WORDS.has(w)));
    note.readingWords = readings.map((s, i) => {
      const toks = readSentence(s, index).tokens.filter((t) => t.kind === 'word' && !STOP.has(t.lower) && t.lower.length > 2 && !SOURCE_WORDS.has(t.lemma));
      return { reading: note.readings[i]!, words: toks.map((t) => t.lemma) };
    });
  }
}

/* ------------------------------------------------------------------------------------------------ findings */

export type FindingKind = 'disagreement' | 'stated-vs-flagged' | 'unlinked-doubt';
export type Confidence = 'high' | 'medium' | 'low';

/** One side of a finding: where and what. */
export interface Statement {
  slug: string;
  file: string;
  line?: number;
  text: string;
  /** The fact as quoted ("17 coins"), or the note for a flag. */
  quote: string;
  setup: string;
  note?: string;
}

export interface Finding {
  kind: FindingKind;
  game: string;
  confidence: Confidence;
  score: number;
  /** What the finding is about: "Warp Stone · crystal", a note. */
  topic: string;
  a: Statement;
  b?: Statement;
  /** Other entries that read like `a` or `b` (same value), when there are more. */
  also?: string[];
  /** One line saying why. */
  reason: string;
}

export interface CheckOptions {
  /** Scores at or above: high (default 0.5); at or above `medium`: medium (default 0.3); else low. */
  high?: number;
  medium?: number;
}

const statement = (game: OptionsGame, p: Page, s: Sentence, quote: string, setups: Setups): Statement => ({
  slug: p.entry.slug,
  file: p.entry.file ?? p.entry.slug,
  line: s.line,
  text: s.text,
  quote,
  setup: setupLabel(game, setups),
  note: s.note,
});

/**
 * How surely a number belongs to its subject (0..1). `same` (a flag's number matched exactly): numbers that only
 * name which thing ("level 2 ability") count fully, since the same name is the same claim.
 */
function attachment(f: Fact, same = false): number {
  let x = f.via === 'named' ? (f.distance <= 2 ? 1 : f.distance <= 5 ? 0.85 : f.distance <= 10 ? 0.6 : 0.35) : f.via === 'hint' ? (f.sentence.row ? 0.9 : 0.7) : f.via === 'unit' ? 0.4 : 0.5;
  if (f.otherTerms > 0) x *= f.otherTerms > 2 ? 0.7 : 0.85;
  if (f.sameUnit > 0) x *= f.sentence.row ? 0.85 : 0.7;
  if (f.ordinal && !same) x *= 0.7;
  if (f.baseline) x *= 0.6;
  if (f.popular && f.via === 'named' && !f.home) x *= 0.7;
  if (f.adverbial) x *= 0.6;
  if (f.descriptor && !same) x *= 0.4;
  if (f.conditional) x *= 0.5;
  if (f.aside) x *= 0.7;
  if (f.partial) x *= 0.6;
  return x;
}

/** How alike two statements read (0..1): shared words of their clauses, and the same kind of verb. */
function likeness(a: Fact, b: Fact): number {
  const inter = [...a.context].filter((w) => b.context.has(w)).length;
  const union = new Set([...a.context, ...b.context]).size || 1;
  let x = 0.5 + 0.5 * Math.min(1, (inter / union) * 2);
  if (a.verb && b.verb && a.verb !== b.verb) x *= 0.35;
  return x;
}

/** Whether two values say the same: equal, or one a choice or range that holds the other. */
function sameValue(a: Fact, b: Fact): boolean {
  if (a.value === b.value) return true;
  // Two sets of choices that share one ("1 or 4", "4 or 5") may well speak of different cases.
  if (a.values.length > 1 && b.values.length > 1 && a.value.includes('|') && b.value.includes('|')) return a.values.some((v) => b.values.includes(v));
  if (a.values.length > 1 && b.values.length === 1) return /[|-]/.test(a.value) && a.values.includes(b.values[0]!);
  if (b.values.length > 1 && a.values.length === 1) return /[|-]/.test(b.value) && b.values.includes(a.values[0]!);
  return false;
}

const level = (score: number, o: CheckOptions): Confidence => (score >= (o.high ?? 0.5) ? 'high' : score >= (o.medium ?? 0.3) ? 'medium' : 'low');
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Plain words saying the sources leave a rule open. */
export const HEDGE =
  /\b(?:(?:is|are|isn['’]t|aren['’]t|not|never) (?:stated|settled|specified|defined|clear|legible)|missing from the sources?|unclear|(?:doesn['’]t|does not|don['’]t|do not|never) (?:say|state|specify|settle)|(?:rules?|rulebook|reference|sources?) (?:is|are) silent|ambiguous|house rule)\b/i;

/** Whether `words` occur in `tokens` in this order, within a window a little longer than the phrase. */
function inOrder(words: string[], tokens: Token[]): boolean {
  const lemmas = tokens.filter((t) => t.kind === 'word').map((t) => t.lemma);
  const window = Math.max(words.length * 2 + 2, 8);
  for (let start = 0; start < lemmas.length; start++) {
    if (lemmas[start] !== words[0]) continue;
    let k = 1;
    for (let j = start + 1; j < lemmas.length && j - start < window && k < words.length; j++) if (lemmas[j] === words[k]) k++;
    if (k === words.length) return true;
  }
  return false;
}

/** Term statistics of a game's pages, then the facts of every page. */
function analyse(game: OptionsGame, pages: Page[], index: Map<string, Term[]>, rules: QualifierRules): { stats: TermStats; byKey: Map<string, Term> } {
  // Term statistics: on how many entries a term is named, how often it is counted ("3 crystals").
  const byKey = new Map([...index.values()].flat().map((t) => [t.key, t]));
  const df = new Map<string, Set<string>>();
  const asUnit = new Map<string, number>();
  for (const p of pages)
    for (const s of p.sentences) {
      const { hits, nums } = readSentence(s, index);
      for (const h of hits) df.set(h.term.key, (df.get(h.term.key) ?? new Set()).add(p.entry.slug));
      for (const n of nums) {
        const k = n.unitTerm?.key ?? (byKey.has(lemma(n.unit)) ? lemma(n.unit) : undefined);
        if (k) asUnit.set(k, (asUnit.get(k) ?? 0) + 1);
      }
    }
  const limit = Math.max(12, pages.length * 0.07);
  // Counted more than named otherwise (gold, coins, w): a resource, the unit of facts, never their subject.
  const generic = new Set([...byKey.keys()].filter((k) => (asUnit.get(k) ?? 0) >= 2 && (asUnit.get(k) ?? 0) >= 0.5 * (df.get(k)?.size ?? 0)));
  // Named on many entries (Round, Epic game): a weak subject.
  const popular = new Set([...byKey.keys()].filter((k) => (df.get(k)?.size ?? 0) > limit));
  /** Terms that name a setup rather than a thing: an option value's entry ("Malikai", "Diaspora") or an option's words. */
  const conditionTerms = new Set<string>();
  const valueEntries = choiceEntries(game);
  for (const t of byKey.values()) {
    if ([...t.home].some((h) => valueEntries.has(h))) conditionTerms.add(t.key);
    // "Underground map" names the underground option; "Epic game" a mode value.
    if (rules.phrases.some((ph) => (ph.words.length === 1 ? t.words.includes(ph.words[0]!) : ph.words.join(' ') === t.words.join(' ')))) conditionTerms.add(t.key);
  }
  const stats: TermStats = { generic, popular, byKey, conditionTerms };
  for (const p of pages) pageFacts(p, index, rules, stats);
  return { stats, byKey };
}

/** Everything the check finds in one game's entries. */
export function checkConsistency(
  game: OptionsGame,
  entries: readonly EntryInput[],
  options: CheckOptions = {},
): { findings: Finding[]; errors: string[]; facts: number; sentences: number; generic: string[] } {
  const index = termIndex(entries);
  const rules = qualifierRules(game);
  const slugs = new Set(entries.map((e) => e.slug));
  const pages = entries.map((e) => readPage(game, e, slugs, index));
  const bySlug = new Map(pages.map((p) => [p.entry.slug, p]));
  const errors = pages.flatMap((p) => p.errors.map((e) => `${p.entry.file ?? p.entry.slug}: ${e}`));

  const { stats, byKey } = analyse(game, pages, index, rules);
  const { generic, conditionTerms } = stats;
  const isHome = (f: Fact) => !!byKey.get(f.subject)?.home.has(f.sentence.slug);
  const names = (f: Fact, p: Page) => {
    const r = readSentence(f.sentence, index);
    return !!p.title && r.hits.some((h) => h.term === p.title && r.clause[h.start] === r.clause[f.at]);
  };

  const findings: Finding[] = [];
  // (a) Disagreements: same subject and unit, different values, two entries, setups that can hold together.
  const groups = new Map<string, Fact[]>();
  for (const p of pages)
    for (const f of p.facts) {
      if (f.sentence.note) continue; // a note's numbers are the readings it weighs, not statements
      const key = `${f.subject}\u0000${f.unit}`;
      groups.set(key, [...(groups.get(key) ?? []), f]);
    }
  /**
   * Whether an entry states this value of the fact too: in the same sentence as its other value (a total and a part,
   * two columns, "instead of 3": two facts told apart), or elsewhere on the entry.
   */
  const states = (other: Fact, key: string, f: Fact): 'together' | 'elsewhere' | undefined => {
    const same = (groups.get(key) ?? []).filter((g) => g.sentence.slug === other.sentence.slug && sameValue(g, f) && compatible(game, g.setups, f.setups));
    return same.some((g) => g.sentence.text === other.sentence.text) ? 'together' : same.length ? 'elsewhere' : undefined;
  };
  for (const [key, facts] of groups) {
    // One finding per pair of values: the best-placed statements, the other entries listed.
    const best = new Map<string, { score: number; x: Fact; y: Fact; slugs: Set<string> }>();
    for (let i = 0; i < facts.length; i++)
      for (let j = i + 1; j < facts.length; j++) {
        let x = facts[i]!;
        let y = facts[j]!;
        if (x.sentence.slug === y.sentence.slug || sameValue(x, y)) continue;
        // Two entries' own topics (a number with no named subject on each) meet only on the subject's own entry.
        const implicit = (f: Fact) => f.via === 'title' || f.via === 'unit' || (f.via === 'hint' && !f.sentence.row);
        if (implicit(x) && implicit(y) && !(isHome(x) || isHome(y))) continue;
        if (!compatible(game, x.setups, y.setups)) continue;
        const sx = states(x, key, y);
        const sy = states(y, key, x);
        if (sx === 'together' || sy === 'together') continue; // one sentence tells both values apart
        if (x.value > y.value) [x, y] = [y, x];
        let score = attachment(x) * attachment(y) * likeness(x, y);
        if (sx || sy) score *= 0.6; // the entry says the other value too, elsewhere
        const px = bySlug.get(x.sentence.slug)!;
        const py = bySlug.get(y.sentence.slug)!;
        // Sibling entries that say the same sentence of their own topics ("sells for 3 gold" on Iron, "5 gold" on Mithril).
        if (isHome(x) || isHome(y) || names(x, py) || names(y, px)) score = Math.min(1, score * 1.2);
        else if (x.via !== 'title' && y.via !== 'title' && px.title && py.title && px.title !== py.title && !generic.has(px.title.key) && !generic.has(py.title.key)) {
          // A hub term ("Mod", "the Merchant") on two entries of their own: each number is about its entry.
          if (stats.popular.has(x.subject)) continue;
          score *= 0.3;
        }
        const pair = `${x.value}\u0000${y.value}`;
        const old = best.get(pair);
        const seen = old?.slugs ?? new Set<string>();
        seen.add(x.sentence.slug).add(y.sentence.slug);
        if (!old || score > old.score) best.set(pair, { score, x, y, slugs: seen });
      }
    for (const { score, x, y, slugs: seen } of best.values()) {
      const px = bySlug.get(x.sentence.slug)!;
      const py = bySlug.get(y.sentence.slug)!;
      const also = [...seen].filter((s) => s !== px.entry.slug && s !== py.entry.slug).sort();
      findings.push({
        kind: 'disagreement',
        game: game.id,
        confidence: level(score, options),
        score: round2(score),
        topic: `${x.subjectLabel} · ${x.unit}`,
        a: statement(game, px, x.sentence, x.quote, x.setups),
        b: statement(game, py, y.sentence, y.quote, y.setups),
        ...(also.length ? { also } : {}),
        reason: `${x.quote} here, ${y.quote} there`,
      });
    }
  }

  /** Whether a page links to some entry whose note (under a setup that can meet this note's) is about this term. */
  const linksToNoteOn = (p: Page, term: string, note: Note) =>
    [...p.links].some((l) => bySlug.get(l)?.notes.some((n) => n.terms.has(term) && compatible(game, n.setups, note.setups)));

  // (b) Stated here as certain, flagged there. One finding per statement and note id (the same note may sit on
  // several entries; the others are listed).
  const flaggedBy = new Map<string, { score: number; finding: Finding; others: Set<string> }>();
  for (const flagging of pages)
    for (const note of flagging.notes) {
      for (const p of pages) {
        if (p === flagging) continue;
        if (p.links.has(flagging.entry.slug)) continue; // links to the flagging entry or its note
        if (p.notes.some((n) => n.id === note.id)) continue; // holds the same note
        if ([...p.links].some((l) => bySlug.get(l)?.notes.some((n) => n.id === note.id))) continue; // links to another entry with it
        const covers = (subject: string, unit?: string) =>
          p.notes.some((n) => compatible(game, n.setups, note.setups) && (unit ? n.facts.some((f) => f.subject === subject && f.unit === unit) : n.terms.has(subject)));
        let best: { score: number; s: Sentence; quote: string; setups: Setups; why: string } | undefined;
        // A reading's number stated as the rule (unless every reading gives that number).
        for (const nf of note.facts)
          for (const f of p.facts) {
            if (f.sentence.note || f.subject !== nf.subject || f.unit !== nf.unit || f.value !== nf.value) continue;
            if (f.ordinal && (f.via !== 'named' || f.popular)) continue; // "round 6" of anything
            if (f.via === 'unit' && generic.has(f.subject) && f.values[0]! < 10) continue; // "2s": a count of a resource, of nothing in particular
            if (!compatible(game, f.setups, note.setups) || covers(f.subject, f.unit) || linksToNoteOn(p, f.subject, note)) continue;
            const agreed = note.readingFacts.filter((r) => r.some((g) => g.subject === f.subject && g.unit === f.unit && g.value === f.value)).length;
            if (note.readingFacts.length > 1 && agreed === note.readingFacts.length) continue;
            let score = attachment(f, true) * (0.6 + 0.4 * attachment(nf, true));
            // A statement that shares none of the words that set the note's question is likely another matter.
            const subjectWords = new Set(byKey.get(f.subject)?.words ?? []);
            if (![...contentLemmas(readSentence(f.sentence, index).tokens)].some((w) => note.contextWords.has(w) && !subjectWords.has(w))) score *= 0.6;
            if (!best || score > best.score) best = { score, s: f.sentence, quote: f.quote, setups: f.setups, why: `states "${f.quote}" (${f.subjectLabel}) as certain: one reading of the note` };
          }
        // What the note is about, stated for just the setup the note is in ("underground, Crystal Meteorite gives 1
        // experience" where the note asks whether Crystal Meteorite works underground at all).
        if (note.explicit.every((c) => Object.keys(c).length)) {
          // The note's subject: its entry's own topic if the note names it, else the specific terms it names, but never
          // the option it depends on ("Underground map", "Malikai").
          const t = flagging.title;
          const own = t && note.terms.has(t.key) && !conditionTerms.has(t.key) && !stats.popular.has(t.key) ? [t.key] : [];
          const subjects = new Set(own.length ? own : [...note.terms].filter((k) => !conditionTerms.has(k) && !stats.popular.has(k)));
          for (const s of p.sentences) {
            if (s.note) continue;
            const { tokens, hits, nums } = readSentence(s, index);
            const setups = andSetups(s.setups, sentenceQualifiers(tokens, nums, rules));
            if (!setups.length || !implies(setups, note.explicit)) continue;
            const named = hits.find((h) => subjects.has(h.term.key));
            if (!named || covers(named.term.key) || linksToNoteOn(p, named.term.key, note)) continue;
            const score = 0.4;
            if (!best || score > best.score)
              best = { score, s, quote: named.term.label, setups, why: `speaks of ${named.term.label} for the very setup the note finds unclear (${setupLabel(game, note.explicit)})` };
          }
        }
        // A reading's words stated as the rule, in a sentence that names what the note is about.
        for (const s of p.sentences) {
          if (s.note || !compatible(game, s.setups, note.setups)) continue;
          const { tokens, hits } = readSentence(s, index);
          const named = hits.map((h) => h.term.key).filter((k) => note.terms.has(k));
          if (!named.length || covers(named[0]!)) continue;
          for (const r of note.readingWords) {
            if (new Set(r.words).size < 4 || !inOrder(r.words, tokens)) continue;
            const score = Math.min(0.75, 0.45 + 0.05 * r.words.length);
            if (!best || score > best.score) best = { score, s, quote: r.reading, setups: s.setups, why: `states the reading "${r.reading}" as certain` };
          }
        }
        if (!best) continue;
        const key = `${p.entry.slug}\u0000${best.s.line}\u0000${best.s.text}\u0000${note.id}`;
        const old = flaggedBy.get(key);
        if (old) old.others.add(flagging.entry.slug);
        if (old && old.score >= best.score) continue;
        const text = note.readings.length ? `readings: ${note.readings.join(' | ')}` : (flagging.sentences.find((s) => s.note === note.id)?.text ?? '');
        const finding: Finding = {
          kind: 'stated-vs-flagged',
          game: game.id,
          confidence: level(best.score, options),
          score: round2(best.score),
          topic: `${flagging.entry.slug}#unclear-${note.id}`,
          a: statement(game, p, best.s, best.quote, best.setups),
          b: { slug: flagging.entry.slug, file: flagging.entry.file ?? flagging.entry.slug, line: note.line, text, quote: `<Unclear id="${note.id}">`, setup: setupLabel(game, note.setups), note: note.id },
          reason: best.why,
        };
        flaggedBy.set(key, { score: best.score, finding, others: old?.others ?? new Set([flagging.entry.slug]) });
      }
    }
  for (const { finding, others } of flaggedBy.values()) {
    const also = [...others].filter((x) => x !== finding.b!.slug).sort();
    findings.push(also.length ? { ...finding, also } : finding);
  }

  // (c) Doubt in plain words, with no note and no link to one.
  const flagged = new Set(pages.filter((p) => p.notes.length).map((p) => p.entry.slug));
  for (const p of pages) {
    const lines = new Set<number | undefined>();
    for (const s of p.sentences) {
      if (s.note || lines.has(s.line)) continue;
      // "see Tramblin Esther" in plain words, where that entry holds a note: a flag that cannot be followed.
      const { tokens, hits } = readSentence(s, index);
      const seen = hits.find(
        (h) =>
          tokens[h.start - 1]?.lower === 'see' &&
          [...h.term.home].some((slug) => flagged.has(slug) && slug !== p.entry.slug) &&
          ![...h.term.home].some((slug) => s.links.some((l) => l.split('#')[0] === slug)) &&
          // "See [solo card: Roll a Die](solo-card-roll-a-die)": the link names the term itself.
          !s.links.some((l) => {
            const t = bySlug.get(l.split('#')[0]!)?.title;
            return !!t && h.term.words.every((w) => t.words.includes(w));
          }),
      );
      /** Records this sentence as an unlinked doubt. */
      const doubt = (quote: string, reason: string) => {
        lines.add(s.line);
        findings.push({ kind: 'unlinked-doubt', game: game.id, confidence: 'medium', score: 0.4, topic: p.entry.slug, a: statement(game, p, s, quote, s.setups), reason });
      };
      if (seen) {
        doubt(`see ${seen.term.label}`, `sends the reader to ${seen.term.label}, whose entry holds an <Unclear> note, without a link`);
        continue;
      }
      if (!HEDGE.test(s.text)) continue;
      if (s.links.some((l) => /#unclear-/.test(l) || flagged.has(l.split('#')[0]!))) continue;
      // A summary cannot link: its entry's links count.
      if (s.summary && [...p.links].some((l) => flagged.has(l))) continue;
      if (p.notes.some((n) => compatible(game, n.setups, s.setups))) continue;
      doubt(HEDGE.exec(s.text)![0], 'says the sources leave this open, but holds no <Unclear> note and links to no entry with one');
    }
  }

  findings.sort((x, y) => y.score - x.score || x.a.file.localeCompare(y.a.file) || (x.a.line ?? 0) - (y.a.line ?? 0));
  return {
    findings,
    errors,
    facts: pages.reduce((n, p) => n + p.facts.length, 0),
    sentences: pages.reduce((n, p) => n + p.sentences.length, 0),
    generic: [...generic].sort(),
  };
}

/** The facts the check reads in one entry (for tests and debugging). */
export function entryFacts(game: OptionsGame, entries: readonly EntryInput[], slug: string): Fact[] {
  const index = termIndex(entries);
  const rules = qualifierRules(game);
  const slugs = new Set(entries.map((e) => e.slug));
  const pages = entries.map((e) => readPage(game, e, slugs, index));
  analyse(game, pages, index, rules);
  return pages.find((x) => x.entry.slug === slug)?.facts ?? [];
}
