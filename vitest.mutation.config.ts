import { defineConfig } from 'vitest/config';

/**
 * The unit tests `npm run test:mutation` runs (stryker.config.mjs): those of the mutated core modules only, so that
 * each mutant is judged in seconds (the content and build tests, slow and unrelated, are left out). The content's
 * search indexes, which the search tests read, are built once by a global setup rather than once per mutant.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/options.test.ts',
      'tests/unit/options-mutants.test.ts',
      'tests/unit/client.test.ts',
      'tests/unit/rulings-mutants.test.ts',
      'tests/unit/storage-mutants.test.ts',
      'tests/unit/storage-failures.test.ts',
      'tests/unit/play-storage.test.ts',
      'tests/unit/search.test.ts',
      'tests/unit/search-mutants.test.ts',
      'tests/unit/merge-mutants.test.ts',
      'tests/unit/search-stages.test.ts',
      'tests/unit/search-answer.test.ts',
      'tests/unit/search-query-setup.test.ts',
      'tests/unit/search-setup-spans.test.ts',
      'tests/unit/snippet.test.ts',
      'tests/unit/any-text.test.ts',
      'tests/unit/table-link.test.ts',
      'tests/unit/table-offer.test.ts',
      'tests/unit/table-link-mutants.test.ts',
      'tests/unit/import-graph.test.ts',
    ],
    globalSetup: ['tests/unit/content-indexes.setup.ts'],
    testTimeout: 120_000,
  },
});
