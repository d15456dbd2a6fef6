/**
 * The table's link: a game's setup and its recorded rulings in one URL (`/<game>/table/#<setup>&r=2.<data>`), and the
 * base64url text form its rulings (and the unclear page's rulings links) travel in. Pure, unit-tested; the setup
 * itself is read and written by the option model (`setupQuery`, `parseSettings` in `options.ts`), and what a link
 * would change for its reader is `table-offer.ts`.
 *
 * The setup goes in the fragment, not the query: the table page itself keeps showing the reader's own setup until
 * they choose to use the link's, and nothing of it reaches a server.
 *
 * Two formats of rulings are read. Version 1 (the third release: `rulings=<base64url of JSON>`, each ruling's whole
 * text) still opens. Version 2 (`r=2.<base64url>`) is what this release writes: a flags byte (bit 0: the rest is
 * deflate-raw), then the count of rulings (a varint), then 3 bytes per ruling, its note's 21-bit hash
 * (`noteHash`) and a 3-bit code (0 to 6: the note's reading of that number; 7: the table's own words), then each own
 * ruling's UTF-8 length (a varint) and bytes, in order. A chosen reading costs 3 bytes and never its text.
 */
import { RULING_MAX, cleanRuling, sortRulings, type Ruling } from './rulings';

/** The longest table link a page accepts (characters after `#`): longer ones are refused whole, never half-applied. */
export const MAX_TABLE_FRAGMENT = 2000;
/** The fragment key of version 1 rulings (the third release: JSON). */
export const RULINGS_KEY = 'rulings';
/** The fragment key of versioned rulings (`r=<version>.<data>`). */
export const RULINGS_V2_KEY = 'r';
/** The version of the rulings this release writes. */
export const RULINGS_VERSION = 2;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));

