// Serves the built site (dist/, or RULES_OUT_DIR) on http://localhost:PORT (default 4321) with serve-handler, the
// maintained static handler behind `serve`: `/x` redirects to `/x/` (`/x?q` to `/x/?q`, the query kept), a directory
// serves its index.html, unknown
// paths get dist/404.html with status 404, and every header of dist/_headers (CSP, caching) is applied, as a static
// host applies it. Text goes out compressed: the build's Brotli copy (`<file>.br`, quality 11, see
// scripts/precompressed.mjs) when the browser accepts Brotli, otherwise gzip or Brotli made per request by
// `compression`. For `npm start`, `npm run serve`, the browser tests and the measuring scripts.
import { existsSync, lstat, createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import compression from 'compression';
import handler from 'serve-handler';
import { parseHeadersFile, serveHeaders } from './headers.mjs';
import { BROTLI_SUFFIX, acceptsBrotli } from './precompressed.mjs';

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

const lstatFile = promisify(lstat);
const compress = promisify(compression());

/** The Brotli copy of a file, if there is one at least as new as the file (a file changed since the build is sent
 * as it is now, never from an older copy). */
function freshCopy(path) {
  const copy = path + BROTLI_SUFFIX;
  try {
    return statSync(copy).mtimeMs >= statSync(path).mtimeMs ? copy : null;
  } catch {
    return null;
  }
}

/**
 * File access for one request: where the browser accepts Brotli and asks for the whole file, a file with a fresh
 * Brotli copy is measured and read from the copy, and the response says so. serve-handler still names, types and
 * heads the response after the original file.
 */
function fileAccess(request, response) {
  const wantsCopy = acceptsBrotli(request.headers['accept-encoding']) && !request.headers.range;
  const copyOf = (path) => (wantsCopy ? freshCopy(path) : null);
  return {
    lstat: (path) => lstatFile(copyOf(path) ?? path),
    createReadStream: (path, options) => {
      const copy = copyOf(path);
      if (!copy) return createReadStream(path, options);
      response.setHeader('Content-Encoding', 'br');
      response.setHeader('Vary', 'Accept-Encoding');
      return createReadStream(copy, options);
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
    await compress(request, response);
    await handler(request, response, config, fileAccess(request, response));
  })().catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
// The browser tests start this with PORT=0 and read the port the system chose from this line.
server.listen(port, '127.0.0.1', () => console.log(`Serving ${root}: Accepting connections at http://127.0.0.1:${server.address().port}`));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.close(() => process.exit(0)));
