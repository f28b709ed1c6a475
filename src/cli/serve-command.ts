// `rashomon serve`: runs the sync server (the app, /healthz, rooms at /sync/<room>) until SIGINT or
// SIGTERM, then writes everything to disk and exits. Prints the URL and, when other devices can
// reach it, how to pair them (start-banner.ts).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import qrcode from 'qrcode-terminal';
import { DataFolderError } from '../../sync-server/data-folder.ts';
import { StoreOpenError } from '../../sync-server/room-store.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { serveOptions, type ServeOptions } from './serve-options.ts';
import { startBanner } from './start-banner.ts';
import { UsageError } from './usage-error.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** The database failed a write and could not be reopened. */
const EXIT_STORE_LOST = 1;

export async function serveCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { host: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' } },
  });
  const options = serveOptions(values, env);
  const server = await startSyncServer(
    { host: options.host, port: options.port, dataDir: options.dataDir, staticRoot: DIST },
    undefined,
    // The server logged why; a supervisor restarting it on a fixed disk is the way back.
    { onStoreLost: () => process.exit(EXIT_STORE_LOST) },
  ).catch((e: unknown) => {
    throw startFailure(e, options);
  });
  printBanner(server);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  // A second Ctrl-C means "now": skip the flush.
  process.once(signal, () => process.exit(130));
  console.error(`rashomon serve: ${signal}: writing every room to disk, then stopping`);
  const report = await server.close();
  // Past the deadline some work is abandoned (and keeps handles open): nothing it left was relayed.
  if (!report.complete) process.exit(0);
  return 0;
}

/** Start-up problems the user can fix, as one line; anything else stays an error with its stack. */
function startFailure(e: unknown, { host, port }: ServeOptions): unknown {
  if (e instanceof DataFolderError || e instanceof StoreOpenError) return new UsageError(e.message);
  const { code, syscall } = e as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} on ${host} is in use: try --port`);
  if (code === 'EACCES' && syscall === 'listen')
    return new UsageError(`no permission to listen on ${host}:${port}`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UsageError(`cannot listen on host ${host}`);
  return e;
}

function printBanner(server: SyncServer): void {
  const banner = startBanner({
    host: server.host,
    port: server.port,
    url: server.url,
    ownerToken: server.data.secrets.ownerToken,
    dataDir: server.data.dir,
    terminal: process.stdout.isTTY === true,
  });
  for (const line of banner.lines) console.log(line);
  if (banner.pairing) qrcode.generate(banner.pairing, { small: true }, (code) => console.log(code));
}