/** Bytes as base64url (RFC 4648 §5, `-` and `_`, no padding). */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of a base64url text (padding tolerated), or undefined when it is not one. Never throws. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  const t = text.replace(/=+$/, '');
  if (t.length % 4 === 1) return undefined;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of t) {
    const v = INDEX[c];
    if (v === undefined) return undefined;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** Any JSON value as compact URL-safe text (base64url of its UTF-8 JSON). */
export const encodeJson = (value: unknown): string => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

/** The JSON value in a text made by `encodeJson`, or undefined when it holds none. Never throws. */
export function decodeJson(text: string): unknown {
  const bytes = fromBase64Url(text);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** An unclear note as the link names it: its key (`<slug>#<id>`) and its readings, in the page's order. */
export interface LinkNote {
  key: string;
  readings: readonly string[];
}

/** Deflate-raw both ways (`CompressionStream`), or undefined where the browser has none. */
export interface Packer {
  deflate(bytes: Uint8Array): Promise<Uint8Array>;
  inflate(bytes: Uint8Array): Promise<Uint8Array>;
}

/** The most bytes a link's rulings may unpack to (a link of 2,000 characters holds far less). */
const MAX_UNPACKED = 1 << 16;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > MAX_UNPACKED) {
      void reader.cancel();
      throw new RangeError('too big');
    }
    parts.push(r.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Deflate-raw through the browser's `CompressionStream`, or undefined where it has none. */
export function streamPacker(): Packer | undefined {
  if (typeof CompressionStream !== 'function' || typeof DecompressionStream !== 'function') return undefined;
  return {
    deflate: (bytes) => pipe(bytes, new CompressionStream('deflate-raw')),
    inflate: (bytes) => pipe(bytes, new DecompressionStream('deflate-raw')),
  };
}

/** A note's hash in a version 2 link: 21 bits of FNV-1a over its key's UTF-8. */
export function noteHash(key: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(key)) h = Math.imul(h ^ byte, 0x01000193);
  return h >>> 11;
}

/** The code of a ruling in the table's own words (codes below it are reading numbers). */
const OWN = 7;
const FLAG_PACKED = 1;

function pushVarint(out: number[], n: number): void {
  while (n > 127) {
    out.push((n & 127) | 128);
    n >>>= 7;
  }
  out.push(n);
}

/**
 * Encodes rulings as version 2 text (`2.<base64url>`), the notes' order kept; rulings for notes not in `notes` are left
 * out. A ruling that is the note's reading (its number and the same text) travels as the number. Deflated when a
 * packer is given and that is shorter.
 */
export async function encodeRulings(
  rulings: Readonly<Record<string, Ruling>>,
  notes: readonly LinkNote[],
  packer: Packer | undefined,
): Promise<string> {
  const heads: number[] = [];
  const tails: number[] = [];
  let n = 0;
  for (const note of notes) {
    const ruling = Object.hasOwn(rulings, note.key) ? rulings[note.key]! : undefined;
    if (!ruling) continue;
    // The reading it names, checked against its text, or the reading with its text (a form may have lost the number).
    const named =
      ruling.reading !== undefined && note.readings[ruling.reading] === ruling.text ? ruling.reading : note.readings.indexOf(ruling.text);
    const byNumber = named >= 0 && named < OWN;
    const code = byNumber ? named : OWN;
    const packed = noteHash(note.key) * 8 + code;
    heads.push(packed >>> 16, (packed >>> 8) & 255, packed & 255);
    if (!byNumber) {
      const text = new TextEncoder().encode(ruling.text);
      pushVarint(tails, text.length);
      tails.push(...text);
    }
    n++;
  }
  const count: number[] = [];
  pushVarint(count, n);
  const body = Uint8Array.from([...count, ...heads, ...tails]);
  const deflated = packer ? await packer.deflate(body) : undefined;
  const payload = deflated && deflated.length < body.length ? [FLAG_PACKED, ...deflated] : [0, ...body];
  return `${RULINGS_VERSION}.${toBase64Url(Uint8Array.from(payload))}`;
}

/** The rulings of a table link as read against the page's notes, and what of them could not be used. */
export interface LinkRulings {
  /** The usable rulings by note key (text cleaned; a reading's text is the note's). */
  rulings: Record<string, Ruling>;
  /** How many rulings could not be read (garbled, blank, too long, a reading the note lacks). */
  unreadable: number;
  /** Whether the rulings could not be read at all (their number unknown); `unreadable` then counts none. */
  garbled: boolean;
  /** Whether the rulings are packed and this browser cannot unpack them (no `DecompressionStream`). */
  cannotUnpack: boolean;
  /** How many rulings are for notes this game no longer has. */
  gone: number;
}

const empty = (): LinkRulings => ({
  rulings: Object.create(null) as Record<string, Ruling>,
  unreadable: 0,
  garbled: false,
  cannotUnpack: false,
  gone: 0,
});

/** Version 1 (the third release): base64url JSON of `{ "<slug>#<id>": { text, reading? } }`. */
function readVersion1(data: string, notes: readonly LinkNote[]): LinkRulings {
  const out = empty();
  const sorted = sortRulings(decodeJson(data));
  if (sorted.unreadable) return { ...out, garbled: true };
  out.unreadable = sorted.bad;
  const byKey = new Map(notes.map((n) => [n.key, n]));
  for (const [key, ruling] of Object.entries(sorted.rulings)) {
    const note = byKey.get(key);
    if (!note) out.gone++;
    else if (ruling.reading !== undefined && note.readings[ruling.reading] !== ruling.text) out.rulings[key] = { text: ruling.text };
    else out.rulings[key] = ruling;
  }
  return out;
}

/** Reads bytes in order; `undefined` once they run out. */
function byteReader(bytes: Uint8Array) {
  let at = 0;
  const varint = (): number | undefined => {
    let n = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = bytes[at++];
      if (b === undefined) return undefined;
      n += (b & 127) * 2 ** shift;
      if (b < 128) return n;
    }
    return undefined;
  };
  const take = (length: number): Uint8Array | undefined => (at + length <= bytes.length ? bytes.subarray(at, (at += length)) : undefined);
  return { varint, take };
}

