/**
 * What a content file's raw text may hold, whatever its format: no invisible characters (bidi controls, zero-width
 * characters, other control characters) and, for an entry, no more than a rule entry's size. Pure.
 */

/**
 * The largest rule entry file, in bytes. The largest entries (a game's setup, the buildings by tier, the
 * companions of one colour) are 4-6 KB, a phone screen holds about 0.5 KB of text; 16 KB is about three times the
 * largest, past which an entry is no longer one rule to read at the table and should be split. A runaway file (a
 * pasted 2.6 MB) made the build 5 times slower and the offline copy 8 MiB larger.
 */
export const ENTRY_MAX_BYTES = 16 * 1024;

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * Whether an entry's text is checked: not when it is over 4 times the limit (reported as too big), since reading
 * a runaway file (megabytes) would take the check from seconds to minutes.
 */
export const bodyChecked = (bytes: number): boolean => bytes <= 4 * ENTRY_MAX_BYTES;

/** The message for an entry file over `ENTRY_MAX_BYTES`. */
export const sizeProblem = (bytes: number): string =>
  `the entry is ${kb(bytes)}, over the ${kb(ENTRY_MAX_BYTES)} an entry may hold: split it into entries of one rule each` +
  (bodyChecked(bytes) ? '' : ' (its text is checked once it is shorter)');

/** Names of the invisible characters refused in content (tab, line feed and carriage return are allowed). */
const NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x061c: 'Arabic letter mark',
  0x180e: 'Mongolian vowel separator',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2061: 'function application',
  0x2062: 'invisible times',
  0x2063: 'invisible separator',
  0x2064: 'invisible plus',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space (BOM)',
};
// Control characters are what this pattern is for.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * Every invisible character in a text, by line (1-based), one problem per character: they reorder or hide what a
 * reader sees, and break search and aliases (a zero width space makes "pass" a different word).
 */
export function invisibleCharacters(text: string): { line: number; message: string }[] {
  const out: { line: number; message: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(INVISIBLE)) {
      const code = m[0].codePointAt(0)!;
      const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      const name = NAMES[code] ?? 'control character';
      out.push({ line: i + 1, message: `invisible character ${hex} (${name}) at column ${m.index + 1}: delete it` });
    }
  });
  return out;
}

/** Scripts whose letters look alike (Latin "a", Cyrillic "а", Greek "α"): a word mixing them is a copy-paste slip. */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];

/**
 * The words of a text that mix letters of two or more look-alike scripts ("Fаrsight" with a Cyrillic "а"): they read
 * right and match nothing a player types. A word of one script, whichever it is, passes.
 */
export function mixedScriptWords(text: string): { word: string; scripts: string[] }[] {
  return [...text.matchAll(/[\p{L}\p{M}]+/gu)].flatMap(([word]) => {
    const scripts = SCRIPTS.filter(([, re]) => re.test(word)).map(([name]) => name);
    return scripts.length > 1 ? [{ word, scripts }] : [];
  });
}
