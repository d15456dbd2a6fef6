// Mutation testing (`npm run test:mutation`): StrykerJS changes the core modules one small edit at a time (a `<`
// for a `<=`, a branch removed, a string emptied) and runs the unit tests that cover the changed line (from the
// core modules' tests listed in vitest.mutation.config.ts); a change no test notices is a "survivor", a gap in the
// tests. The machine running it is small:
// run one module at a time, e.g. `npm run test:mutation -- --mutate src/client/rulings.ts`.
// The report is written to reports/mutation/ (HTML) and printed as a table.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/lib/options.ts',
    'src/client/storage.ts',
    'src/client/saved-prefs.ts',
    'src/client/saved-setup.ts',
    'src/client/saved-rulings.ts',
    'src/client/saved-progress.ts',
    'src/client/shared-setup.ts',
    'src/client/rulings.ts',
    'src/client/rulings-link.ts',
    'src/lib/table-link.ts',
    'src/lib/table-offer.ts',
    'src/lib/rulings.ts',
    'src/lib/clean-text.ts',
    'src/lib/storage-keys.ts',
    'src/lib/search/rank.ts',
    'src/lib/search/merge.ts',
    'src/lib/search/score.ts',
    'src/lib/search/weigh.ts',
    'src/lib/search/shape.ts',
    'src/lib/search/snippet.ts',
  ],
  concurrency: 1,
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
