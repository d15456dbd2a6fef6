// Serves the built site (dist/, or RULES_OUT_DIR) on http://localhost:PORT (default 4321) with `serve`, a maintained
// static server: `/x` redirects to `/x/`, a directory serves its index.html, unknown paths get dist/404.html with
// status 404, text is compressed (gzip or brotli), and every header of dist/_headers (CSP, caching) is applied, as a
// static host applies it. For `npm start`, `npm run serve`, the browser tests and the measuring scripts.
// This file only turns dist/_headers into serve's configuration and starts serve; it answers no request itself.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseHeadersFile, serveHeaders } from './headers.mjs';

const root = resolve(process.env.RULES_OUT_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 4321);
const headersFile = join(root, '_headers');
if (!existsSync(join(root, 'index.html')) || !existsSync(headersFile)) {
  console.error(`No built site in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}

const config = {
  // Directory URLs (no extension) serve their index.html; files with an extension (404.html too) are served as
  // they are, never redirected.
  cleanUrls: ['!**/*.*'],
  trailingSlash: true,
  directoryListing: false,
  headers: serveHeaders(parseHeadersFile(readFileSync(headersFile, 'utf8'))),
};
const dir = mkdtempSync(join(tmpdir(), 'rules-serve-'));
const configFile = join(dir, 'serve.json');
writeFileSync(configFile, JSON.stringify(config, null, 2));

const require = createRequire(import.meta.url);
const serveBin = join(dirname(require.resolve('serve/package.json')), 'build', 'main.js');
const server = spawn(
  process.execPath,
  [serveBin, '--no-request-logging', '--no-clipboard', '--no-port-switching', '--config', configFile, '--listen', `tcp://127.0.0.1:${port}`, root],
  { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NO_UPDATE_CHECK: '1' } },
);
const cleanUp = () => rmSync(dir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
