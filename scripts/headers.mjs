// Writes dist/_headers (the Netlify / Cloudflare Pages format) after the service worker step of `npm run build`:
// on the documents (pages, the service worker, the search worker), a Content-Security-Policy that allows only the
// site's own origin, with the sha256 hash of every distinct inline <script> found in the built HTML; frame-ancestors
// 'none'; Referrer-Policy; Permissions-Policy; on every response, nosniff; `no-cache` for
// HTML, sw.js and every other unhashed file; a year, immutable, for the hashed assets under /_astro/ and /scripts/
// (the head scripts and the search worker, named by a hash of their code) and /offline/ (the service worker's packs
// and precache list, named by a hash of their bytes).
// scripts/serve.mjs applies the same file, so `npm start` and the browser tests see what a static host sends.
//
// Inline styles: the head script rewrites the text of <style id="when-css"> for the reader's options, and Chromium
// checks a style element's new text against style-src again, so a hash of the built text would block the rewrite
// (checked: the options CSS is then dropped). Style elements therefore need 'unsafe-inline'; style attributes,
// which the site never uses, stay forbidden (style-src-attr 'none'), and the build fails if a page gains one.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACK_DIR } from './offline-packs.mjs';

/** @typedef {[name: string, value: string]} Header */
/** @typedef {[pattern: string, headers: Header[]]} HeaderRule  A path pattern and the headers it sets. */

/** Every .html file under `dir`. */
export function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The text of each inline <script> that runs (one without src) in an HTML document; data blocks (a `type` other than
 * a JavaScript or module type, such as the options page's `application/json`) never run and need no hash.
 */
export const inlineScripts = (html) =>
  [...html.matchAll(/<script\b((?![^>]*\bsrc\s*=)[^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attrs]) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
      return !type || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
    })
    .map((m) => m[2]);

/** A CSP source expression for a script's text: 'sha256-<base64>'. */
export const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Attributes that a CSP without 'unsafe-inline' / 'unsafe-hashes' blocks: event handlers and style="...". */
const BLOCKED_ATTRIBUTE = /<[a-z][^>]*?\s(on[a-z]+|style)\s*=/i;

/** The hashes of every distinct inline script in `dist`, and the pages with attributes the policy would block. */
export function scanHtml(dist) {
  const hashes = new Set();
  const problems = [];
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    for (const text of inlineScripts(html)) hashes.add(cspHash(text));
    const bad = BLOCKED_ATTRIBUTE.exec(html);
    if (bad) problems.push(`${file}: a ${bad[1]}="..." attribute, which the Content-Security-Policy blocks; use a script or a class`);
  }
  return { hashes: [...hashes].sort(), problems };
}

/** The Content-Security-Policy for these inline script hashes. */
export function contentSecurityPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Powerful features the site never uses are off; it uses the wake lock and the clipboard itself (sharing, which
 * Chromium on Linux does not list as a policy feature and warns about, keeps its default: this origin only).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'screen-wake-lock=(self)',
  'clipboard-write=(self)',
].join(', ');

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The path patterns of the documents in `dist` (the responses a browser applies a policy from): the home page, a
 * pattern per depth of the pages' directory URLs (`/:p1/`, `/:p1/:p2/`...) with its `index.html` form, the 404 page,
 * and the two scripts that run as their own global scope: the service worker and the search worker.
 * @param {string} dist
 * @returns {string[]}
 */
export function documentPatterns(dist) {
  const depths = new Set(htmlFiles(dist).map((file) => relative(dist, file).split(sep).length - 1));
  depths.delete(0);
  const patterns = ['/', '/index.html'];
  for (const depth of [...depths].sort((a, b) => a - b)) {
    const dir = Array.from({ length: depth }, (_, i) => `/:p${i + 1}`).join('');
    patterns.push(`${dir}/`, `${dir}/index.html`);
  }
  const scripts = join(dist, 'scripts');
  const workers = existsSync(scripts) && readdirSync(scripts).some((name) => name.startsWith('search-worker-'));
  // The service worker's packs (scripts/offline-packs.mjs): it gives their policy headers to the pages it unpacks.
  const packs = existsSync(join(dist, PACK_DIR)) ? [`/${PACK_DIR}/*`] : [];
  return [...patterns, '/404.html', '/sw.js', ...(workers ? ['/scripts/search-worker-*'] : []), ...packs];
}

