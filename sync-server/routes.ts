// The sync server's URL space and its query parameters, checked with zod: `/sync/<room>` (WebSocket),
// `/sync/<room>/access` (the access probe), `/healthz`; anything else is the app. The spellings are
// the protocol's (protocol.ts).
import { z } from 'zod';
import {
  ACCESS_SEGMENT,
  HEALTHZ_PATH,
  MAX_TOKEN_LENGTH,
  ROOM_NAME,
  SYNC_PATH,
  TOKEN_PARAM,
  tokenScope,
} from './protocol.ts';

export const RoomNameSchema = z
  .string()
  .regex(ROOM_NAME, 'a room name is 1-128 characters of A-Z a-z 0-9 _ -');
/** A room the server keeps: a room name, or a story's segment room `<story>~<n>` (`tokenScope`). */
const SyncRoomSchema = z
  .string()
  .refine((room) => tokenScope(room) !== null, 'a room is a room name, or <story>~<n> for a segment');
const TokenSchema = z.string().min(1).max(MAX_TOKEN_LENGTH);

export type Route =
  | { kind: 'sync'; room: string }
  | { kind: 'access'; room: string }
  | { kind: 'bad-room' }
  | { kind: 'sync-not-found' }
  | { kind: 'healthz' }
  | { kind: 'app' };

export function routeOf(pathname: string): Route {
  if (pathname === HEALTHZ_PATH) return { kind: 'healthz' };
  if (pathname !== SYNC_PATH && !pathname.startsWith(`${SYNC_PATH}/`)) return { kind: 'app' };
  const parts = pathname.slice(SYNC_PATH.length).split('/').slice(1);
  const room = SyncRoomSchema.safeParse(parts[0]);
  if (!room.success) return { kind: 'bad-room' };
  if (parts.length === 1) return { kind: 'sync', room: room.data };
  if (parts.length === 2 && parts[1] === ACCESS_SEGMENT) return { kind: 'access', room: room.data };
  return { kind: 'sync-not-found' };
}

/** The token query parameter, or null when it is missing, repeated or malformed. */
export function tokenParam(params: URLSearchParams): string | null {
  const all = params.getAll(TOKEN_PARAM);
  if (all.length !== 1) return null;
  const parsed = TokenSchema.safeParse(all[0]);
  return parsed.success ? parsed.data : null;
}
