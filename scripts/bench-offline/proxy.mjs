// The phone link of `npm run bench:offline`: an HTTP forward proxy on 127.0.0.1 that Chromium sends every request
// through (`--proxy-server`, page and service worker alike; Chromium's own network emulation leaves the worker's
// requests alone). It shapes the link as one slow phone connection:
// - latency: each request waits `rttMs / 2` before it goes on to the site, each response `rttMs / 2` before its first
//   byte comes back (connection setup is not charged: Chromium keeps its connections to the proxy alive);
// - bandwidth: every byte, headers included, passes one token bucket per direction shared by all connections
//   (down and up), in small pieces, so parallel downloads share the link as they would on a phone;
// - to the site, keep-alive connections, at most 6 at a time, as a browser opens to one HTTP/1.1 host.
// It counts what crosses the link for the site (each request: its head and body up, and down what its connection wrote
// for it, headers included; requests to other hosts, the browser's own, are refused off the link and not counted) and
// can cut the link: every connection dropped, every new one refused, as a phone that lost its signal.
import { Agent, createServer, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Bytes per piece sent through a bucket: small enough that parallel responses interleave. */
const PIECE = 4096;

/** Headers that belong to one hop (RFC 9110 7.6.1), never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A token bucket of `bytesPerSecond` holding up to `burstBytes`, written as GCRA (the time the link has sent
 * everything granted so far, `tat`): `take(n)` resolves when n bytes may go; callers are served in order.
 */
export class TokenBucket {
  constructor(bytesPerSecond, burstBytes = PIECE) {
    this.rate = bytesPerSecond / 1000; // bytes per ms
    this.tau = burstBytes / this.rate;
    this.tat = 0;
  }
  reset() {
    this.tat = 0;
  }
  take(n) {
    const now = performance.now();
    const start = Math.max(now, this.tat - this.tau);
    this.tat = Math.max(this.tat, start) + n / this.rate;
    const wait = start - now;
    return wait >= 1 ? sleep(wait) : Promise.resolve();
  }
}

/** Sends `buffer` through `bucket` in pieces, each written once the bucket lets it go; counts what was sent. */
async function sendThrough(bucket, buffer, write) {
  for (let at = 0; at < buffer.length; at += PIECE) {
    const piece = buffer.subarray(at, at + PIECE);
    await bucket.take(piece.length);
    await write(piece);
  }
}

/** The size of a message head as it crosses the link: start line, `Name: value` lines, blank line. */
const headBytes = (startLine, rawHeaders) => {
  let n = Buffer.byteLength(startLine) + 4;
  for (let i = 0; i < rawHeaders.length; i += 2) n += Buffer.byteLength(rawHeaders[i]) + Buffer.byteLength(rawHeaders[i + 1]) + 4;
  return n;
};

/** A message's headers as they go on to the next hop: hop-by-hop ones dropped, repeated names kept as lists. */
function endToEnd(rawHeaders) {
  const out = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const [name, value] = [rawHeaders[i], rawHeaders[i + 1]];
    if (HOP_BY_HOP.has(name.toLowerCase())) continue;
    const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    out[key] = key in out ? [out[key], value].flat() : value;
  }
  return out;
}

/**
 * Starts the shaping proxy. Options: `downKbps`, `upKbps` (kilobits per second), `rttMs`. Resolves to an object
 * with `port`, `reset()` (counters and buckets to zero, link restored), `stats()` (a snapshot since the last reset),
 * `cut()` (drop every connection, refuse new ones), `resetUpstream()` (forget the keep-alive connections to the
 * site, after it restarted) and `close()`.
 */
