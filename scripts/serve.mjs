// Serves the production build on http://localhost:PORT (default 4321): `/x` redirects to `/x/`, unknown paths
// get the 404 page with status 404, text is gzipped. For local use and the end-to-end tests.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.env.RULES_OUT_DIR ?? 'dist';
const port = Number(process.env.PORT ?? 4321);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon',
};

async function file(path) {
  try {
    const s = await stat(path);
    if (s.isFile()) return path;
  } catch {}
  return undefined;
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let path;
  try {
    path = normalize(decodeURIComponent(url.pathname));
  } catch {
    path = '/';
  }
  if (path.includes('..')) path = '/';
  let found = await file(join(root, path));
  if (!found && !extname(path)) {
    if (!path.endsWith('/') && (await file(join(root, path, 'index.html')))) {
      res.writeHead(301, { Location: `${path}/${url.search}` });
      return res.end();
    }
    found = await file(join(root, path, 'index.html'));
  }
  let status = 200;
  if (!found) {
    status = 404;
    found = join(root, '404.html');
  }
  let body = await readFile(found);
  const type = types[extname(found)] ?? 'application/octet-stream';
  const headers = {
    'Content-Type': type,
    'Cache-Control': found.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (/text|json|javascript|svg|manifest/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
    headers['Vary'] = 'Accept-Encoding';
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}).listen(port, '127.0.0.1', () => console.log(`Serving ${root} on http://localhost:${port}/`));
