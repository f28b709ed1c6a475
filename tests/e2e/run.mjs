// `npm run test:e2e`: builds the app, serves dist/ through the sync server on a free local port, and
// runs every tests/e2e/*.e2e.mjs file with node's test runner against it in the system Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_MISSING, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { serveApp } from './app-server.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const E2E_DIR = fileURLToPath(new URL('./', import.meta.url));
const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
/** Builds leave a sw.js in $TMPDIR, and browser profiles go there too: keep both in the work tree. */
const TMP = fileURLToPath(new URL('../../.tmp/', import.meta.url));

if (!existsSync(CHROMIUM_PATH)) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}
mkdirSync(TMP, { recursive: true });
const env = { ...process.env, TMPDIR: TMP };

const build = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
if (build.status !== 0) {
  console.error('e2e: the build failed, no browser test ran.');
  process.exit(1);
}

// `node tests/e2e/run.mjs NAME…` runs only the files whose names contain one of the words.
const only = process.argv.slice(2);
const files = readdirSync(E2E_DIR)
  .filter((name) => name.endsWith('.e2e.mjs'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort()
  .map((name) => E2E_DIR + name);
if (files.length === 0) {
  console.error(`e2e: no *.e2e.mjs files in ${E2E_DIR}`);
  process.exit(1);
}

const served = await serveApp(ROOT + 'dist');
const runner = spawn(process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...env, RASHOMON_E2E_URL: served.url, RASHOMON_E2E_DATA: served.dataDir },
});
const code = await new Promise((resolve) =>
  runner.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
await served.close();
process.exit(code);
