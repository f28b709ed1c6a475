// Lint rules: typescript-eslint's recommended set everywhere, platform globals per folder, a pure
// driver (no ambient clock, randomness, timers, storage or network), an app that reaches the worker
// only through its one API, and no focused tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { roomWallsPlugin } from './scripts/eslint-room-walls.js';

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

const D = 'src/driver';
const DRIVER_OPERATIONS = [`${D}/turns`, `${D}/presets`, `${D}/story-json`];
const ASSISTANT_KINDS = ['card', 'doctor', 'lorebook', 'preset', 'translate', 'world'];

/**
 * Which rooms a folder may not reach into, by the path an import resolves to (so a re-export cannot
 * launder a banned type, and a sub-room keeps its room's walls): the layers of DESIGN.md and the
 * CONTEXT files. A room may always import its own files; a folder inside another keeps the outer
 * folder's walls too; `except` reopens a file or folder behind a wall. Type imports included.
 * (scripts/eslint-room-walls.js is the rule.)
 */
const ROOM_WALLS = [
  {
    folder: 'src/driver',
    banned: ['src/workers', 'src/app', 'src/cli', 'src/backends', 'sync-server'],
    why: 'The driver is pure logic under the worker, the backends and the CLI; it imports none of them.',
  },
  {
    folder: `${D}/doc`,
    banned: [D],
    why: 'doc/ is the story document alone: codes, no words, nothing else of the driver.',
  },
  {
    folder: `${D}/views`,
    banned: [...DRIVER_OPERATIONS, `${D}/memory`, `${D}/validation`, `${D}/prompts`],
    why: 'views/ derive from the document; memory and the model operations build on them, never the other way.',
  },
  {
    folder: `${D}/memory`,
    banned: [...DRIVER_OPERATIONS, `${D}/validation`, `${D}/prompts`],
    why: 'memory/ reads what a participant remembers from the document and the views; the operations that write it build on it.',
  },
  {
    folder: `${D}/budget`,
    banned: [...DRIVER_OPERATIONS, `${D}/validation`, `${D}/doc`],
    why: 'budget/ counts and fits text; it knows neither the document nor the operations that use it.',
  },
  ...['i18n', 'validation', 'prompts'].map((room) => ({
    folder: `${D}/${room}`,
    banned: DRIVER_OPERATIONS,
    why: 'Wording, validation and prompts serve the operations; they import none of them.',
  })),
  ...ASSISTANT_KINDS.map((kind) => ({
    folder: `${D}/assistant/${kind}`,
    banned: ASSISTANT_KINDS.filter((other) => other !== kind).map((other) => `${D}/assistant/${other}`),
    // The card-reading and translating assistants write into a world with the world assistant's tools.
    except: [`${D}/assistant/world/world-tools.ts`],
    why: 'Each assistant is a room of its own over the engine in assistant/; only registry.ts knows them all.',
  })),
  // Cards and lorebooks are read apart; a chat may read its characters' cards (a group chat's
  // companions, a chat's card found in the library).
  ...[
    { kind: 'card', banned: ['chat', 'lorebook'] },
    { kind: 'lorebook', banned: ['card', 'chat'] },
  ].map(({ kind, banned }) => ({
    folder: `${D}/import/${kind}`,
    banned: banned.map((other) => `${D}/import/${other}`),
    why: 'Cards and lorebooks are read apart, and neither reads a chat; what they share sits at the top of import/.',
  })),
  {
    folder: `${D}/import/chat`,
    banned: [`${D}/import/lorebook`],
    why: 'A chat reads its characters’ cards, never a lorebook; what it shares with them sits at the top of import/.',
  },
  {
    folder: 'src/backends',
    banned: ['src/workers', 'src/app', 'src/cli', 'sync-server'],
    why: 'Backends stand beside the driver (the worker and the CLI use them): they import src/driver only, and are given what else they need (wording, events).',
  },
  {
    folder: 'src/workers',
    banned: ['src/app', 'src/cli', 'sync-server'],
    except: ['sync-server/protocol.ts'],
    why: 'The worker serves the app through api.ts; it imports no app or CLI code, and of the sync server only its wire constants (sync-server/protocol.ts).',
  },
  {
    folder: 'src/workers/api',
    banned: ['src/workers/host'],
    why: 'api/ describes the contract; the host implements it, and the contract never depends on the implementation.',
  },
  ...['store', 'sync'].map((room) => ({
    folder: `src/workers/${room}`,
    banned: ['src/workers/host', 'src/backends'],
    // The device settings validate the backend profiles with the backends' own schema.
    except: room === 'store' ? ['src/backends/profile.ts'] : [],
    why: 'Storage and sync sit under the host: they are given to it, they do not call it (nor the backends it drives).',
  })),
  {
    folder: 'src/cli',
    banned: ['src/app', 'src/workers'],
    why: 'The CLI runs the driver with a backend from src/backends; the worker is the app’s.',
  },
  {
    folder: 'src/app',
    banned: ['src/driver', 'src/workers', 'src/backends', 'src/cli', 'sync-server'],
    except: [
      'src/workers/api.ts',
      'src/workers/driver.worker.ts',
      `${D}/i18n/translate.ts`,
      `${D}/i18n/lists.ts`,
    ],
    why: 'src/app reaches the driver and the worker only through src/workers/api.ts (types; it re-exports what the app needs), starts the worker by its entry, takes values only from driver/i18n/translate.ts and driver/i18n/lists.ts, and reaches the sync server only through the worker.',
  },
  {
    folder: 'sync-server',
    banned: ['src', 'tests', 'scripts'],
    why: 'sync-server stands alone: it imports nothing of the app, the worker or the tests.',
  },
];

/** Ordinary files over this many lines are split by concept (CONVENTIONS.md: few over 300). */
const MAX_FILE_LINES = 400;

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
      // The worker owns the documents and the driver: the UI reaches them only through workers/api.ts
      // (ROOM_WALLS above draws that wall by path). It imports no Yjs either, and imports api.ts as
      // types only, so that the one API stays the only seam.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['yjs', 'y-*'],
              message:
                'src/app holds no documents: the worker owns them, and the app reaches them through src/workers/api.ts.',
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
  {
    files: ['src/**', 'sync-server/**'],
    plugins: { local: roomWallsPlugin(import.meta.dirname, ROOM_WALLS) },
    rules: {
      'local/room-walls': 'error',
      'max-lines': ['error', { max: MAX_FILE_LINES }],
    },
  },

  // ---- The sync server stands alone (DESIGN.md "Dependencies flow one way"; its wall is in ROOM_WALLS).
  // Its wire constants live in sync-server/protocol.ts, which imports nothing, so the browser worker can
  // share them: the worker may import that file and no other of the server's; the app none of them.
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
);
