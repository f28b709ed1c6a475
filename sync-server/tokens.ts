// Tokens: the owner token opens every room; a room token is an HMAC of the room name, so it opens
// that room only and needs no database. Compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Secrets } from './data-folder.ts';
import { ACCESS, tokenScope, type Access } from './protocol.ts';

/** Bumping the version invalidates every room token handed out before. */
const ROOM_TOKEN_CONTEXT = 'rashomon room token v1\0';

export function roomToken(roomSecret: Buffer, room: string): string {
  return createHmac('sha256', roomSecret)
    .update(ROOM_TOKEN_CONTEXT + room)
    .digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The owner token: it opens every room, and `/healthz`'s counts. */
export function isOwnerToken(secrets: Secrets, token: string | null): boolean {
  return token !== null && same(token, secrets.ownerToken);
}

/**
 * What `token` opens in `room`, or null when it opens nothing there. A story's room token opens its
 * segment rooms too (checked against the story: `tokenScope`), so links handed out before segments
 * existed keep working, and another story's segments are another scope.
 */
export function accessFor(secrets: Secrets, room: string, token: string | null): Access | null {
  const scope = tokenScope(room);
  if (scope === null || token === null) return null;
  if (isOwnerToken(secrets, token)) return ACCESS.owner;
  if (same(token, roomToken(secrets.roomSecret, scope))) return ACCESS.room;
  return null;
}
