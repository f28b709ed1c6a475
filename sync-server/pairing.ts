// The pairing link a device opens: `http://HOST:PORT/#pair=<base64url JSON {server, token, room?}>`.
// Without `room` it carries the owner token (pair a device for everything); with `room` a room token
// (join that one shared story). The app reads the fragment (never sent to any server) into its sync
// settings. Also: the addresses a server bound to every interface can be reached at.
import { networkInterfaces } from 'node:os';
import { z } from 'zod';
import { PAIRING_FRAGMENT } from './protocol.ts';
import { RoomNameSchema } from './routes.ts';

export const PairingSchema = z.object({
  /** The server's origin, e.g. `http://192.168.1.20:8787`; rooms are at `ws://…/sync/<room>`. */
  server: z.url(),
  token: z.string().min(1),
  /** A story's room: the token opens that room only, and the link joins that story only. */
  room: RoomNameSchema.optional(),
});
export type Pairing = z.infer<typeof PairingSchema>;

export function pairingUrl(baseUrl: string, token: string, room?: string): string {
  const server = new URL(baseUrl).origin;
  const pairing: Pairing = room === undefined ? { server, token } : { server, token, room };
  const payload = Buffer.from(JSON.stringify(pairing)).toString('base64url');
  return `${server}/${PAIRING_FRAGMENT}${payload}`;
}

/** The address a server started with these options is reached at (the first one serve prints). */
export function serverAddress(host: string, port: number): string {
  const first = reachableHosts(host)[0] ?? host;
  return `http://${first.includes(':') ? `[${first}]` : first}:${port}/`;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Addresses to show for a bound host: a wildcard host becomes this machine's LAN IPv4 addresses
 * (what a phone on the same network can reach), or loopback when there are none.
 */
export function reachableHosts(host: string): string[] {
  if (!WILDCARD_HOSTS.has(host)) return [host];
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && info.family === 'IPv4' && !info.internal)
    .map((info) => info!.address);
  return lan.length > 0 ? lan : ['127.0.0.1'];
}
