// Lint: ESLint's and typescript-eslint's recommended rules for TypeScript and JavaScript, eslint-plugin-astro's for
// .astro files, and the import rules of docs/architecture.md ("The rooms"). `npm run lint` runs it with Prettier's
// check and knip; CI fails on any finding.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import rule of docs/architecture.md: files matching `files` may not import what `group` matches. */
const forbid = (files, group, message) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group, message, allowTypeImports: false }] }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'bench/node_modules/',
      '.astro/',
      'test-results/',
      'playwright-report/',
      'tests/.tmp/',
      '.scratch/',
      // StrykerJS's sandboxes (a copy of the project per run, see stryker.config.mjs) and its reports.
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  forbid(['src/schemas/**'], ['**/lib/**', '**/client/**', '**/integrations/**', '**/data/**'], 'schemas describe shapes only'),
  forbid(
    ['src/lib/**'],
    ['astro:*', '**/client/**', '**/integrations/**', '**/data/**', '**/pages/**', '**/components/**'],
    'src/lib is pure logic: no Astro, DOM-bound or build-time modules',
  ),
  forbid(['src/client/**'], ['astro:*', '**/integrations/**', '**/data/**', 'node:*'], 'browser code'),
  forbid(['src/integrations/**'], ['**/client/**', '**/pages/**', '**/components/**'], 'build-time code does not reach browser code'),
);
