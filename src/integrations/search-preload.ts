/**
 * Astro integration: after the build, adds `<link rel="modulepreload">` for the search module to the search
 * page, so the browser fetches it with the page instead of after the page script has run (one round trip less
 * before the first results). The module's file name carries a content hash known only after bundling.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export default function searchPreload(): AstroIntegration {
  return {
    name: 'rules-search-preload',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const out = fileURLToPath(dir);
        const chunk = readdirSync(join(out, '_astro')).find((f) => f.startsWith('search-ui.') && f.endsWith('.js'));
        if (!chunk) throw new Error('search-preload: no _astro/search-ui.*.js chunk in the build');
        const page = join(out, 'search', 'index.html');
        const html = readFileSync(page, 'utf8');
        if (!html.includes('</head>')) throw new Error(`search-preload: ${page} has no </head>`);
        writeFileSync(page, html.replace('</head>', `<link rel="modulepreload" href="/_astro/${chunk}"></head>`));
      },
    },
  };
}
