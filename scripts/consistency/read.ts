/** Reading an entry for the consistency check: its blocks, their text under each setup, sentences, notes and links. */
import type { WordedGame } from '../../src/lib/options';
import { ANY_ATTR, currentTokens, defaultSettings } from '../../src/lib/options';
import { conditionKeys, optionValues, valueCondition } from '../../src/lib/option-authoring';
import { anyCondition } from '../../src/lib/conditions';
import { transformRuleTree } from '../../src/lib/rule-tree';
import { UNCLEAR_LABEL } from '../../src/lib/mdx-nodes';
import { headSetup, pairedSetups, qualifierRules } from './qualifiers';
import { EVERY, type Setup, type Setups, andSetups, meet, simplify } from './setups';
import type { EntryInput, Node, Note, Page, QualifierRules, Segment, Sentence, Term } from './types';
import { findTerms, tokenize } from './words';

const attr = (node: Node, name: string): string | undefined => {
  const a = node.attributes?.find((x) => x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};

/**
 * The setups a generated element's text belongs to (its `data-w-<key>` attributes): one conjunction, or, for a
 * `<When any ...>` (`ANY_ATTR`), one per alternative.
 */
function elementSetups(node: Node): Setup[] {
  const s: Setup = {};
  let alternatives: Setup[] = [{}];
  for (const a of node.attributes ?? []) {
    if (typeof a.value !== 'string') continue;
    if (a.name === ANY_ATTR) alternatives = anyCondition(a.value).any.map((c) => ({ [c.key]: c.tokens }));
    else if (a.name?.startsWith('data-w-')) s[a.name.slice(7)] = a.value.split(' ');
  }
  return alternatives.map((alt) => meet(s, alt)).filter((x): x is Setup => !!x);
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
      for (const alt of elementSetups(c)) {
        const s = meet(setup, alt);
        if (s) inline(c, s, game, out, links);
      }
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
function variants(game: WordedGame, segments: Segment[]): { text: string; setups: Setups; links: string[] }[] {
  const used = [...new Set(segments.flatMap((s) => Object.keys(s.setup)))];
  if (!used.length)
    return [{ text: segments.map((s) => s.text).join(''), setups: EVERY, links: [...new Set(segments.flatMap((s) => s.links))] }];
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
    if (cell && words.length && words.length <= 5 && !toks.some((t) => t.kind === 'num'))
      return { key: `row: ${words.join(' ')}`, label: text, words, home: new Set() };
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
          return {
            segs,
            text: segs
              .map((x) => x.text)
              .join('')
              .trim(),
          };
        };
        const header = (rows[0]?.children ?? []).map((cell) => cellText(cell).text);
        // Columns or rows that name setups ("Simple game | Epic game", "Standard | Underground"): their cells hold
        // the text of that setup.
        const columnSetups = pairedSetups(header.map((h, i) => (i === 0 ? [] : headSetup(h, rules))));
        const firstUnit = tokenize(header[0] ?? '').find((t) => t.kind === 'word');
        const rowUnit = firstUnit && rules.units.get(firstUnit.lemma) ? firstUnit.lemma : undefined;
        const rowSetups = pairedSetups(
          rows.slice(1).map((row) => (row.children?.[0] ? headSetup(cellText(row.children[0]).text, rules, rowUnit) : [])),
        );
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
            if (i > 0 && /^[+\-−–]?\d+(\s*[/–-]\s*\d+)*$/.test(text) && header[i] && !columnSetups[i])
              segments.push({ text: ` ${header[i]}`, setup: {}, links: [] });
          });
          const rowSetup = meet(setup, rowSetups[r] ?? {});
          if (rowSetup) out.push({ segments, setup: rowSetup, line: row.position?.start.line, note, hint: hint ?? heading, row: !!hint });
        });
      } else if (c.type === 'mdxJsxFlowElement') {
        const id = attr(c, 'data-unclear');
        if (id) walk(c, setup, id);
        else {
          for (const alt of elementSetups(c)) {
            const s = meet(setup, alt);
            if (s) walk(c, s, note);
          }
        }
      } else if (c.type === 'code' || c.type === 'html') continue;
      else if (c.children) walk(c, setup, note);
    }
  };
  walk(tree, {}, undefined);
  return out;
}

/** The setup an entry describes when it is an option value's own entry (a character, a mod, an objective). */
function entrySetup(game: WordedGame, slug: string): Setup | undefined {
  for (const o of game.options)
    for (const v of optionValues(o))
      if (v.entry === slug) {
        const c = valueCondition(o, v.value);
        return { [c.key]: c.tokens };
      }
  return undefined;
}

/** Reads one entry: its sentences per setup, notes and links (on a copy of its tree). */
export function readPage(game: WordedGame, entry: EntryInput, slugs: ReadonlySet<string>, index: Map<string, Term[]>): Page {
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
        sentences.push(
          (previous = {
            slug: entry.slug,
            text,
            setups,
            rawSetups,
            line: b.line !== undefined ? b.line + offset : undefined,
            note: b.note,
            links: v.links,
            hint: b.hint,
            row: b.row,
            previous,
          }),
        );
    }
  }
  // A summary cannot change with the options: it speaks of the default setup of the options its entry uses.
  if (entry.summary) {
    const defaults = currentTokens(game, defaultSettings(game));
    const keys = conditionKeys(game);
    const setup: Setup = { ...(own ?? {}) };
    for (const id of entry.options ?? [])
      for (const [k, ck] of keys) if (ck.option.id === id && !(k in setup) && defaults[k] !== undefined) setup[k] = [defaults[k]!];
    for (const text of splitSentences(entry.summary))
      sentences.push({ slug: entry.slug, text, setups: [setup], line: entry.summaryLine, links: [], summary: true });
  }
  const titleKey = tokenize(entry.title)
    .filter((t) => t.kind !== 'punct')
    .map((t) => (t.kind === 'num' ? String(t.value) : t.lemma))
    .join(' ');
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
