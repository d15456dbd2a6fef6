/** The build's Brotli copies (scripts/precompressed.mjs) and when the local server sends them. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
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
