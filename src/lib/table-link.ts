/**
 * The table's link: a game's setup and its recorded rulings in one URL (`/<game>/table/#<setup>&rulings=<data>`), and
 * the base64url text form its rulings (and the unclear page's rulings links) travel in. Pure, unit-tested; the setup
 * itself is read and written by the option model (`setupQuery`, `parseSettings` in `options.ts`).
 *
 * The setup goes in the fragment, not the query: the table page itself keeps showing the reader's own setup until
 * they choose to use the link's, and nothing of it reaches a server.
 */

/** The longest table link a page accepts (characters after `#`): longer ones are refused whole, never half-applied. */
export const MAX_TABLE_FRAGMENT = 2000;
/** The fragment key that holds the rulings. */
export const RULINGS_KEY = 'rulings';

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

/** The fragment (without `#`) of a table link: the setup's query (`setupQuery`), then the rulings when there are any. */
export function tableFragment(setup: string, rulings: Record<string, unknown>): string {
  const held = Object.keys(rulings).length ? `${RULINGS_KEY}=${encodeJson(rulings)}` : '';
  return [setup, held].filter(Boolean).join('&');
}

/** What a table link holds, not yet checked: its query (read the setup with `parseSettings`) and its rulings. */
export interface TableLink {
  /** The fragment as query parameters: the setup's options (and anything else it holds). */
  params: URLSearchParams;
  /** The rulings as decoded, undefined without any (validate them, and drop those for notes that no longer exist). */
  rulings: unknown;
}

/**
 * Reads a table link's fragment (with or without `#`): `'too-long'` when it is longer than `MAX_TABLE_FRAGMENT` (nothing
 * of it is read), else its parameters and rulings. Never throws.
 */
export function readTableFragment(fragment: string): TableLink | 'too-long' {
  const text = fragment.replace(/^#/, '');
  if (text.length > MAX_TABLE_FRAGMENT) return 'too-long';
  const params = new URLSearchParams(text);
  const encoded = params.get(RULINGS_KEY);
  return { params, rulings: encoded ? decodeJson(encoded) : undefined };
}
