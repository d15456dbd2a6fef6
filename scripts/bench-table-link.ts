/**
 * `npm run bench:table-link`: how long the table link is, and how large its QR code, for tables that rule 1, 9, 22 and
 * all of a game's unclear notes by a reading, alone and with 3 more rulings of 100 characters in the table's own words
 * (and, to show the far end, every note ruled, those without readings in 100 characters of own words). The link is
 * made as the table page makes it (`encodeRulings`, deflate-raw through Node's CompressionStream, `setupQuery`), the QR
 * code as the page draws it (lean-qr, at least correction level L, a quiet zone of 4). Notes come from `content/`.
 * `--width <px>`: the width the page draws the code at (measured in the browser: tests/e2e/table-link.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { correction, generate } from 'lean-qr/nano';
import { gameSchema } from '../src/schemas/game';
import { defaultSettings, setupQuery } from '../src/lib/options';
import { encodeRulings, streamPacker, tableFragment } from '../src/lib/table-link';
import type { Ruling } from '../src/lib/rulings';
import { gameIds, unclearNotes } from '../tests/unit/unclear-notes';

const ORIGIN = 'https://rules.example.org';
const width = Number(process.argv[process.argv.indexOf('--width') + 1]) || 358;
const packer = streamPacker();

/** 100 characters of a table's own words, different for each `i`: plain English from the game's own entries. */
const PROSE = gameIds()
  .flatMap((id) => readdirSync(`content/${id}`).map((f) => readFileSync(`content/${id}/${f}`, 'utf8').split('---')[2] ?? ''))
  .join(' ')
  .replace(/<[^>]*>|[#*_`{}[\]]/g, ' ')
  .replace(/\s+/g, ' ');
const own = (i: number) => PROSE.slice(1000 + i * 997, 1100 + i * 997);

console.log(
  `| game | notes (with readings) | ruled | readings only: link, QR version, module | + 3 own rulings of 100 characters: link, QR version, module |`,
);
console.log('|---|---|---|---|---|');
for (const id of gameIds()) {
  const game = gameSchema.parse(parse(readFileSync(`content/games/${id}.yaml`, 'utf8')));
  const notes = unclearNotes(id);
  const withReadings = notes.filter((n) => n.readings.length);
  const without = notes.filter((n) => !n.readings.length);
  const setup = setupQuery(game, defaultSettings(game));
  const measure = async (rulings: Record<string, Ruling>) => {
    const link = `${ORIGIN}/${id}/table/#${tableFragment(setup, await encodeRulings(rulings, notes, packer))}`;
    const code = generate(link, { minCorrectionLevel: correction.L });
    const version = (code.size - 17) / 4;
    return `${link.length} chars, v${version} (${code.size} modules), ${(width / (code.size + 8)).toFixed(1)} px`;
  };
  const rows: [string, number][] = [1, 9, 22].filter((n) => n < withReadings.length).map((n) => [String(n), n]);
  rows.push([`all ${withReadings.length} with readings`, withReadings.length]);
  for (const [label, n] of rows) {
    const readings = Object.fromEntries(withReadings.slice(0, n).map((note) => [note.key, { text: note.readings[0]!, reading: 0 }]));
    const extra = [...without, ...withReadings.slice(n)].slice(0, 3);
    const plus = { ...readings, ...Object.fromEntries(extra.map((note, i) => [note.key, { text: own(i) }])) };
    console.log(`| ${id} | ${notes.length} (${withReadings.length}) | ${label} | ${await measure(readings)} | ${await measure(plus)} |`);
  }
  const every = Object.fromEntries(
    notes.map((note, i) => [note.key, note.readings.length ? { text: note.readings[0]!, reading: 0 } : { text: own(i) }]),
  );
  console.log(
    `| ${id} | ${notes.length} (${withReadings.length}) | every note (${without.length} in own words) | ${await measure(every)} | |`,
  );
}
console.log(
  `\nLinks from ${ORIGIN} (${ORIGIN.length} characters), the game's default setup; the module size is the code drawn ${width} px wide with its quiet zone.`,
);
