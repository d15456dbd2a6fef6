/** The build's Brotli copies (scripts/precompressed.mjs) and when the local server sends them. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { acceptsBrotli, precompressDir } from '../../scripts/precompressed.mjs';

describe('precompressed copies', () => {
  it('sends Brotli only to a browser that lists it without q=0', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, deflate')).toBe(false);
    expect(acceptsBrotli('brotli')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
  it('writes a copy that decodes to the file, for text files of 1 KB or more only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'a'));
    const page = `<p>${'The rule, again and again. '.repeat(200)}</p>`;
    writeFileSync(join(dir, 'a', 'index.html'), page);
    writeFileSync(join(dir, 'small.json'), '{"a":1}');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7));
    const { written } = await precompressDir(dir);
    expect(written).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, 'a', 'index.html.br'))).toString()).toBe(page);
    expect(existsSync(join(dir, 'small.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.br'))).toBe(false);
  });
});

describe('precompressed copies with a cache', () => {
  it('compresses a content once: an unchanged rebuild takes every copy from the cache, a changed file again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const cacheDir = join(dir, '.cache');
    const site = join(dir, 'site');
    mkdirSync(site);
    const page = (n: number) => `<p>${`Rule ${n}, again and again. `.repeat(200)}</p>`;
    writeFileSync(join(site, 'a.html'), page(1));
    writeFileSync(join(site, 'b.html'), page(2));
    const first = await precompressDir(site, { cacheDir });
    expect(first).toMatchObject({ written: 2, reused: 0 });
    expect(readdirSync(cacheDir)).toHaveLength(2);

    const second = await precompressDir(site, { cacheDir });
    expect(second).toMatchObject({ written: 2, reused: 2 });
    expect(brotliDecompressSync(readFileSync(join(site, 'b.html.br'))).toString()).toBe(page(2));

    // b changes: its new content is compressed, its old cache entry is dropped, a stays cached.
    writeFileSync(join(site, 'b.html'), page(3));
    const third = await precompressDir(site, { cacheDir });
    expect(third).toMatchObject({ written: 2, reused: 1 });
    expect(brotliDecompressSync(readFileSync(join(site, 'b.html.br'))).toString()).toBe(page(3));
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });
  it('remembers a content Brotli does not shrink, and still writes no copy for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const cacheDir = join(dir, '.cache');
    // Random bytes do not compress: the copy would not be smaller.
    const noise = randomBytes(3000);
    writeFileSync(join(dir, 'noise.txt'), noise);
    for (let run = 0; run < 2; run++) {
      const r = await precompressDir(dir, { cacheDir });
      expect(r.written).toBe(0);
      expect(existsSync(join(dir, 'noise.txt.br'))).toBe(false);
    }
    expect(readdirSync(cacheDir).map((n) => n.replace(/^[0-9a-f]+/, ''))).toEqual(['.none']);
  });
});
