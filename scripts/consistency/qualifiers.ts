/** Setups named in words ("4 players", "solo", "epic game") in a sentence or a table heading. */
import { type WordedGame } from '../../src/lib/options';
import { optionValues } from '../../src/lib/option-authoring';
import { FUNCTION_WORDS, lemma } from '../../src/lib/english';
import type { Setup, Setups } from './setups';
import type { NumberHit, QualifierRules, Token } from './types';
import { NEGATION, tokenize } from './words';

/** The setups a table heading may name by its first word or a count ("Epic game", "Underground", "3 players"). */
export function headSetup(text: string, rules: QualifierRules, unit?: string): Setup[] {
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
export function pairedSetups(list: Setup[][]): (Setup | undefined)[] {
  const count = new Map<string, number>();
  for (const cands of list) for (const k of new Set(cands.flatMap((c) => Object.keys(c)))) count.set(k, (count.get(k) ?? 0) + 1);
  return list.map((cands) => cands.find((c) => Object.keys(c).every((k) => (count.get(k) ?? 0) >= 2)));
}

/** The ways a game's setups are named in words: counts with a unit, phrases, first words of labels. */
export function qualifierRules(game: WordedGame): QualifierRules {
  const units = new Map<string, { option: string; tokens: Set<string> }>();
  const phrases: QualifierRules['phrases'] = [];
  const heads = new Map<string, { key: string; tokens: string[] }[]>();
  const head = (label: string, key: string, tokens: string[]) => {
    const w = tokenize(label).find((t) => t.kind === 'word');
    if (!w || FUNCTION_WORDS.has(w.lower) || w.lower === 'without') return;
    const list = heads.get(w.lemma) ?? [];
    if (!list.some((h) => h.key === key)) list.push({ key, tokens });
    heads.set(w.lemma, list);
  };
  const words = (s: string) =>
    tokenize(s.replace(/\(.*?\)/g, ''))
      .filter((t) => t.kind === 'word')
      .map((t) => t.lemma);
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
        if ((w.length >= 2 || name) && !(w[0] === 'no' || w[0] === 'without'))
          phrases.push({ words: w, key: o.id, tokens: [v.value], negatable: false });
      }
    }
  }
  return { units, phrases, heads };
}

/** A setup named in a sentence, at token `at`. */
export interface Qualifier {
  at: number;
  key: string;
  tokens: string[];
}

/** Setups a sentence names in words, with where. */
export function qualifiers(tokens: Token[], nums: NumberHit[], rules: QualifierRules): { quals: Qualifier[]; used: Set<NumberHit> } {
  const quals: Qualifier[] = [];
  const used = new Set<NumberHit>();
  for (const n of nums) {
    const u = rules.units.get(n.unit.replace(/ per .*$/, '').split(' ')[0]!);
    if (u && !n.ordinal && n.values.every((v) => u.tokens.has(String(v)))) {
      // "3 and 4 players": a number just before "and" joins the list.
      const values = n.values.map(String);
      const a = tokens[n.start - 1];
      const b = tokens[n.start - 2];
      if (a?.kind === 'word' && /^(and|or)$/.test(a.lower) && b?.kind === 'num' && u.tokens.has(String(b.value)))
        values.push(String(b.value));
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
export function sentenceQualifiers(tokens: Token[], nums: NumberHit[], rules: QualifierRules): Setups {
  const { quals } = qualifiers(tokens, nums, rules);
  const byKey = new Map<string, string[]>();
  for (const q of quals) byKey.set(q.key, [...new Set([...(byKey.get(q.key) ?? []), ...q.tokens])]);
  return [Object.fromEntries(byKey)];
}
