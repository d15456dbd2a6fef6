/**
 * The static server (scripts/serve.mjs), run for real on a tiny built site: a path that cannot name a file (a NUL
 * byte, broken percent encoding) gets a plain 400, never a 500 or a stack trace; the build's Brotli and gzip copies go
 * to the clients that accept them, never when older than the file; every representation has its own ETag, and a
 * revalidation that still matches (If-None-Match, If-Modified-Since) gets a bodiless 304 with the caching headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { precompressDir } from '../../scripts/precompressed.mjs';

let dir = '';
let server: ChildProcess;
let base = '';

/** A page long enough to get copies (the build compresses text files of 1 KB or more). */
const page = `<p>${'The rule, again and again. '.repeat(200)}</p>`;
/** A page whose copies are older than it: they hold its previous text. */
const oldText = `<p>${'The old rule, again and again. '.repeat(200)}</p>`;
const newText = `<p>${'The new rule, again and again. '.repeat(200)}</p>`;

beforeAll(async () => {
  mkdirSync('tests/.tmp', { recursive: true });
  dir = mkdtempSync(join('tests/.tmp', 'serve-'));
  writeFileSync(join(dir, 'index.html'), '<p>home</p>');
  writeFileSync(join(dir, '404.html'), '<p>not found</p>');
  mkdirSync(join(dir, 'page'));
  writeFileSync(join(dir, 'page', 'index.html'), page);
  writeFileSync(join(dir, 'sw.js'), `// ${'self.addEventListener("fetch", () => {});\n'.repeat(100)}`);
  writeFileSync(
    join(dir, '_headers'),
    '/*\n  X-Content-Type-Options: nosniff\n/page/*\n  Cache-Control: no-cache\n/sw.js\n  Cache-Control: no-cache\n',
  );
  await precompressDir(dir);
  await precompressDir(dir, { encoding: 'gzip' });
  // Changed after the build: the copies beside it are an hour older.
  mkdirSync(join(dir, 'changed'));
  const changed = join(dir, 'changed', 'index.html');
  writeFileSync(`${changed}.br`, brotliCompressSync(oldText));
  writeFileSync(`${changed}.gz`, gzipSync(oldText));
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const copy of [`${changed}.br`, `${changed}.gz`]) utimesSync(copy, hourAgo, hourAgo);
  writeFileSync(changed, newText);

  server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, RULES_OUT_DIR: dir, PORT: '0' } });
  base = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(d.toString());
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
});
afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch adds its own Accept-Encoding and decodes the body). */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

const CLIENTS = {
  br: 'gzip, deflate, br, zstd',
  gzip: 'gzip, deflate',
  identity: 'identity',
} as const;

const DECODERS: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
/** The body as text, decoded from its Content-Encoding. */
const decode = ({ headers, body }: Answer) => (DECODERS[String(headers['content-encoding'])]?.(body) ?? body).toString();

