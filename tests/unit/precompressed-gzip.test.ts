/** The build's gzip copies (scripts/precompressed.mjs with `encoding: 'gzip'`), beside the Brotli ones. */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { acceptsEncoding, precompressDir } from '../../scripts/precompressed.mjs';

describe('gzip copies', () => {
  it('sends gzip to a client that lists it, or `*`, without q=0', () => {
    expect(acceptsEncoding('gzip, deflate', 'gzip')).toBe(true);
    expect(acceptsEncoding('deflate, gzip;q=0.2', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0, *', 'gzip')).toBe(false);
    expect(acceptsEncoding('br, *;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('deflate, x-gzip', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
  it('writes a level-9 copy that decodes to the file, for text files of 1 KB or more, cached by content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-gzip-'));
    const site = join(dir, 'site');
    const cacheDir = join(dir, '.cache');
    mkdirSync(join(site, 'a'), { recursive: true });
    const page = `<p>${'The rule, again and again. '.repeat(200)}</p>`;
    writeFileSync(join(site, 'a', 'index.html'), page);
    writeFileSync(join(site, 'small.json'), '{"a":1}');
    writeFileSync(join(site, 'icon.png'), Buffer.alloc(4096, 7));

    expect(await precompressDir(site, { cacheDir, encoding: 'gzip' })).toMatchObject({ files: 1, written: 1, reused: 0 });
    const copy = readFileSync(join(site, 'a', 'index.html.gz'));
    expect(gunzipSync(copy).toString()).toBe(page);
    expect(copy.equals(gzipSync(page, { level: 9 }))).toBe(true); // zlib's best level (the header says so too)
    expect(existsSync(join(site, 'a', 'index.html.br'))).toBe(false);
    expect(existsSync(join(site, 'small.json.gz'))).toBe(false);
    expect(existsSync(join(site, 'icon.png.gz'))).toBe(false);
    expect(readdirSync(cacheDir).map((n) => n.replace(/^[0-9a-f]+/, ''))).toEqual(['.gz']);

    expect(await precompressDir(site, { cacheDir, encoding: 'gzip' })).toMatchObject({ written: 1, reused: 1 });
    expect(readFileSync(join(site, 'a', 'index.html.gz')).equals(copy)).toBe(true);
  });
});
