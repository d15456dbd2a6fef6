/**
 * A shared setup (options in the page's URL) travels with the reader: links into the same game carry the whole shared
 * setup (`setupQuery` of the shown options, not only the options the first link named) until the reader adopts it or
 * returns to their own. Pure functions of URLs, unit-tested.
 */

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
