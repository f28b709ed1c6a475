// Lint rules: typescript-eslint's recommended set everywhere, platform globals per folder, a pure
// driver (no ambient clock, randomness, timers, storage or network), and no focused tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const DRIVER_ARGUMENTS = 'The driver gets { clock, random, model, log } as arguments';

/** Globals the driver must not reach for: the worker or the UI passes them in instead. */
const DRIVER_FORBIDDEN_GLOBALS = [
  'window',
  'self',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'fetch',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'indexedDB',
  'XMLHttpRequest',
  'WebSocket',
].map((name) => ({
  name,
  message: `src/driver is pure: no ${name}. ${DRIVER_ARGUMENTS}; platform access lives in src/workers.`,
}));

/** A focused test silently turns every other test off. */
const NO_FOCUSED_TESTS = ['describe', 'it', 'test', 'suite', 'bench'].map((object) => ({
  object,
  property: 'only',
  message: `${object}.only would skip the rest of the suite: remove it before committing.`,
}));

const DRIVER_FORBIDDEN_PROPERTIES = [
  { object: 'Math', property: 'random', message: `No Math.random in src/driver. ${DRIVER_ARGUMENTS}.` },
  { object: 'Date', property: 'now', message: `No Date.now in src/driver. ${DRIVER_ARGUMENTS}.` },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.tmp/', 'data/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      'no-restricted-properties': ['error', ...NO_FOCUSED_TESTS],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      // The worker owns the documents and the driver: the UI reaches them only through DriverApi.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'yjs',
                'y-*',
                '**/driver/**',
                '!**/driver/i18n',
                '!**/driver/i18n/translate.ts',
                '!**/driver/i18n/lists.ts',
                '**/workers/**',
                '!**/workers/driver.worker.ts*',
              ],
              allowTypeImports: true,
              message:
                'src/app talks to the worker through DriverApi; import documents and driver code as types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/workers/**'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['scripts/**', 'bin/**', 'sync-server/**', 'src/cli/**', 'tests/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/browser/**', 'tests/e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/driver/**'],
    rules: {
      'no-restricted-globals': ['error', ...DRIVER_FORBIDDEN_GLOBALS],
      'no-restricted-properties': ['error', ...NO_FOCUSED_TESTS, ...DRIVER_FORBIDDEN_PROPERTIES],
    },
  },
);
