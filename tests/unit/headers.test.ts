/** dist/_headers: inline script hashes found in the built HTML, the rules, and the same rules as `serve` applies them. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import {
  cspHash,
  documentPatterns,
  fileGlob,
  formatHeadersFile,
  headerRules,
  inlineScripts,
  parseHeadersFile,
  serveHeaders,
} from '../../scripts/headers.mjs';

mkdirSync('tests/.tmp', { recursive: true });
const dist = mkdtempSync(join('tests/.tmp', 'headers-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const page = (path: string, html: string) => {
  mkdirSync(join(dist, path), { recursive: true });
  writeFileSync(join(dist, path, 'index.html'), html);
};
// A small built site: two pages share an inline script, one has its own, one has none.
page('', '<head><script>one()</script></head>');
page('game/pass', '<head><script>two()</script></head><body><script>one()</script></body>');
page('search', '<head><script type="module" src="/_astro/s.js"></script></head>');
mkdirSync(join(dist, '_astro'), { recursive: true });
writeFileSync(join(dist, 'sw.js'), '');
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('dist/_headers', () => {
  it('reads the text of inline scripts only, exactly', () => {
    const html =
      '<script>a()</script><script type="module" src="/_astro/x.js"></script><SCRIPT data-x>\n b();\n</SCRIPT>' +
      '<script type="application/json" id="w">{"a":1}</script><script type="text/javascript">c()</script><script type=module>d()</script>';
    expect(inlineScripts(html)).toEqual(['a()', '\n b();\n', 'c()', 'd()']);
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it('allows the hash of every distinct inline script of every page, and only those', () => {
    const { rules, scriptHashes } = headerRules(dist);
    expect(scriptHashes).toBe(2);
    const csp = new Map(rules.find(([path]) => path === '/')![1]).get('Content-Security-Policy')!;
    expect(csp).toContain(`script-src 'self' ${[sha('one()'), sha('two()')].sort().join(' ')};`);
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('puts the policy on documents only (each page depth, the 404 page, the workers) and nosniff on everything', () => {
    mkdirSync(join(dist, 'scripts'), { recursive: true });
    writeFileSync(join(dist, 'scripts', 'search-worker-abc.js'), '');
    writeFileSync(join(dist, '404.html'), '<p>lost</p>');
    try {
      expect(documentPatterns(dist)).toEqual([
        '/',
        '/index.html',
        '/:p1/',
        '/:p1/index.html',
        '/:p1/:p2/',
        '/:p1/:p2/index.html',
        '/404.html',
        '/sw.js',
        '/scripts/search-worker-*',
      ]);
      const { rules } = headerRules(dist);
      const setting = (header: string) => rules.filter(([, headers]) => headers.some(([k]) => k === header)).map(([path]) => path);
      expect(setting('X-Content-Type-Options')).toEqual(['/*']);
      for (const header of [
        'Content-Security-Policy',
        'X-Frame-Options',
        'Referrer-Policy',
        'Permissions-Policy',
        'Cross-Origin-Opener-Policy',
      ])
        expect(setting(header), header).toEqual(documentPatterns(dist));
    } finally {
      rmSync(join(dist, 'scripts'), { recursive: true });
      rmSync(join(dist, '404.html'));
    }
    expect(documentPatterns(dist)).not.toContain('/scripts/search-worker-*');
  });

  it('caches hashed assets for a year and revalidates everything else, one Cache-Control per path', () => {
    const { rules } = headerRules(dist);
    const cache = rules.filter(([, headers]) => headers.some(([k]) => k === 'Cache-Control'));
    const before = Object.fromEntries(cache.map(([path, headers]) => [path, headers[0]![1]]));
    // The service worker's packs and precache list (named by their hash), once the build has written them; they carry
    // the documents' policy too (the worker gives it to the pages it unpacks).
    mkdirSync(join(dist, 'offline'), { recursive: true });
    const withPacks = headerRules(dist).rules;
    rmSync(join(dist, 'offline'), { recursive: true });
    const offline = withPacks.filter(([path]) => path === '/offline/*').flatMap(([, headers]) => headers.map(([k, v]) => `${k}: ${v}`));
    expect(offline).toContain('Cache-Control: public, max-age=31536000, immutable');
    expect(offline.filter((h) => h.startsWith('Content-Security-Policy: '))).toHaveLength(1);
    expect(before).toEqual({
      '/_astro/*': 'public, max-age=31536000, immutable',
      '/scripts/*': 'public, max-age=31536000, immutable',
      '/': 'no-cache',
      '/game/*': 'no-cache',
      '/index.html': 'no-cache',
      '/search/*': 'no-cache',
      '/sw.js': 'no-cache',
    });
  });

  it('fails the build on an attribute the policy would block, naming the page', () => {
    page('bad', '<p style="color:red" onclick="x()">x</p>');
    try {
      expect(() => headerRules(dist)).toThrow(/bad\/index\.html: a style="\.\.\." attribute/);
    } finally {
      rmSync(join(dist, 'bad'), { recursive: true });
    }
  });

  it('reads back what it writes, and gives serve the same rules by file path', () => {
    const { rules } = headerRules(dist);
    expect(parseHeadersFile(`# comment\n\n${formatHeadersFile(rules)}`)).toEqual(rules);
    expect(['/', '/*', '/_astro/*', '/sw.js', '/game/:slug/'].map(fileGlob)).toEqual([
      '/index.html',
      '/**',
      '/_astro/**',
      '/sw.js',
      '/game/*/index.html',
    ]);
    const served = serveHeaders(rules);
    // `/` and `/index.html` name one file: one rule for its policy, one for its caching, none repeated.
    expect(served.filter((r) => r.source === '/index.html').flatMap((r) => r.headers.map((h: { key: string }) => h.key))).toEqual([
      'Content-Security-Policy',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
      'Cache-Control',
    ]);
    expect(served.find((r) => r.source === '/_astro/**')?.headers).toEqual([
      { key: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
    ]);
  });
});
