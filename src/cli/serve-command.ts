// `rashomon serve`: runs the sync server (the app, /healthz, rooms at /sync/<room>) until SIGINT or
// SIGTERM, then writes everything to disk and exits. Prints the URL, a pairing link, and its QR code.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import qrcode from 'qrcode-terminal';
import { pairingUrl, reachableHosts } from '../../sync-server/pairing.ts';
import { StoreOpenError } from '../../sync-server/room-store.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { serveOptions, type ServeOptions } from './serve-options.ts';
import { UsageError } from './usage-error.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export async function serveCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { host: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' } },
  });
  const options = serveOptions(values, env);
  const server = await startSyncServer({
    host: options.host,
    port: options.port,
    dataDir: options.dataDir,
    staticRoot: DIST,
  }).catch((e: unknown) => {
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
  await server.close();
  return 0;
}

/** Start-up problems the user can fix, as one line; anything else stays an error with its stack. */
function startFailure(e: unknown, { host, port }: ServeOptions): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} on ${host} is in use: try --port`);
  if (code === 'EACCES') return new UsageError(`no permission to listen on ${host}:${port}`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UsageError(`cannot listen on host ${host}`);
  if (e instanceof StoreOpenError) return new UsageError(e.message);
  return e;
}

function printBanner(server: SyncServer): void {
  const [first, ...others] = reachableHosts(server.host).map(
    (host) => `http://${host.includes(':') ? `[${host}]` : host}:${server.port}/`,
  );
  const url = first ?? server.url;
  const pairing = pairingUrl(url, server.data.secrets.ownerToken);
  console.log(`Rashomon is running at ${url}`);
  for (const other of others) console.log(`  also at ${other}`);
  console.log(`Pair a device (this link carries the owner token): ${pairing}`);
  if (process.stdout.isTTY) qrcode.generate(pairing, { small: true }, (code) => console.log(code));
  if (server.host === '127.0.0.1' || server.host === 'localhost')
    console.log('Only this computer can connect. To sync a phone on your network: --host 0.0.0.0');
  console.log(`Data folder: ${server.data.dir}`);
}
