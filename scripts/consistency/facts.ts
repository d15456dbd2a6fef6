/** Facts: each number of a sentence attached to the term it is about, under the setups it holds for. */
import type { WordedGame } from '../../src/lib/options';
import { choiceEntries } from '../../src/lib/option-authoring';
import { FUNCTION_WORDS, lemma } from '../../src/lib/english';
import { readSentence } from './numbers';
import { type Qualifier, qualifiers } from './qualifiers';
import { andSetups } from './setups';
import type { Fact, NumberHit, Page, QualifierRules, Sentence, Term, TermHit, TermStats } from './types';
import { DETERMINERS, SOURCE_WORDS, VERB_CLASS, adverbial, contentLemmas } from './words';

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
        if (h.end <= labelEnd && !cx.stats.generic.has(h.term.key) && !cx.stats.conditionTerms.has(h.term.key) && !candidates.includes(h))
          candidates.push(h);
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
    const leader = nums.find(
      (m) =>
        m !== n &&
        m.start < n.start &&
        clause[m.start] === c &&
        !used.has(m) &&
        ((m.unit === n.unit && n.start - m.end <= 10) || together(m)),
    );
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
    const specific = (t: Term | undefined): t is Term =>
      !!t && !cx.stats.generic.has(t.key) && !cx.stats.popular.has(t.key) && !cx.stats.conditionTerms.has(t.key);
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
    else if (cx.reading && n.unitTerm && (!cx.stats.generic.has(n.unitTerm.key) || n.values[0]! >= 10))
      [subject, via] = [n.unitTerm, 'unit'];
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
      quote: tokens
        .slice(from, to)
        .map((t, k) => (k && t.space ? ' ' : '') + t.text)
        .join(''),
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

/** Fills in the facts of a page and of its notes. */
function pageFacts(p: Page, index: Map<string, Term[]>, rules: QualifierRules, stats: TermStats) {
  const cx: FactContext = { index, rules, stats, title: p.title };
  p.facts = p.sentences.flatMap((s) => sentenceFacts(s, cx));
  for (const note of p.notes) {
    const inside = p.sentences.filter((s) => s.note === note.id);
    for (const s of inside) for (const h of readSentence(s, index).hits) if (!stats.generic.has(h.term.key)) note.terms.add(h.term.key);
    const readings = note.readings.map((reading) => {
      const s: Sentence = {
        slug: p.entry.slug,
        text: reading.replace(/\(.*?\)/g, ' ').trim(),
        setups: note.setups,
        line: note.line,
        note: note.id,
        links: [],
      };
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
    note.contextWords = new Set(
      inside.flatMap((s) => [...contentLemmas(readSentence(s, index).tokens)]).filter((w) => !readingLemmas.has(w) && !SOURCE_WORDS.has(w)),
    );
    note.readingWords = readings.map((s, i) => {
      const toks = readSentence(s, index).tokens.filter(
        (t) => t.kind === 'word' && !FUNCTION_WORDS.has(t.lower) && t.lower.length > 2 && !SOURCE_WORDS.has(t.lemma),
      );
      return { reading: note.readings[i]!, words: toks.map((t) => t.lemma) };
    });
  }
}

/** Term statistics of a game's pages, then the facts of every page. */
export function analyse(
  game: WordedGame,
  pages: Page[],
  index: Map<string, Term[]>,
  rules: QualifierRules,
): { stats: TermStats; byKey: Map<string, Term> } {
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
  const generic = new Set(
    [...byKey.keys()].filter((k) => (asUnit.get(k) ?? 0) >= 2 && (asUnit.get(k) ?? 0) >= 0.5 * (df.get(k)?.size ?? 0)),
  );
  // Named on many entries (Round, Epic game): a weak subject.
  const popular = new Set([...byKey.keys()].filter((k) => (df.get(k)?.size ?? 0) > limit));
  /** Terms that name a setup rather than a thing: an option value's entry ("Malikai", "Diaspora") or an option's words. */
  const conditionTerms = new Set<string>();
  const valueEntries = choiceEntries(game);
  for (const t of byKey.values()) {
    if ([...t.home].some((h) => valueEntries.has(h))) conditionTerms.add(t.key);
    // "Underground map" names the underground option; "Epic game" a mode value.
    if (rules.phrases.some((ph) => (ph.words.length === 1 ? t.words.includes(ph.words[0]!) : ph.words.join(' ') === t.words.join(' '))))
      conditionTerms.add(t.key);
  }
  const stats: TermStats = { generic, popular, byKey, conditionTerms };
  for (const p of pages) pageFacts(p, index, rules, stats);
  return { stats, byKey };
}