describe('the static server', () => {
  for (const path of ['/%00', '/%00/', '/now-or-never/a%00b/', '/%E0%A4%A', '/now-or-never/%E0%A4%A/'])
    it(`answers ${path} with a plain 400`, async () => {
      const r = await fetch(base + path, { redirect: 'manual' });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await r.text()).toBe('Bad request\n');
    });
  it('still serves pages and its 404 page', async () => {
    expect(await (await fetch(`${base}/`)).text()).toBe('<p>home</p>');
    const missing = await fetch(`${base}/no/such/page/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<p>not found</p>');
  });
});

describe('the static server: pre-compressed copies', () => {
  it("sends the build's gzip copy to a client that accepts gzip but not Brotli", async () => {
    const r = await get('/page/', { 'Accept-Encoding': CLIENTS.gzip });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    // The copy itself (level 9), not a compression made for the request.
    expect(r.body.equals(readFileSync(join(dir, 'page', 'index.html.gz')))).toBe(true);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(decode(r)).toBe(page);
  });
  it('sends the Brotli copy to a client that accepts Brotli, the file to one that accepts neither, each varying', async () => {
    const br = await get('/page/', { 'Accept-Encoding': CLIENTS.br });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(join(dir, 'page', 'index.html.br')))).toBe(true);
    const plain = await get('/page/', { 'Accept-Encoding': CLIENTS.identity });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    for (const r of [br, plain]) expect(r.headers.vary).toMatch(/accept-encoding/i);
  });
  it('sends a file changed after the build as it is now, never from its older copies', async () => {
    for (const accept of [CLIENTS.br, CLIENTS.gzip, CLIENTS.identity]) {
      const r = await get('/changed/', { 'Accept-Encoding': accept });
      expect(r.status).toBe(200);
      expect(decode(r)).toBe(newText);
    }
  });
});

describe('the static server: revalidation', () => {
  it('gives each representation (Brotli copy, gzip copy, file, per-request deflate) its own ETag', async () => {
    const tags = [];
    for (const accept of [CLIENTS.br, CLIENTS.gzip, CLIENTS.identity, 'deflate']) {
      const r = await get('/page/', { 'Accept-Encoding': accept });
      expect(r.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      // The same representation keeps its tag.
      expect((await get('/page/', { 'Accept-Encoding': accept })).headers.etag).toBe(r.headers.etag);
      tags.push(r.headers.etag);
    }
    expect(new Set(tags).size).toBe(4);
  });
  for (const [client, accept] of Object.entries(CLIENTS))
    it(`answers If-None-Match with the ${client} response's ETag with a bodiless 304 carrying its caching headers`, async () => {
      const full = await get('/page/', { 'Accept-Encoding': accept });
      expect(full.status).toBe(200);
      for (const method of ['GET', 'HEAD']) {
        const r = await get('/page/', { 'Accept-Encoding': accept, 'If-None-Match': full.headers.etag! }, method);
        expect(r.status).toBe(304);
        expect(r.body.length).toBe(0);
        expect(r.headers['cache-control']).toBe('no-cache');
        expect(r.headers.etag).toBe(full.headers.etag);
        expect(r.headers.vary).toBe(full.headers.vary);
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-encoding']).toBeUndefined();
      }
      // A list, and a weak form of the tag, match too (If-None-Match compares weakly).
      const listed = await get('/page/', { 'Accept-Encoding': accept, 'If-None-Match': `"other", W/${full.headers.etag}` });
      expect(listed.status).toBe(304);
    });
  it("answers another representation's ETag, or a changed file's, with the full response", async () => {
    const br = await get('/page/', { 'Accept-Encoding': CLIENTS.br });
    const r = await get('/page/', { 'Accept-Encoding': CLIENTS.gzip, 'If-None-Match': br.headers.etag! });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(decode(r)).toBe(page);
    expect((await get('/page/', { 'If-None-Match': '"an-older-build"' })).status).toBe(200);
  });
  it('answers If-Modified-Since at or after Last-Modified with a 304, an earlier one with the page', async () => {
    for (const accept of Object.values(CLIENTS)) {
      const full = await get('/page/', { 'Accept-Encoding': accept });
      const lastModified = full.headers['last-modified']!;
      expect(Date.parse(lastModified)).not.toBeNaN();
      const r = await get('/page/', { 'Accept-Encoding': accept, 'If-Modified-Since': lastModified });
      expect(r.status).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers.etag).toBe(full.headers.etag);
      expect(r.headers.vary).toBe(full.headers.vary);
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      const changed = await get('/page/', { 'Accept-Encoding': accept, 'If-Modified-Since': earlier });
      expect(changed.status).toBe(200);
      expect(decode(changed)).toBe(page);
    }
  });
  it('lets If-None-Match decide over If-Modified-Since', async () => {
    const full = await get('/page/', { 'Accept-Encoding': CLIENTS.gzip });
    const r = await get('/page/', {
      'Accept-Encoding': CLIENTS.gzip,
      'If-Modified-Since': full.headers['last-modified']!,
      'If-None-Match': '"an-older-build"',
    });
    expect(r.status).toBe(200);
  });
  it("answers the service worker's network check (HEAD /sw.js, no validators) with a bodiless 200", async () => {
    const r = await get('/sw.js', { 'Accept-Encoding': CLIENTS.br }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(0);
    expect(r.headers['content-encoding']).toBe('br');
    expect(Number(r.headers['content-length'])).toBe(readFileSync(join(dir, 'sw.js.br')).length);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.etag).toBe((await get('/sw.js', { 'Accept-Encoding': CLIENTS.br })).headers.etag);
  });
});
