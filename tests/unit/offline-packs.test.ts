/** scripts/offline-packs.mjs: a folder's pages in one pack, read back byte for byte. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { PACK_DIR, PACK_MIN_PAGES, packBytes, unpack, writePacks } from '../../scripts/offline-packs.mjs';

mkdirSync('tests/.tmp', { recursive: true });
const dist = mkdtempSync(join('tests/.tmp', 'packs-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const file = (path: string, text: string | Buffer) => {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
};

describe('packs', () => {
  it('round-trips every byte, multi-byte text and an empty page included', () => {
    const pages: [string, Buffer][] = [
      ['g/a/index.html', Buffer.from('<h1>Ä “quoted” 🎲</h1>\n')],
      ['g/empty/index.html', Buffer.alloc(0)],
      ['g/index.html', Buffer.from([0, 10, 255, 13, 10])],
    ];
    const back = unpack(new Uint8Array(packBytes(pages)));
    expect(back.map(([url, bytes]) => [url, Buffer.from(bytes)])).toEqual(pages);
  });

  it('refuses a pack cut short or with bytes after its last page', () => {
    const bytes = packBytes([['g/index.html', Buffer.from('<p>page</p>')]]);
    expect(() => unpack(new Uint8Array(bytes.subarray(0, bytes.length - 2)))).toThrow(/bytes after the last page/);
    expect(() => unpack(new Uint8Array(Buffer.concat([bytes, Buffer.from('x')])))).toThrow(/1 bytes after the last page/);
    expect(() => unpack(new Uint8Array(Buffer.from('no index')))).toThrow(/no index line/);
  });

  it('packs each folder with enough pages, named by its hash, with the integrity of its bytes; small folders stay apart', () => {
    for (let i = 0; i < PACK_MIN_PAGES; i++) file(`big/p${i}/index.html`, `<h1>Page ${i}</h1>`);
    for (let i = 0; i < PACK_MIN_PAGES - 1; i++) file(`small/p${i}/index.html`, `<h1>Small ${i}</h1>`);
    file('index.html', '<h1>Home</h1>');
    file('big/data.json', '{}');
    mkdirSync(join(dist, PACK_DIR), { recursive: true });
    const packs = writePacks(dist);
    expect(packs).toHaveLength(1);
    const [pack] = packs;
    expect(pack).toMatchObject({ scope: 'big/', pages: PACK_MIN_PAGES });
    expect(pack!.url).toMatch(new RegExp(`^/${PACK_DIR}/big-[\\w-]{12}\\.txt$`));
    const bytes = readFileSync(join(dist, pack!.url));
    expect(pack!.integrity).toBe(`sha256-${createHash('sha256').update(bytes).digest('base64')}`);
    const pages = unpack(new Uint8Array(bytes));
    expect(pages.map(([url]) => url)).toEqual(Array.from({ length: PACK_MIN_PAGES }, (_, i) => `big/p${i}/index.html`).sort());
    for (const [url, page] of pages) expect(Buffer.from(page).toString()).toBe(readFileSync(join(dist, url), 'utf8'));
  });
});
