// @ts-check
// `npm run lint` (docs/development.md, "The inner loop"): typescript-eslint's type-checked
// recommended rules on the sources and the tests. A finding is fixed, or justified where it
// stands with `// eslint-disable-next-line <rule> -- why`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Test code: jest files and what only tests load. */
const TESTS = ['**/*.test.ts', 'test/**/*.ts'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/*.js', '**/*.mjs', 'packages/client/src/generated/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parserOptions: {
        // Two programs, both from sources (no build needed first): tsconfig.test.json is every
        // package, service and test as `tsc -p tsconfig.test.json` checks them, and the web app has
        // its own (DOM, ES modules). A project service would open each file's nearest
        // tsconfig.json, and the packages' leave their tests out while test/ has none.
        project: ['./tsconfig.test.json', './packages/web/tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection; a promise where a callback's result is ignored
      // (an event listener, a timer) does too.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // A switch over a union without a default names every member, so that a new member is a finding.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // The same rule as tsc's noUnusedLocals/noUnusedParameters, reported before any build: `_x`
      // marks a parameter or a destructured field left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // An async method without await is how a synchronous implementation meets a Promise-returning
      // interface, and it turns a throw into a rejection: not a mistake here.
      '@typescript-eslint/require-await': 'off',
      // An abort passes on the signal's reason, as fetch does; AbortSignal types it any.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
    },
  },
  {
    files: TESTS,
    rules: {
      // Tests read answers as they come (`await res.json()`, `JSON.parse`) and assert their shape
      // with expect; typing each read would repeat the contracts, which the sources parse with zod.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
