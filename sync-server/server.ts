// The sync server on one port: the app, `/healthz`, the access probe, and y-websocket rooms at
// `/sync/<room>`. `startSyncServer` resolves once it listens; `close()` flushes everything to disk.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ServerConfigSchema, type Log, type ServerConfigInput } from './config.ts';
import { openDataFolder, type DataFolder } from './data-folder.ts';
import { httpRoutes } from './http-routes.ts';
import { RoomRegistry } from './room-registry.ts';
import { RoomStore } from './room-store.ts';
import { guardSockets, serverTimeouts } from './socket-guard.ts';
import { upgradeHandler } from './upgrade.ts';

/** After asking peers to close on shutdown, how long to wait for their goodbye before cutting them off. */
const CLOSE_GRACE_MS = 1000;

export interface SyncServer {
  /** `http://host:port/` as bound (port 0 becomes the real port). */
  url: string;
  host: string;
  port: number;
  data: DataFolder;
  /** Stops accepting, closes every connection, writes and compacts every room, closes the database. */
  close(): Promise<void>;
}

const defaultLog: Log = (line) => console.error(`rashomon serve: ${line}`);

export async function startSyncServer(
  options: ServerConfigInput,
  log: Log = defaultLog,
): Promise<SyncServer> {
  const config = ServerConfigSchema.parse(options);
  const data = await openDataFolder(config.dataDir);
  const store = await RoomStore.open(data.leveldbDir);
  const registry = new RoomRegistry(store, config.limits, log);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: config.limits.maxMessageBytes,
    perMessageDeflate: false,
  });
  const http = createServer(
    serverTimeouts(config.limits),
    httpRoutes(registry, data.secrets, config.staticRoot),
  );
  guardSockets(http, wss, config.limits);
  http.on('upgrade', upgradeHandler(wss, registry, data.secrets, config.limits, log));

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.port, config.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  const { port } = http.address() as AddressInfo;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise((resolve) => http.close(resolve));
      http.closeIdleConnections();
      await registry.shutdown();
      await waitForClients(wss);
      http.closeAllConnections();
      await stopped;
      await store.close();
    })());

  return { url: `http://${shownHost}:${port}/`, host: config.host, port, data, close };
}

async function waitForClients(wss: WebSocketServer): Promise<void> {
  const deadline = Date.now() + CLOSE_GRACE_MS;
  while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const ws of wss.clients) ws.terminate();
}
