/**
 * The head scripts (see src/integrations/head-script.ts): one per game and one for pages outside a game; and the search
 * worker (src/integrations/worker-script.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGames } from '../../data/site';
import { headScript } from '../../integrations/head-script';
import { searchWorkerScript } from '../../integrations/worker-script';

export const getStaticPaths = (async () => {
  const scripts = [...(await Promise.all([undefined, ...(await getGames())].map((g) => headScript(g)))), await searchWorkerScript()];
  return scripts.map((s) => ({ params: { name: s.path.slice('/scripts/'.length, -'.js'.length) }, props: { code: s.code } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { code: string }).code, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
