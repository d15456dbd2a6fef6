/**
 * The consistency check (`npm run check:consistency`, scripts/check-consistency.ts): finds facts that entries of
 * one game state differently, and facts that one entry flags as unclear while another states them as certain.
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
 *
 * This module: the findings; the others read the entries (read.ts), their numbers (numbers.ts), the setups they
 * name (qualifiers.ts, setups.ts), the facts (facts.ts) and how surely they hold (score.ts).
 */
import type { WordedGame } from '../../src/lib/options';
import { analyse } from './facts';
import { attachment, likeness, sameValue } from './score';
import { readSentence } from './numbers';
import { qualifierRules, sentenceQualifiers } from './qualifiers';
import { readPage } from './read';
import { type Setups, andSetups, compatible, implies, setupLabel } from './setups';
import type { EntryInput, Fact, Note, Page, Sentence, Token } from './types';
import { contentLemmas, termIndex } from './words';

/** What a finding says: two values disagree, a flagged fact is stated as certain, a doubt has no note. */
export type FindingKind = 'disagreement' | 'stated-vs-flagged' | 'unlinked-doubt';

type Confidence = 'high' | 'medium' | 'low';

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

/** One finding of the check, with its two sides and how sure it is. */
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

/** The score limits of the confidence levels. */
export interface CheckOptions {
  /** Scores at or above: high (default 0.5); at or above `medium`: medium (default 0.3); else low. */
  high?: number;
  medium?: number;
}

const statement = (game: WordedGame, p: Page, s: Sentence, quote: string, setups: Setups): Statement => ({
  slug: p.entry.slug,
  file: p.entry.file ?? p.entry.slug,
  line: s.line,
  text: s.text,
  quote,
  setup: setupLabel(game, setups),
  note: s.note,
});

const level = (score: number, o: CheckOptions): Confidence =>
  score >= (o.high ?? 0.5) ? 'high' : score >= (o.medium ?? 0.3) ? 'medium' : 'low';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Plain words saying the sources leave a rule open. */
const HEDGE = new RegExp(
  [
    "\\b(?:(?:is|are|isn['’]t|aren['’]t|not|never) (?:stated|settled|specified|defined|clear|legible)",
    'missing from the sources?',
    'unclear',
    "(?:doesn['’]t|does not|don['’]t|do not|never) (?:say|state|specify|settle)",
    '(?:rules?|rulebook|reference|sources?) (?:is|are) silent',
    'ambiguous',
    'house rule)\\b',
  ].join('|'),
  'i',
);

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

/** Everything the check finds in one game's entries. */
export function checkConsistency(
  game: WordedGame,
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
    const same = (groups.get(key) ?? []).filter(
      (g) => g.sentence.slug === other.sentence.slug && sameValue(g, f) && compatible(game, g.setups, f.setups),
    );
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
        else if (
          x.via !== 'title' &&
          y.via !== 'title' &&
          px.title &&
          py.title &&
          px.title !== py.title &&
          !generic.has(px.title.key) &&
          !generic.has(py.title.key)
        ) {
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
          p.notes.some(
            (n) =>
              compatible(game, n.setups, note.setups) &&
              (unit ? n.facts.some((f) => f.subject === subject && f.unit === unit) : n.terms.has(subject)),
          );
        let best: { score: number; s: Sentence; quote: string; setups: Setups; why: string } | undefined;
        // A reading's number stated as the rule (unless every reading gives that number).
        for (const nf of note.facts)
          for (const f of p.facts) {
            if (f.sentence.note || f.subject !== nf.subject || f.unit !== nf.unit || f.value !== nf.value) continue;
            if (f.ordinal && (f.via !== 'named' || f.popular)) continue; // "round 6" of anything
            // "2s": a count of a resource, of nothing in particular.
            if (f.via === 'unit' && generic.has(f.subject) && f.values[0]! < 10) continue;
            if (!compatible(game, f.setups, note.setups) || covers(f.subject, f.unit) || linksToNoteOn(p, f.subject, note)) continue;
            const agreed = note.readingFacts.filter((r) =>
              r.some((g) => g.subject === f.subject && g.unit === f.unit && g.value === f.value),
            ).length;
            if (note.readingFacts.length > 1 && agreed === note.readingFacts.length) continue;
            let score = attachment(f, true) * (0.6 + 0.4 * attachment(nf, true));
            // A statement that shares none of the words that set the note's question is likely another matter.
            const subjectWords = new Set(byKey.get(f.subject)?.words ?? []);
            if (![...contentLemmas(readSentence(f.sentence, index).tokens)].some((w) => note.contextWords.has(w) && !subjectWords.has(w)))
              score *= 0.6;
            if (!best || score > best.score)
              best = {
                score,
                s: f.sentence,
                quote: f.quote,
                setups: f.setups,
                why: `states "${f.quote}" (${f.subjectLabel}) as certain: one reading of the note`,
              };
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
              best = {
                score,
                s,
                quote: named.term.label,
                setups,
                why: `speaks of ${named.term.label} for the very setup the note finds unclear (${setupLabel(game, note.explicit)})`,
              };
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
            if (!best || score > best.score)
              best = { score, s, quote: r.reading, setups: s.setups, why: `states the reading "${r.reading}" as certain` };
          }
        }
        if (!best) continue;
        const key = `${p.entry.slug}\u0000${best.s.line}\u0000${best.s.text}\u0000${note.id}`;
        const old = flaggedBy.get(key);
        if (old) old.others.add(flagging.entry.slug);
        if (old && old.score >= best.score) continue;
        const text = note.readings.length
          ? `readings: ${note.readings.join(' | ')}`
          : (flagging.sentences.find((s) => s.note === note.id)?.text ?? '');
        const finding: Finding = {
          kind: 'stated-vs-flagged',
          game: game.id,
          confidence: level(best.score, options),
          score: round2(best.score),
          topic: `${flagging.entry.slug}#unclear-${note.id}`,
          a: statement(game, p, best.s, best.quote, best.setups),
          b: {
            slug: flagging.entry.slug,
            file: flagging.entry.file ?? flagging.entry.slug,
            line: note.line,
            text,
            quote: `<Unclear id="${note.id}">`,
            setup: setupLabel(game, note.setups),
            note: note.id,
          },
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
        findings.push({
          kind: 'unlinked-doubt',
          game: game.id,
          confidence: 'medium',
          score: 0.4,
          topic: p.entry.slug,
          a: statement(game, p, s, quote, s.setups),
          reason,
        });
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
export function entryFacts(game: WordedGame, entries: readonly EntryInput[], slug: string): Fact[] {
  const index = termIndex(entries);
  const rules = qualifierRules(game);
  const slugs = new Set(entries.map((e) => e.slug));
  const pages = entries.map((e) => readPage(game, e, slugs, index));
  analyse(game, pages, index, rules);
  return pages.find((x) => x.entry.slug === slug)?.facts ?? [];
}
