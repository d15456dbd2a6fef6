import { defineConfig } from 'vitest/config';

/** The unit tests of the table link (`stryker.table-link.config.mjs`): the codec, the offer, rulings read from storage. */
export default defineConfig({
  test: {
    include: [
      'tests/unit/table-link.test.ts',
      'tests/unit/table-offer.test.ts',
      'tests/unit/table-link-mutants.test.ts',
      'tests/unit/rulings-mutants.test.ts',
      'tests/unit/storage-mutants.test.ts',
    ],
  },
});
