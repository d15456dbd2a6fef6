/**
 * Astro integration that checks the whole content folder before anything is built, as `npm run check:content`
 * does (src/integrations/content-problems.ts): schemas, sections, options, related links, slugs, alias and term
 * collisions, stray files, and every entry's body. Any problem fails the build with every problem, one
 * `file:line: ...` line each.
 */
import type { AstroIntegration } from 'astro';
import { catalogue, freezeCatalogue } from './catalogue';
import { contentProblems } from './content-problems';

export default function contentCheck(): AstroIntegration {
  return {
    name: 'rules-content-check',
    hooks: {
      'astro:config:setup': async ({ command }) => {
        if (command !== 'build') return;
        freezeCatalogue();
        const { problems } = await contentProblems(catalogue());
        if (problems.length) throw new Error(`Invalid content (${problems.length} problems):\n${problems.join('\n')}`);
      },
    },
  };
}
