// The sync wire protocol, spelled once for both ends: the server (sync-server/) and the browser worker's
// client (src/workers/sync/) import it. Room names, the URL space and token parameter, the answers a
// client acts on (HTTP statuses, close codes), message types and the message size limit. It imports
// nothing (no Node API, no yjs, no zod), so a browser worker can load it as it is. Rules: SPEC.md.

/** The owner's library document: its room, and its Y.Doc guid. Every other room is a story id. */
export const LIBRARY_ROOM = 'library';

/**
 * A room name: what a story id may be, and safe both as one URL path segment and as a LevelDB key.
 * (Device settings and the app's link reader spell it again; tests keep them the same.)
 */
export const ROOM_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A segment room of a segmented story: `<storyId>~<n>`, n without leading zeros (one spelling per
 * segment). `~` is in no story id, so no story's room is another's segment, and it is safe in a URL
 * path segment and a LevelDB key. (src/driver/doc/segment-key.ts spells the same guid.)
 */
export const SEGMENT_ROOM = /^([A-Za-z0-9_-]{1,128})~(0|[1-9][0-9]{0,5})$/;

/**
 * The room a token is checked against: a segment room's story, or the room itself; null when it is
 * not a room (the library has no segments, so `library~n` is none).
 */
export function tokenScope(room: string): string | null {
  if (ROOM_NAME.test(room)) return room;
  const story = SEGMENT_ROOM.exec(room)?.[1];
  return story === undefined || story === LIBRARY_ROOM ? null : story;
}

/** Rooms are at `/sync/<room>` (WebSocket) and `/sync/<room>/access` (the access probe). */
export const SYNC_PATH = '/sync';
export const ACCESS_SEGMENT = 'access';
export const HEALTHZ_PATH = '/healthz';
/** The access probe's path for a room (the room encoded as one path segment). */
export const accessPath = (room: string) => `${SYNC_PATH}/${encodeURIComponent(room)}/${ACCESS_SEGMENT}`;

/** The query parameter that carries the token, on the upgrade and on the probe; given exactly once. */
export const TOKEN_PARAM = 'token';
/** Tokens are 43 characters today; the bound only keeps junk out of the HMAC and the comparison. */
export const MAX_TOKEN_LENGTH = 256;

/** What a token opens: every room (the owner's), or one room (a collaborator's). */
export const ACCESS = { owner: 'owner', room: 'room' } as const;
export type Access = (typeof ACCESS)[keyof typeof ACCESS];

/**
 * HTTP answers of the sync routes. A refused upgrade reaches a browser only as close 1006, so the
 * client asks the probe: `unauthorized`, `badRoom` and `notFound` cannot change by retrying (stop);
 * `unavailable` (limits, shutting down) and `tokenLimit` (a link's own limits) can.
 */
export const HTTP_STATUS = {
  granted: 200,
  badRoom: 400,
  unauthorized: 401,
  notFound: 404,
  methodNotAllowed: 405,
  upgradeRequired: 426,
  loadFailed: 500,
  unavailable: 503,
  /** A room token past its own limits (rooms or connections open): its other rooms carry on. */
  tokenLimit: 429,
} as const;
export type HttpStatus = (typeof HTTP_STATUS)[keyof typeof HTTP_STATUS];

/** Close codes after an accepted upgrade, and what a client does on each. */
export const CLOSE_CODE = {
  /** The server is shutting down: reconnect. */
  shuttingDown: 1001,
  /** A text message: binary only (a client bug). */
  textMessage: 1003,
  /** Not y-websocket (a client bug); the room carries on. */
  malformed: 1007,
  /** A message over the size limit: retrying would send it again, so stop. */
  tooLarge: 1009,
  /** Writing to disk failed: reconnect later; the client still holds its edits. */
  storageFailure: 1011,
} as const;
export type CloseCode = (typeof CLOSE_CODE)[keyof typeof CLOSE_CODE];

/**
 * The first varint of every y-websocket message (y-protocols' sync and awareness, and y-websocket's
 * request for everyone's awareness). Any other type is malformed: the sender is closed with 1007.
 */
export const MESSAGE_TYPE = { sync: 0, awareness: 1, queryAwareness: 3 } as const;
export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

/**
 * The default largest message (bigger ones close the connection with 1009). A device's first sync
 * uploads its whole story in one message; a story of 10,000 turns with several point-of-view variants
 * each is tens of MB of Yjs data, so 16 MiB would refuse real stories. 64 MiB holds that with headroom,
 * and still bounds what one message can make the server buffer. A server may run with another limit.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The pairing link's fragment, `#pair=<base64url JSON {server, token, room?}>`: never sent to a server. */
export const PAIRING_FRAGMENT = '#pair=';
