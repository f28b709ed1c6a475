// Lint rules: typescript-eslint's recommended set everywhere, platform globals per folder, a pure
// driver (no ambient clock, randomness, timers, storage or network), an app that reaches the worker
// only through its one API, and no focused tests.
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

/**
 * Which rooms a folder may not reach into (patterns over the import specifier as written, so a
 * sibling room is named by its folder alone; type imports included): the layers of
 * DESIGN.md and the CONTEXT files. A room may always import its own files. A folder inside another
 * keeps the outer folder's bans too (a later flat-config block would otherwise replace them).
 */
const ROOM_BANS = [
  {
    folder: 'src/driver',
    banned: ['**/workers/**', '**/app/**', '**/cli/**', '**/sync-server/**'],
    why: 'The driver is pure logic under the worker and the CLI; it imports none of them.',
  },
  {
    folder: 'src/driver/doc',
    banned: ['../**'],
    why: 'doc/ is the story document alone: codes, no words, nothing else of the driver.',
  },
  {
    folder: 'src/driver/views',
    banned: ['../turns/**', '../presets/**', '../story-json/**', '../validation/**', '../prompts/**'],
    why: 'views/ derive from the document; model operations build on them, never the other way.',
  },
  {
    folder: 'src/driver/budget',
    banned: ['../turns/**', '../presets/**', '../story-json/**', '../validation/**', '../doc/**'],
    why: 'budget/ counts and fits text; it knows neither the document nor the operations that use it.',
  },
  ...['i18n', 'validation', 'prompts'].map((room) => ({
    folder: `src/driver/${room}`,
    banned: ['../turns/**', '../presets/**', '../story-json/**'],
    why: 'Wording, validation and prompts serve the operations; they import none of them.',
  })),
  {
    folder: 'src/workers',
    banned: ['**/app/**', '**/cli/**'],
    why: 'The worker serves the app through api.ts; it imports no app or CLI code.',
  },
  {
    folder: 'src/backends',
    banned: ['**/workers/**', '**/app/**', '**/cli/**', '**/sync-server/**'],
    why: 'Backends stand beside the driver (the worker and the CLI use them): they import src/driver only, and are given what else they need (wording, events).',
  },
  ...['store', 'sync'].map((room) => ({
    folder: `src/workers/${room}`,
    // The device settings validate the backend profiles with the backends' own schema.
    banned: ['**/host/**', '**/backends/*', ...(room === 'store' ? ['!**/backends/profile.ts'] : [])],
    why: 'Storage and sync sit under the host: they are given to it, they do not call it (nor the backends it drives).',
  })),
  {
    folder: 'src/cli',
    banned: ['**/app/**', '**/workers/**'],
    why: 'The CLI runs the driver with a backend from src/backends; the worker is the app’s.',
  },
];

/** One config block per folder, with its own bans and those of every folder around it. */
const roomBlocks = ROOM_BANS.map(({ folder }) => ({
  files: [`${folder}/**`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: ROOM_BANS.filter((outer) => `${folder}/`.startsWith(`${outer.folder}/`)).map(
          ({ banned, why }) => ({ group: banned, message: why }),
        ),
      },
    ],
  },
})).sort((a, b) => a.files[0].length - b.files[0].length);

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
      // The worker owns the documents and the driver: the UI reaches them only through workers/api.ts,
      // whose types it imports (that file re-exports every driver and worker type the UI needs), and
      // starts the worker by its entry's URL. Its only values from outside src/app are the two i18n
      // modules it shares with the driver. Even a type import from elsewhere is refused, so that the
      // one API stays the only seam.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // gitignore semantics: a file under a folder that is excluded whole cannot be let back in
              // (`**/driver/**` then `!**/driver/i18n/lists.ts` still refuses lists.ts). So each folder
              // is closed one level at a time: driver/i18n is reopened, then closed but for its two files.
              group: [
                'yjs',
                'y-*',
                '**/driver/*',
                '!**/driver/i18n',
                '**/driver/i18n/*',
                '!**/driver/i18n/translate.ts',
                '!**/driver/i18n/lists.ts',
                '**/workers/*',
                '!**/workers/api.ts',
                '!**/workers/driver.worker.ts*',
              ],
              message:
                'src/app reaches the driver and the worker only through src/workers/api.ts (types; it re-exports what the app needs) and takes values only from driver/i18n/translate.ts and driver/i18n/lists.ts.',
            },
            {
              group: ['**/workers/api.ts'],
              allowTypeImports: true,
              message:
                'src/workers/api.ts describes the worker boundary: import it as types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Backends run in the worker and, over fetch alone, in the CLI.
    files: ['src/workers/**', 'src/backends/**'],
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
  ...roomBlocks,

  // ---- The sync server stands alone (DESIGN.md "Dependencies flow one way"). Its wire constants live
  // in sync-server/protocol.ts, which imports nothing, so the browser worker can share them: the worker
  // may import that file and no other of the server's; the app none of them, not even types (its one
  // seam is workers/api.ts), nor the driver (its room bans above). The core rule, not typescript-eslint's,
  // so the rooms' and the app's import rules above keep their options.
  {
    files: ['sync-server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/tests/**', '**/scripts/**'],
              message: 'sync-server stands alone: it imports nothing of the app, the worker or the tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/protocol.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ImportExpression',
          'ExportAllDeclaration',
          'ExportNamedDeclaration[source]',
        ].map((selector) => ({
          selector,
          message:
            'protocol.ts imports nothing (no Node API, no yjs, no zod): the browser worker loads it too.',
        })),
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: 'protocol.ts runs in the browser worker too: no Node globals.',
        })),
      ],
    },
  },
  {
    files: ['src/workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sync-server/**', '!**/sync-server/protocol.ts'],
              message:
                'The worker shares only the wire constants with the sync server: sync-server/protocol.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sync-server/**'],
              message:
                'The app reaches the sync server only through the worker (src/workers/api.ts), not even for types.',
            },
          ],
        },
      ],
    },
  },
);
