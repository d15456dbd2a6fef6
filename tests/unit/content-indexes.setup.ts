/**
 * Global setup of `npm run test:mutation` (vitest.mutation.config.ts only): builds the content's search indexes
 * once, for every test run StrykerJS makes (see content-indexes.ts).
 */
import type { TestProject } from 'vitest/node';
import { buildContentIndexes } from './content-indexes';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('contentIndexes', await buildContentIndexes());
}