/**
 * The rules of dist/_headers, as [path pattern, [[name, value]...]]. The policy headers (CSP, framing, referrer,
 * permissions, opener) go on documents only (`documentPatterns`): a browser reads them from the page, the service
 * worker and the search worker, never from a script, style sheet or image, and the CSP alone is about 1 KB that each
 * of those responses would carry for nothing. `nosniff` goes on every response. No two rules that match one path set
 * the same header (hosts differ on whether they merge or override such headers), so caching is one rule per
 * top-level entry of dist/ rather than a catch-all.
 * @param {string} dist
 * @returns {{ rules: [string, [string, string][]][]; scriptHashes: number }}
 */
export function headerRules(dist) {
  const { hashes, problems } = scanHtml(dist);
  if (problems.length) throw new Error(`Pages the Content-Security-Policy would break:\n${problems.join('\n')}`);
  /** @type {Header[]} */
  const policy = [
    ['Content-Security-Policy', contentSecurityPolicy(hashes)],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  /** @type {HeaderRule[]} */
  const rules = [
    ['/*', [['X-Content-Type-Options', 'nosniff']]],
    ...documentPatterns(dist).map((pattern) => /** @type {HeaderRule} */ ([pattern, policy])),
    ['/_astro/*', [['Cache-Control', IMMUTABLE]]],
    ['/scripts/*', [['Cache-Control', IMMUTABLE]]],
    ...(existsSync(join(dist, PACK_DIR)) ? [/** @type {HeaderRule} */ ([`/${PACK_DIR}/*`, [['Cache-Control', IMMUTABLE]]])] : []),
    ['/', [['Cache-Control', 'no-cache']]],
  ];
  for (const entry of readdirSync(dist, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === '_astro' || entry.name === 'scripts' || entry.name === PACK_DIR || entry.name === '_headers') continue;
    rules.push([entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, [['Cache-Control', 'no-cache']]]);
  }
  return { rules, scriptHashes: hashes.length };
}

/** The text of a _headers file. @param {HeaderRule[]} rules */
export const formatHeadersFile = (rules) =>
  `${rules.map(([path, headers]) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n')}\n`;

/**
 * Reads a _headers file back, rules in file order; comments and blank lines skipped.
 * @param {string} text
 * @returns {HeaderRule[]}
 */
export function parseHeadersFile(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push([line.trim(), []]);
    else {
      const i = line.indexOf(':');
      if (i < 0 || !rules.length) throw new Error(`_headers: cannot read "${line.trim()}"`);
      rules[rules.length - 1][1].push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/**
 * A _headers path pattern as a glob over the served file's path, which is what `serve` matches headers against:
 * `/` -> `/index.html`, `/now-or-never/*` -> `/now-or-never/**`, `/sw.js` -> `/sw.js`.
 */
export const fileGlob = (/** @type {string} */ pattern) => pattern.replace(/\/$/, '/index.html').replace(/:\w+/g, '*').replace(/\*$/, '**');

/**
 * _headers rules as `serve`'s `headers` configuration (it refuses a repeated rule, e.g. from `/` and `/index.html`).
 * @param {HeaderRule[]} rules
 */
export function serveHeaders(rules) {
  const out = new Map();
  for (const [pattern, headers] of rules) {
    const rule = { source: fileGlob(pattern), headers: headers.map(([key, value]) => ({ key, value })) };
    out.set(JSON.stringify(rule), rule);
  }
  return [...out.values()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.env.RULES_OUT_DIR ?? 'dist';
  const { rules, scriptHashes } = headerRules(dist);
  const out = join(dist, '_headers');
  writeFileSync(out, formatHeadersFile(rules));
  console.log(`headers: ${relative('.', out)} (${rules.length} rules, CSP with ${scriptHashes} inline script hashes)`);
}
