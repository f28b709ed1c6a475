// Where a device syncs: the server's http(s) address and a token, from device settings. The library is
// room 'library' (a server belongs to one owner, whose token opens every room, so every paired device
// shares one library); each story is the room named by its id. URLs for both the WebSocket and the
// access probe are derived here.
import { z } from 'zod';

export const syncTargetSchema = z.object({
  serverURL: z.url({ protocol: /^https?$/, error: 'the server address starts with http:// or https://' }),
  token: z.string().trim().min(1, 'a token is needed'),
});
export type SyncTarget = z.infer<typeof syncTargetSchema>;

/** The library document's room (and guid): one library per server, shared by the owner's devices. */
export const LIBRARY_ROOM = 'library';

/** What the server accepts as a room name (sync-server/routes.ts). */
export const ROOM_NAME = /^[A-Za-z0-9_-]{1,128}$/;

const base = (target: SyncTarget) => target.serverURL.replace(/\/+$/, '');

/** The y-websocket server URL: the provider appends `/<room>?token=…`. */
export const websocketBase = (target: SyncTarget) => base(target).replace(/^http/, 'ws') + '/sync';

export const accessProbeUrl = (target: SyncTarget, room: string) =>
  `${base(target)}/sync/${encodeURIComponent(room)}/access?token=${encodeURIComponent(target.token)}`;

/** The server's address as people read it (no path, no token). */
export function serverLabel(target: SyncTarget): string {
  try {
    return new URL(target.serverURL).host;
  } catch {
    return target.serverURL;
  }
}

export const sameTarget = (a: SyncTarget | undefined, b: SyncTarget | undefined) =>
  a?.serverURL === b?.serverURL && a?.token === b?.token;
