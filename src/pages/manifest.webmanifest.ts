/**
 * The web app manifest, generated from the game files: a shortcut per game, in the games' order.
 */
import type { APIRoute } from 'astro';
import { getGames } from '../data/site';

export const GET: APIRoute = async () => {
  const games = await getGames();
  const manifest = {
    name: 'Rules at the Table',
    short_name: 'Rules',
    description: `Offline rules reference for ${games
      .map((g) => g.title)
      .join(', ')
      .replace(/, ([^,]*)$/, ' and $1')}.`,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#fbfaf7',
    theme_color: '#1f5d4c',
    lang: 'en',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: games.map((g) => ({ name: g.title, url: `/${g.id}/`, icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] })),
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
};
