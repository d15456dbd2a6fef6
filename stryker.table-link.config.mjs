// Mutation testing of the table link alone (issue 35): the codec (`src/lib/table-link.ts`), what a link would change
// and the page's lines (`src/lib/table-offer.ts`), a ruling's check and the text cleaning, judged by their own unit
// tests only (`vitest.table-link.config.ts`: no content indexes to build), so a run takes minutes, not an hour:
//   npx stryker run stryker.table-link.config.mjs
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.table-link.config.ts', related: false },
  mutate: ['src/lib/table-link.ts', 'src/lib/table-offer.ts', 'src/lib/rulings.ts', 'src/lib/clean-text.ts'],
  // Every mutant against all 49 tests (2 s): "perTest" misses what the async tests reach after an `await`, and called
  // survivors mutants those tests kill.
  coverageAnalysis: 'all',
  htmlReporter: { fileName: 'reports/mutation/table-link.html' },
  jsonReporter: { fileName: 'reports/mutation/table-link.json' },
};
