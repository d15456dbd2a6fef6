/**
 * Astro integration that validates the whole content folder before anything is built: schemas, sections,
 * options, related links, slugs, alias and term collisions. Any problem fails the build with `file: field: message`.
 */
import type { AstroIntegration } from 'astro';
import { catalogue, freezeCatalogue } from './catalogue';
import { validateSite, formatProblems } from '../lib/validate';

export default function contentCheck(): AstroIntegration {
  return {
    name: 'rules-content-check',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        freezeCatalogue();
        const cat = catalogue();
        const problems = [...cat.problems, ...validateSite(cat.games, cat.entries)];
        if (problems.length) throw new Error(`Invalid content (${problems.length} problems):\n${formatProblems(problems)}`);
      },
    },
  };
}
