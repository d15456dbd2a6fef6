// Summaries and the printed tables of `npm run bench:offline`.

export const kib = (n) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`);
export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function median(values) {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!v.length) return undefined;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** A request's file: `/x/` and `/x/index.html` are one, queries (cache-busting revisions) dropped. */
const fileOf = (url) => {
  try {
    const path = new URL(url).pathname;
    return path.endsWith('/') ? `${path}index.html` : path;
  } catch {
    return url;
  }
};

/**
 * What the proxy saw: bytes down and up, requests (by Sec-Fetch-Dest: `document`, `script`, `empty` for fetch(),
 * which is how a service worker saves files), files fetched more than once, connections; and how busy the link
 * was: requests in flight on average, and the share of the downlink's capacity used (`downBytesPerSecond`), over
 * the time since the counters started (a link used at 30% with 4 requests in flight waits on round trips or on
 * the browser, not on bandwidth).
 */
export function traffic(stats, downBytesPerSecond) {
  const span = stats.elapsedMs;
  const inFlight = stats.requests.reduce((n, r) => n + Math.max(0, Math.min(r.end ?? span, span) - r.start), 0);
  const byDest = {};
  const perFile = new Map();
  const statuses = {};
  for (const r of stats.requests) {
    byDest[r.dest || 'none'] = (byDest[r.dest || 'none'] ?? 0) + 1;
    perFile.set(fileOf(r.url), (perFile.get(fileOf(r.url)) ?? 0) + 1);
    statuses[r.status || 'unanswered'] = (statuses[r.status || 'unanswered'] ?? 0) + 1;
  }
  return {
    bytesDown: stats.bytesDown,
    bytesUp: stats.bytesUp,
    requests: stats.requests.length,
    byDest,
    statuses,
    filesFetchedTwice: [...perFile].filter(([, n]) => n > 1).map(([file]) => file),
    connections: stats.connections,
    peakConnections: stats.peakConnections,
    otherHosts: stats.otherHosts,
    failed: stats.requests
      .filter((r) => r.status >= 500 || r.error)
      .map((r) => `${r.status || 'no answer'}${r.error ? ` (${r.error})` : ''} ${fileOf(r.url)}`),
    avgInFlight: span > 0 ? Number((inFlight / span).toFixed(2)) : 0,
    downlinkUsed: span > 0 ? Number((stats.bytesDown / ((downBytesPerSecond * span) / 1000)).toFixed(2)) : 0,
  };
}

/**
 * The status texts in order, with seconds since `t0`. A run of texts that differ only in their numbers ("Saving for
 * offline: 12 of 760", "... 13 of 760") is thinned to `keep`, its first and last kept.
 */
export function trail(entries, t0, keep = 6) {
  const texts = entries.filter((e) => 'status' in e).map((e) => ({ at: (e.t - t0) / 1000, status: e.status, text: e.text }));
  const shape = (e) => `${e.status}\n${e.text.replace(/\d+/g, '#')}`;
  const out = [];
  for (let i = 0; i < texts.length;) {
    let j = i + 1;
    while (j < texts.length && shape(texts[j]) === shape(texts[i])) j++;
    const run = texts.slice(i, j);
    const step = Math.max(1, Math.ceil((run.length - 1) / (keep - 1)));
    run.forEach((e, k) => {
      if (k % step === 0 || k === run.length - 1) out.push(e);
    });
    i = j;
  }
  return { all: texts, shown: out };
}

export const trailLine = (shown) => shown.map((e) => `${e.at.toFixed(1)} s "${e.text}"`).join(' -> ');

/** A plain text table: header row, then rows; columns padded to their widest cell. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => String(cell).padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
