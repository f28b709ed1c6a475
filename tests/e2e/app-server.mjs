// Serves a built app for the end-to-end tests through the real sync server (its caching headers and
// CSP included), on 127.0.0.1 and a free port, with a throwaway data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { startSyncServer } = await import('../../sync-server/server.ts');

/** Starts serving `staticRoot`; `close()` stops the server and deletes its data folder. */
export async function serveApp(staticRoot) {
  const dataDir = await mkdtemp(join(tmpdir(), 'rashomon-e2e-data-'));
  const server = await startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot }, () => {});
  return {
    url: server.url,
    ownerToken: server.data.secrets.ownerToken,
    /** The data folder, so a test can ask the CLI for tokens (`rashomon token --data DIR`). */
    dataDir,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
