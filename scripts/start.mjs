// `npm start`: builds the app if dist/ is missing or older than its sources, then runs the sync server
// (`rashomon serve`: the app, /healthz and sync on one port). Flags pass through: `npm start -- --port 9000`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
/** vite-plugin-pwa leaves a sw.js in $TMPDIR on every build: keep those inside the (ignored) work tree. */
const BUILD_TMP = join(ROOT, '.tmp');
/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCES = ['src', 'prompts', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const BUILT = join(ROOT, 'dist/index.html');

/** The latest modification time of a file, or of any file under a folder (0 when missing). */
function newest(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path, { recursive: true }).reduce(
    (latest, name) => Math.max(latest, statSync(join(path, name)).mtimeMs),
    info.mtimeMs,
  );
}

function buildIfStale() {
  const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((source) => newest(join(ROOT, source))));
  if (built > changed) return true;
  console.log(built === 0 ? 'Building the app…' : 'The app changed since the last build: building…');
  mkdirSync(BUILD_TMP, { recursive: true });
  const build = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: BUILD_TMP },
  });
  if (build.status === 0) return true;
  console.error(`The build failed (${build.signal ?? `exit code ${build.status}`}); nothing is served.`);
  return false;
}

if (!buildIfStale()) process.exit(1);
register();
const { serveCommand } = await import('../src/cli/serve-command.ts');
const { UsageError } = await import('../src/cli/usage-error.ts');
try {
  process.exitCode = await serveCommand(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError) && !e?.code?.startsWith?.('ERR_PARSE_ARGS')) throw e;
  console.error(`npm start: ${e.message}`);
  process.exitCode = 2;
}
