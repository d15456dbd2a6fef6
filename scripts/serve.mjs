// Serves the built site (dist/, or RULES_OUT_DIR) on http://localhost:PORT (default 4321) with serve-handler, the
// maintained static handler behind `serve`: `/x` redirects to `/x/` (`/x?q` to `/x/?q`, the query kept), a directory
// serves its index.html, unknown
// paths get dist/404.html with status 404, and every header of dist/_headers (CSP, caching) is applied, as a static
// host applies it. Text goes out compressed from the build's copies (see scripts/precompressed.mjs): `<file>.br`
// (Brotli, quality 11) when the browser accepts Brotli, else `<file>.gz` (gzip, level 9) when it accepts gzip; a file
// without a fresh copy is compressed per request by `compression`. Every file response carries an ETag (a hash of
// the bytes sent, so each coding has its own) and Last-Modified, and a revalidation (If-None-Match, or
// If-Modified-Since without it) that still matches gets a 304 with the same caching headers and no file read. For
// `npm start`, `npm run serve`, the browser tests and the measuring scripts.
import { createHash } from 'node:crypto';
import { existsSync, createReadStream, readFileSync, statSync } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import compression from 'compression';
import handler from 'serve-handler';
import { parseHeadersFile, serveHeaders } from './headers.mjs';
import { COMPRESSIBLE, ENCODINGS, acceptsEncoding } from './precompressed.mjs';

