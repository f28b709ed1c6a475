// `npm start`: builds the app with vite, then serves dist/ on HOST:PORT (default 127.0.0.1:8787).
// Always builds: a build takes seconds, and a stale dist/ would be a confusing way to fail.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './serve-static.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const VITE = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
/** vite-plugin-pwa leaves a sw.js in $TMPDIR on every build: keep those inside the (ignored) work tree. */
const BUILD_TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));

mkdirSync(BUILD_TMP, { recursive: true });
const build = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: BUILD_TMP },
});
if (build.status !== 0) {
  console.error(`The build failed (${build.signal ?? `exit code ${build.status}`}); nothing is served.`);
  process.exit(1);
}

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8787);
const { server, url } = await serveStatic(fileURLToPath(new URL('../dist/', import.meta.url)), {
  host,
  port,
});
console.log(`Rashomon is running at ${url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
