// The sync server's URL space and its query parameters, checked with zod: `/sync/<room>` (WebSocket),
// `/sync/<room>/access` (the access probe), `/healthz`; anything else is the app.
import { z } from 'zod';

export const RoomNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'a room name is 1-128 characters of A-Z a-z 0-9 _ -');
/** Tokens are 43 characters today; the bound only keeps junk out of the HMAC and the comparison. */
const TokenSchema = z.string().min(1).max(256);

export type Route =
  | { kind: 'sync'; room: string }
  | { kind: 'access'; room: string }
  | { kind: 'bad-room' }
  | { kind: 'sync-not-found' }
  | { kind: 'healthz' }
  | { kind: 'app' };

export function routeOf(pathname: string): Route {
  if (pathname === '/healthz') return { kind: 'healthz' };
  if (pathname !== '/sync' && !pathname.startsWith('/sync/')) return { kind: 'app' };
  const parts = pathname.split('/').slice(2);
  const room = RoomNameSchema.safeParse(parts[0]);
  if (!room.success) return { kind: 'bad-room' };
  if (parts.length === 1) return { kind: 'sync', room: room.data };
  if (parts.length === 2 && parts[1] === 'access') return { kind: 'access', room: room.data };
  return { kind: 'sync-not-found' };
}

/** The `token` query parameter, or null when it is missing, repeated or malformed. */
export function tokenParam(params: URLSearchParams): string | null {
  const all = params.getAll('token');
  if (all.length !== 1) return null;
  const parsed = TokenSchema.safeParse(all[0]);
  return parsed.success ? parsed.data : null;
}
