/**
 * Content stays on this site: an entry's links, link definitions and images may point only at this site's own
 * pages and files (an entry slug, a `/path`, a `#fragment`), never at another origin: no http(s) address, no
 * protocol-relative `//host`, no `mailto:`, `data:` or `javascript:` address. A page that contacts another origin
 * breaks "works offline", leaks the reader's address, and is refused by the site's Content-Security-Policy anyway.
 * Pure; the rule-tree transform calls it for link, definition and image nodes.
 */

/** A stand-in for the site's origin: addresses are resolved against a page of it, as the browser does. */
const SITE = 'https://this-site.invalid';
const PAGE = `${SITE}/game/entry/`;

/** Why `url` leaves the site, or undefined when it stays on it. Uses the WHATWG URL parser, as browsers do. */
export function offSiteProblem(url: string): string | undefined {
  let resolved: URL;
  try {
    resolved = new URL(url, PAGE);
  } catch {
    return `"${url}" is not a valid address`;
  }
  if (resolved.origin === SITE && !/^[a-z][a-z\d+.-]*:/i.test(url.trim())) return undefined;
  return /^https?:$/.test(resolved.protocol)
    ? `"${url}" points to another site (${resolved.host}); entries link and show only this site's own pages and files`
    : `"${url}" is a ${resolved.protocol} address; entries link and show only this site's own pages and files`;
}