const root = resolve(process.env.RULES_OUT_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 4321);
const headersFile = join(root, '_headers');
if (!existsSync(join(root, 'index.html')) || !existsSync(headersFile)) {
  console.error(`No built site in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}

const config = {
  public: root,
  // Directory URLs (no extension) serve their index.html; files with an extension (404.html too) are served as
  // they are, never redirected.
  cleanUrls: ['!**/*.*'],
  trailingSlash: true,
  directoryListing: false,
  headers: serveHeaders(parseHeadersFile(readFileSync(headersFile, 'utf8'))),
};

const compress = promisify(compression());

/**
 * The copies a request may get, best first: those of ENCODINGS (Brotli, then gzip) whose coding its Accept-Encoding
 * accepts. None for a range request: ranges are of the file itself.
 * @param {import('node:http').IncomingMessage} request
 */
function wantedCopies(request) {
  if (request.headers.range) return [];
  const header = request.headers['accept-encoding'];
  return Object.entries(ENCODINGS)
    .filter(([coding]) => acceptsEncoding(header, coding))
    .map(([coding, { suffix }]) => ({ coding, suffix }));
}

/**
 * The first of the wanted copies of a file that exists and is at least as new as the file (a file changed since the
 * build is sent as it is now, never from an older copy), or null.
 * @param {string} path
 * @param {{ coding: string; suffix: string }[]} wanted
 */
function freshCopy(path, wanted) {
  if (!wanted.length) return null;
  const file = statSync(path, { throwIfNoEntry: false });
  if (!file?.isFile()) return null;
  for (const { coding, suffix } of wanted) {
    const copy = statSync(path + suffix, { throwIfNoEntry: false });
    if (copy?.isFile() && copy.mtimeMs >= file.mtimeMs) return { file: path + suffix, coding };
  }
  return null;
}

/** The content tag of each file served, by path, with the time and size it was computed for. */
const tags = new Map();

/**
 * A tag of a file's bytes (the first 162 bits of their SHA-256, base64url), computed once per version of the file.
 * An unchanged file keeps its tag across builds, so a browser's copy from an earlier build still revalidates.
 * @param {string} file
 * @param {import('node:fs').Stats} stats
 * @returns {Promise<string>}
 */
function contentTag(file, stats) {
  const known = tags.get(file);
  if (known && known.mtimeMs === stats.mtimeMs && known.size === stats.size) return known.tag;
  const tag = readFile(file).then((bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 27));
  const entry = { mtimeMs: stats.mtimeMs, size: stats.size, tag };
  tags.set(file, entry);
  tag.catch(() => tags.get(file) === entry && tags.delete(file));
  return tag;
}

/** Compares two entity tags the weak way (If-None-Match's): their opaque parts, `W/` aside. */
const sameTag = (a, b) => a.trim().replace(/^W\//, '') === b.trim().replace(/^W\//, '');

/**
 * Whether a GET or HEAD with these request headers may be answered 304 for a response with this ETag and
 * Last-Modified (RFC 9110, 13.2.2): If-None-Match, when present, decides alone; otherwise If-Modified-Since at or
 * after Last-Modified (both to the second).
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string} etag
 * @param {unknown} lastModified
 */
function notModified(headers, etag, lastModified) {
  const match = headers['if-none-match'];
  if (match !== undefined) return match.trim() === '*' || match.split(',').some((tag) => sameTag(tag, etag));
  const since = Date.parse(headers['if-modified-since'] ?? '');
  const modified = Date.parse(String(lastModified ?? ''));
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** Headers that describe a body: a 304 has none, and keeps the rest (Cache-Control, ETag, Last-Modified, Vary...). */
const BODY_HEADERS = ['Content-Length', 'Content-Type', 'Content-Encoding', 'Content-Disposition', 'Content-Range', 'Accept-Ranges'];

/**
 * Runs `listener` as the response's status and headers are about to be sent, with every header set. Installed before
 * `compression`, whose own hook then runs first, so the listener sees the coding of the body as it will be sent.
 * @param {import('node:http').ServerResponse} response
 * @param {() => void} listener
 */
function beforeHeaders(response, listener) {
  const writeHead = response.writeHead;
  response.writeHead = function (statusCode, ...rest) {
    const headers = rest.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg));
    if (headers) for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    this.statusCode = statusCode;
    listener();
    const reason = this.statusCode === statusCode ? rest.filter((arg) => typeof arg === 'string') : [];
    return writeHead.call(this, this.statusCode, ...reason);
  };
}

/**
 * File access for one request: where the browser accepts Brotli or gzip and asks for the whole file, a file with a
 * fresh copy in that coding is measured and read from the copy, and the response says so. serve-handler still
 * names, types and heads the response after the original file. As the headers go out, the response gets its ETag
 * and, if the request's validators still match, becomes a 304; a 304 or a HEAD then sends no body (the file is not
 * read).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function fileAccess(request, response) {
  const wanted = wantedCopies(request);
  /** The copy chosen for each path this request looks at (null: the file itself), chosen once. */
  const chosen = new Map();
  const copyOf = (path) => {
    if (!chosen.has(path)) chosen.set(path, freshCopy(path, wanted));
    return chosen.get(path);
  };
  const measured = new Map();
  /** @type {{ tag: string; coding: string; stream: import('node:fs').ReadStream } | undefined} */
  let served;
  beforeHeaders(response, () => {
    if (!served || (response.statusCode !== 200 && response.statusCode !== 206)) return;
    const coding = String(response.getHeader('Content-Encoding') ?? 'identity');
    // The body is the file or copy read (strong: its own bytes), or the file compressed per request by `compression`
    // (weak: the same text, bytes that depend on the compressor; one tag per coding all the same).
    const etag = coding === served.coding ? `"${served.tag}"` : `W/"${served.tag}-${coding}"`;
    response.setHeader('ETag', etag);
    const conditional = request.method === 'GET' || request.method === 'HEAD';
    if (conditional && notModified(request.headers, etag, response.getHeader('Last-Modified'))) {
      response.statusCode = 304;
      for (const name of BODY_HEADERS) response.removeHeader(name);
    }
    if (response.statusCode === 304 || request.method === 'HEAD') {
      const { stream } = served;
      stream.destroy();
      stream.pipe = (destination) => destination.end();
    }
  });
  return {
    lstat: async (path) => {
      const file = copyOf(path)?.file ?? path;
      const stats = await lstat(file);
      measured.set(file, stats);
      return stats;
    },
    createReadStream: async (path, options) => {
      const copy = copyOf(path);
      const file = copy?.file ?? path;
      const tag = await contentTag(file, measured.get(file) ?? (await lstat(file)));
      if (copy) response.setHeader('Content-Encoding', copy.coding);
      // Every response of a file that has (or could have) a compressed form varies with Accept-Encoding.
      if (COMPRESSIBLE.test(path)) response.setHeader('Vary', 'Accept-Encoding');
      const stream = createReadStream(file, options);
      served = { tag, coding: copy?.coding ?? 'identity', stream };
      return stream;
    },
  };
}

/** Whether a request's path cannot name a file: not decodable, or holding a NUL byte (`/%00`, `/%E0%A4%A`). */
function unreadablePath(url) {
  try {
    return decodeURIComponent(url.split(/[?#]/)[0]).includes('\0');
  } catch {
    return true;
  }
}

/**
 * Where a slash-less page URL with a query goes: `/x?a=1` -> `/x/?a=1` when `x/index.html` exists (serve-handler's own
 * redirect drops the query, and a shared link's setup with it). Undefined for anything else, left to serve-handler.
 */
function slashRedirect(rawUrl) {
  const q = rawUrl.indexOf('?');
  if (q < 0) return undefined;
  const path = rawUrl.slice(0, q);
  if (path.endsWith('/') || /\.[^/]*$/.test(path)) return undefined;
  let dir;
  try {
    dir = resolve(root, `.${decodeURIComponent(path)}`);
  } catch {
    return undefined; // a malformed path: serve-handler answers it
  }
  if (!dir.startsWith(root) || !existsSync(join(dir, 'index.html'))) return undefined;
  return `${path}/${rawUrl.slice(q)}`;
}

const server = createServer((request, response) => {
  // A plain 400, as a static host answers, before serve-handler (which gives a NUL byte to the file system: a 500).
  if (unreadablePath(request.url ?? '/')) {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  (async () => {
    const redirect = slashRedirect(request.url ?? '/');
    if (redirect) {
      response.writeHead(301, { Location: redirect, 'Cache-Control': 'no-cache' });
      response.end();
      return;
    }
    // fileAccess hooks the headers before `compression` does, so its hook runs after compression's (see beforeHeaders).
    const access = fileAccess(request, response);
    await compress(request, response);
    await handler(request, response, config, access);
  })().catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
// The browser tests start this with PORT=0 and read the port the system chose from this line.
server.listen(port, '127.0.0.1', () => console.log(`Serving ${root}: Accepting connections at http://127.0.0.1:${server.address().port}`));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.close(() => process.exit(0)));
