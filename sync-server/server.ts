// The sync server on one port: the app, `/healthz`, the access probe, and y-websocket rooms at
// `/sync/<room>`. `startSyncServer` resolves once it listens; `close()` flushes everything to disk.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ServerConfigSchema, type Log, type ServerConfigInput } from './config.ts';
import { openDataFolder, type DataFolder } from './data-folder.ts';
import { httpRoutes } from './http-routes.ts';
import { reopeningStore } from './reopening-store.ts';
import { RoomRegistry, type Unstored } from './room-registry.ts';
import { LeveldbRoomStore, type OpenRoomStore } from './room-store.ts';
import { guardSockets, serverTimeouts } from './socket-guard.ts';
import { upgradeHandler } from './upgrade.ts';

/** After asking peers to close on shutdown, how long to wait for their goodbye before cutting them off. */
const CLOSE_GRACE_MS = 1000;
/** The share of the shutdown deadline for draining rooms; the rest is for goodbyes and the database. */
const DRAIN_SHARE = 0.6;

/** What a shutdown did: `complete` unless the deadline passed with work left (then exit the process). */
export interface ShutdownReport {
  complete: boolean;
  unstored: Unstored[];
}

/** Seams for tests, and what `rashomon serve` does when nothing more can be stored. */
export interface ServerHooks {
  openStore?: OpenRoomStore;
  /** The database failed a write and could not be opened again (default: keep running, refusing). */
  onStoreLost?: (error: Error) => void;
}

export interface SyncServer {
  /** `http://host:port/` as bound (port 0 becomes the real port). */
  url: string;
  host: string;
  port: number;
  data: DataFolder;
  /**
   * Stops accepting, closes every connection, writes and compacts every room, closes the database;
   * resolves by the shutdown deadline, logging what it could not store.
   */
  close(): Promise<ShutdownReport>;
}

const defaultLog: Log = (line) => console.error(`rashomon serve: ${line}`);

export async function startSyncServer(
  options: ServerConfigInput,
  log: Log = defaultLog,
  hooks: ServerHooks = {},
): Promise<SyncServer> {
  const config = ServerConfigSchema.parse(options);
  const data = await openDataFolder(config.dataDir);
  const open = () => (hooks.openStore ?? LeveldbRoomStore.open)(data.leveldbDir);
  const store = reopeningStore(await open(), open, {
    attempts: config.limits.storeReopenAttempts,
    intervalMs: config.limits.storeReopenIntervalMs,
    log,
    lost: (error) => {
      log(
        `stopping: the database failed a write and could not be reopened (${error.message}); ` +
          `nothing more can be stored: free disk space in ${data.dir}, then start the server again`,
      );
      hooks.onStoreLost?.(error);
    },
  });
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

  let closing: Promise<ShutdownReport> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const began = Date.now();
      const deadline = began + config.limits.shutdownMs;
      const stopped = new Promise((resolve) => http.close(resolve));
      http.closeIdleConnections();
      const unstored = await registry.shutdown(began + config.limits.shutdownMs * DRAIN_SHARE);
      for (const { room, updates } of unstored)
        log(
          `room "${room}": ${updates} received updates not stored by the shutdown deadline (never relayed)`,
        );
      await waitForClients(wss, Math.min(deadline, Date.now() + CLOSE_GRACE_MS));
      http.closeAllConnections();
      await stopped;
      const closed = await Promise.race([
        store.close().then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) =>
          setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref(),
        ),
      ]);
      if (!closed) log('the database did not close by the shutdown deadline');
      log(`stopped in ${Date.now() - began} ms`);
      return { complete: closed && unstored.length === 0, unstored };
    })());
  return { url: `http://${shownHost}:${port}/`, host: config.host, port, data, close };
}

async function waitForClients(wss: WebSocketServer, deadline: number): Promise<void> {
  while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const ws of wss.clients) ws.terminate();
}
