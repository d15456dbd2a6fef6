/**
 * The static server (scripts/serve.mjs) answers a path that cannot name a file (a NUL byte, broken percent
 * encoding) with a plain 400, never a 500 or a stack trace. Runs the real server on a tiny built site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

let dir = '';
let server: ChildProcess;
let base = '';

beforeAll(async () => {
  mkdirSync('tests/.tmp', { recursive: true });
  dir = mkdtempSync(join('tests/.tmp', 'serve-'));
  writeFileSync(join(dir, 'index.html'), '<p>home</p>');
  writeFileSync(join(dir, '404.html'), '<p>not found</p>');
  writeFileSync(join(dir, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
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