export async function startProxy({ downKbps = 1600, upKbps = 750, rttMs = 150, sitePort } = {}) {
  const down = new TokenBucket((downKbps * 1000) / 8);
  const up = new TokenBucket((upKbps * 1000) / 8);
  const oneWay = rttMs / 2;
  let agent = new Agent({ keepAlive: true, maxSockets: 6 });
  let cutOff = false;
  let since = performance.now();
  /** Open connections from the browser; bytes of connections closed since the last reset. */
  const sockets = new Set();
  let closedDown = 0;
  let closedUp = 0;
  let peakSockets = 0;
  let connections = 0;
  let requests = [];
  let foreign = 0;
  /** Requests still answering: how many bytes each has sent so far. */
  const live = new Map();

  const server = createServer({ keepAliveTimeout: 120_000, requestTimeout: 0 });
  server.on('connection', (socket) => {
    if (cutOff) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.benchBase = { down: 0, up: 0 };
    connections++;
    peakSockets = Math.max(peakSockets, sockets.size);
    socket.on('close', () => {
      if (!sockets.delete(socket)) return;
      closedDown += socket.bytesWritten - socket.benchBase.down;
      closedUp += socket.bytesRead - socket.benchBase.up;
    });
  });
  // A proxy for http:// only: the site is plain HTTP on localhost; CONNECT (https, WebSocket) is refused.
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 501 Not Implemented\r\n\r\n'));

  server.on('request', async (req, res) => {
    const started = performance.now();
    const record = {
      method: req.method,
      url: req.url,
      dest: req.headers['sec-fetch-dest'] ?? '',
      start: started - since,
      status: 0,
      bytes: 0,
      up: headBytes(`${req.method} ${req.url} HTTP/1.1`, req.rawHeaders),
      down: 0,
    };
    requests.push(record);
    // Bytes down for this request: what its socket wrote from now until the response ended (one request at a time
    // per connection: Chromium does not pipeline).
    const socket = req.socket;
    const writtenBefore = socket.bytesWritten;
    live.set(record, () => socket.bytesWritten - writtenBefore);
    const countDown = () => {
      if (!live.delete(record)) return;
      record.down = socket.bytesWritten - writtenBefore;
      record.end = performance.now() - since;
    };
    res.on('finish', countDown).on('close', countDown);
    const fail = (status) => {
      record.status = status;
      if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`bench-offline proxy: ${status}\n`);
      else res.destroy();
    };
    let target;
    try {
      target = new URL(req.url);
    } catch {
      return fail(400);
    }
    if (target.protocol !== 'http:') return fail(400);
    if (!['localhost', '127.0.0.1'].includes(target.hostname) || (sitePort && Number(target.port) !== sitePort)) {
      // Not the site (the browser's own calls to Google's hosts, which this machine's network refuses anyway):
      // refused at once, off the link and out of the counts.
      requests.pop();
      live.delete(record);
      foreign++;
      req.resume();
      return res.writeHead(403, { 'Content-Type': 'text/plain' }).end('bench-offline proxy: not the site\n');
    }
    try {
      // Up the link: the request's head (and body, if any), then half a round trip.
      await up.take(record.up);
      const body = [];
      for await (const chunk of req) {
        await sendThrough(up, chunk, async () => {});
        record.up += chunk.length;
        body.push(chunk);
      }
      await sleep(oneWay);
      if (cutOff) return res.destroy();
      // To the site (no shaping: the site stands for the far end of the phone link). A kept-alive connection the
      // site closed meanwhile (it restarted) fails at once: tried again once on a new one.
      const ask = () =>
        new Promise((resolve, reject) => {
          const r = httpRequest(
            {
              agent,
              host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
              port: target.port || 80,
              method: req.method,
              path: target.pathname + target.search,
              headers: endToEnd(req.rawHeaders),
            },
            resolve,
          );
          r.on('error', (e) => reject(Object.assign(e, { reused: r.reusedSocket })));
          r.end(Buffer.concat(body));
        });
      const upstream = await ask().catch((e) => (e.reused ? ask() : Promise.reject(e)));
      record.status = upstream.statusCode;
      // Down the link: half a round trip, then the response's head and body through the bucket.
      await sleep(oneWay);
      if (cutOff) {
        upstream.destroy();
        return res.destroy();
      }
      await down.take(headBytes(`HTTP/1.1 ${upstream.statusCode} ${upstream.statusMessage}`, upstream.rawHeaders));
      res.writeHead(upstream.statusCode, upstream.statusMessage, endToEnd(upstream.rawHeaders));
      const write = (piece) =>
        new Promise((resolve, reject) => {
          if (res.destroyed) return reject(new Error('closed'));
          record.bytes += piece.length;
          if (res.write(piece)) return resolve();
          const go = () => {
            res.off('drain', go).off('close', go);
            resolve();
          };
          res.on('drain', go).on('close', go);
        });
      try {
        for await (const chunk of upstream) await sendThrough(down, chunk, write);
        res.end();
      } catch {
        upstream.destroy();
        res.destroy();
      }
    } catch (e) {
      record.error = e.code ?? e.message;
      if (!res.destroyed) fail(502);
    }
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  const liveDown = () => [...sockets].reduce((n, s) => n + s.bytesWritten - s.benchBase.down, 0);
  const liveUp = () => [...sockets].reduce((n, s) => n + s.bytesRead - s.benchBase.up, 0);

  return {
    port: server.address().port,
    reset() {
      cutOff = false;
      down.reset();
      up.reset();
      since = performance.now();
      for (const s of sockets) s.benchBase = { down: s.bytesWritten, up: s.bytesRead };
      closedDown = 0;
      closedUp = 0;
      connections = 0;
      peakSockets = sockets.size;
      requests = [];
      foreign = 0;
    },
    /**
     * What crossed the link for the site since the last reset: every request with its bytes up (head and body) and
     * down (head and body as its connection wrote them, so far), their sums, the connections; `otherHosts`: requests
     * refused because they were not for the site (not counted); `linkDown`/`linkUp`: every byte of every connection.
     */
    stats() {
      const list = requests.map((r) => ({ ...r, down: live.get(r)?.() ?? r.down }));
      return {
        bytesDown: list.reduce((n, r) => n + r.down, 0),
        bytesUp: list.reduce((n, r) => n + r.up, 0),
        linkDown: closedDown + liveDown(),
        linkUp: closedUp + liveUp(),
        requests: list,
        otherHosts: foreign,
        connections,
        peakConnections: peakSockets,
        elapsedMs: performance.now() - since,
      };
    },
    cut() {
      cutOff = true;
      for (const s of sockets) s.destroy();
    },
    resetUpstream() {
      agent.destroy();
      agent = new Agent({ keepAlive: true, maxSockets: 6 });
    },
    close() {
      cutOff = true;
      for (const s of sockets) s.destroy();
      agent.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
