/**
 * A shared setup (options in the page's URL) travels with the reader: links into the same game carry the link's
 * options until the reader adopts them or returns to their own. Pure functions of URLs, unit-tested.
 */

/** The query a shared setup adds to links: exactly the options the shared link set. */
export function carryQuery(params: URLSearchParams, optionIds: readonly string[]): string {
  const out = new URLSearchParams();
  for (const id of optionIds) {
    const v = params.get(id);
    if (v !== null) out.set(id, v);
  }
  return out.toString().replace(/%2C/g, ',');
}

/**
 * The href a link should have while a shared setup shows: links to pages of `game` on this origin get `query`
 * (replacing any options they had); other links, anchors and links that already carry it are left as they are.
 * Returns undefined when the link is not changed.
 */
export function carryHref(href: string, origin: string, game: string, query: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !url.pathname.startsWith(`/${game}/`)) return undefined;
  const next = `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
  return next === `${url.pathname}${url.search}${url.hash}` ? undefined : next;
}