async function readVersion2(data: string, notes: readonly LinkNote[], packer: Packer | undefined): Promise<LinkRulings> {
  const out = empty();
  const raw = fromBase64Url(data);
  const flags = raw?.[0];
  if (!raw || flags === undefined || flags > FLAG_PACKED) return { ...out, garbled: true };
  let body = raw.subarray(1);
  if (flags === FLAG_PACKED) {
    if (!packer) return { ...out, cannotUnpack: true };
    try {
      body = await packer.inflate(body);
    } catch {
      return { ...out, garbled: true };
    }
  }
  const read = byteReader(body);
  const n = read.varint();
  const heads = n === undefined ? undefined : read.take(n * 3);
  if (n === undefined || !heads) return { ...out, garbled: true };
  const byHash = new Map<number, LinkNote | null>();
  for (const note of notes) byHash.set(noteHash(note.key), byHash.has(noteHash(note.key)) ? null : note);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < n; i++) {
    const packed = heads[i * 3]! * 65536 + heads[i * 3 + 1]! * 256 + heads[i * 3 + 2]!;
    const code = packed % 8;
    let text: string | undefined;
    if (code === OWN) {
      const length = read.varint();
      const bytes = length === undefined || length > RULING_MAX * 4 ? undefined : read.take(length);
      try {
        text = bytes && decoder.decode(bytes);
      } catch {
        text = undefined;
      }
      if (text === undefined) {
        // The rest of the own words cannot be found once one is unreadable.
        out.unreadable++;
        continue;
      }
    }
    const note = byHash.get(Math.floor(packed / 8));
    if (note === undefined) {
      out.gone++;
      continue;
    }
    const ruling =
      note && !Object.hasOwn(out.rulings, note.key) && cleanRuling(code === OWN ? { text } : { text: note.readings[code], reading: code });
    if (ruling) out.rulings[note!.key] = ruling;
    else out.unreadable++;
  }
  return out;
}

/** A table link's rulings, still encoded: which format and its data. */
export interface EncodedRulings {
  version: number;
  data: string;
}

/**
 * Reads a link's rulings against the page's notes: version 1 (JSON) and version 2 (numbers and own words, packed or
 * not). Never throws: what cannot be read is counted.
 */
export async function decodeRulings(encoded: EncodedRulings, notes: readonly LinkNote[], packer: Packer | undefined): Promise<LinkRulings> {
  if (encoded.version === 1) return readVersion1(encoded.data, notes);
  if (encoded.version === RULINGS_VERSION) return readVersion2(encoded.data, notes, packer);
  return { ...empty(), garbled: true };
}

/** The fragment (without `#`) of a table link: the setup's query (`setupQuery`), then the rulings (`encodeRulings`) if any. */
export function tableFragment(setup: string, rulings: string | undefined): string {
  return [setup, rulings ? `${RULINGS_V2_KEY}=${rulings}` : ''].filter(Boolean).join('&');
}

/** What a table link holds, not yet checked: its query (read the setup with `parseSettings`) and its rulings. */
export interface TableLink {
  /** The fragment as query parameters: the setup's options (and anything else it holds, rulings included). */
  params: URLSearchParams;
  /** The rulings, still encoded; undefined when the link names none. */
  rulings: EncodedRulings | undefined;
}

/** Whether a fragment parameter holds rulings (either format), not an option. */
export const isRulingsKey = (key: string): boolean => key === RULINGS_KEY || key === RULINGS_V2_KEY;

/**
 * Reads a table link's fragment (with or without `#`): `'too-long'` when it is longer than `MAX_TABLE_FRAGMENT` (nothing
 * of it is read), else its parameters and encoded rulings (`r=<version>.<data>`, or version 1's `rulings=<data>`).
 * Never throws.
 */
export function readTableFragment(fragment: string): TableLink | 'too-long' {
  const text = fragment.replace(/^#/, '');
  if (text.length > MAX_TABLE_FRAGMENT) return 'too-long';
  const params = new URLSearchParams(text);
  const versioned = params.get(RULINGS_V2_KEY);
  const old = params.get(RULINGS_KEY);
  if (versioned !== null) {
    const dot = versioned.indexOf('.');
    const version = dot > 0 && /^\d+$/.test(versioned.slice(0, dot)) ? Number(versioned.slice(0, dot)) : 0;
    return { params, rulings: { version, data: versioned.slice(dot + 1) } };
  }
  return { params, rulings: old !== null ? { version: 1, data: old } : undefined };
}
