// The sync server's limits, each with the reason for its number. Tests shrink some of them through
// the server options; these are the defaults `rashomon serve` runs with. The message size limit is
// part of the protocol, since clients must keep under it: MAX_MESSAGE_BYTES in protocol.ts.

/**
 * Rooms (Yjs documents) held in memory at once. Each holds a whole story; at a few MB each, 64 stays
 * well inside a small machine's memory. Idle rooms are unloaded first; if every room is in use, a new
 * one is refused with 503 until one frees up.
 */
export const MAX_ROOMS_IN_MEMORY = 64;

/**
 * Connections to one room. A person's devices plus a few collaborators are under ten; 32 leaves room
 * and stops one room's broadcast fan-out from starving the others.
 */
export const MAX_CONNECTIONS_PER_ROOM = 32;

/**
 * Rooms one room token (a shared story's link) may have open at once: its story's room and the segment
 * rooms its devices are syncing. A device keeps the root, the leaf's segment and the one below, and
 * fetches older ones one at a time (SC3): about four; 16 lets several of the friend's devices read
 * different parts at once. A link can name a million segment rooms (`<story>~0` to `~999999`); this is
 * what keeps it from filling the server.
 */
export const MAX_ROOMS_PER_ROOM_TOKEN = 16;

/** Connections one room token may have open at once, over all its rooms: a friend's few devices, each with a few rooms. */
export const MAX_CONNECTIONS_PER_ROOM_TOKEN = 32;

/**
 * Rooms in memory that room tokens can never take: kept for the owner's devices, so however many links
 * are busy, the owner can always open the library, a story and its segments.
 */
export const ROOMS_RESERVED_FOR_OWNER = 4;

/**
 * Rooms in memory that links already playing (holding `ROOMS_TO_PLAY` rooms) can never take: kept so a
 * link that comes later can still start, however many busy links hold their full share (SV16). Eight
 * lets two new links each open what one device needs to play.
 */
export const ROOMS_KEPT_FOR_NEW_LINKS = 8;

/**
 * What one device needs of a segmented story to show and continue it: the story's room, the leaf's
 * segment and the one below (older segments are fetched in the background, SC3). A link holding fewer
 * is still starting, and may use the rooms kept for new links.
 */
export const ROOMS_TO_PLAY = 3;

/** Connections of each room that its link can never take: kept for the owner's devices in that story. */
export const CONNECTIONS_RESERVED_FOR_OWNER = 4;

/**
 * A refused connection is logged once per reason in this interval, then one line counts the others:
 * a client retrying with a bad token, or a link past its limits, cannot fill the log.
 */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * How long a room stays in memory after its last connection closes. Long enough that a phone that
 * drops off Wi-Fi for a moment comes back to a loaded room; short enough that memory is given back.
 */
export const ROOM_IDLE_UNLOAD_MS = 60_000;

/**
 * Stored updates after which a room is compacted into one. y-leveldb itself compacts past 500 on
 * load; compacting during a long session keeps start-up reads short too.
 */
export const COMPACT_AFTER_UPDATES = 500;

/** Interval of WebSocket pings; a connection that missed the previous pong is dropped. */
export const PING_INTERVAL_MS = 30_000;

/**
 * Messages from one connection waiting in its room's queue before the server stops reading that
 * socket (TCP back-pressure does the rest): a fast client cannot grow the queue without bound.
 */
export const MAX_QUEUED_MESSAGES_PER_CONNECTION = 64;

/**
 * Sockets that have not authenticated: connected but not (yet) a WebSocket, with no request being
 * answered (just connected, sending a request, or idle between keep-alive requests). Each holds a
 * file descriptor, and a small service may have only 128: past this many the oldest is closed, so a
 * crowd of idle connections cannot lock out `/healthz` or a new client. A browser opens about six
 * per device; 64 leaves room for several devices at once and the database's and clients' files.
 */
export const MAX_UNAUTHENTICATED_SOCKETS = 64;

/**
 * Time for a request's line and headers to arrive. A browser sends them in one packet, so even a
 * slow phone link needs well under a second; past this the socket gets a 408 and is closed (node's
 * own default of 60 s, checked every 30 s, let half-sent requests hold a socket for ~90 s).
 */
export const HEADERS_TIMEOUT_MS = 10_000;

/** Time for a whole request to arrive. The server takes GET and HEAD only, so this is rarely more than the headers. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How often node checks the two timeouts above: a socket overstays them by at most this. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Time from a WebSocket upgrade request to the accepted WebSocket, the room's load from disk
 * included (usually milliseconds). Node no longer watches a socket once it asks to upgrade, so
 * without this an upgrade whose room never loads would hold its socket for good.
 */
export const UPGRADE_TIMEOUT_MS = 10_000;

/**
 * Messages one connection may send per second, sustained, and in a burst. Typing, a streamed model
 * reply and presence stay far below (tens a second); a connection past it is slowed, not closed: its
 * socket is read again once the bucket refills, so a fast but honest client loses nothing and a flood
 * cannot outrun the disk or starve the room's other connections.
 */
export const MESSAGES_PER_SECOND = 200;
export const MESSAGE_BURST = 1000;

/**
 * Updates waiting in a room's queue are applied and written as one LevelDB update (merged) of at most
 * about this many bytes of messages: one disk write for many small updates, still before any is relayed.
 */
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * How long SIGINT/SIGTERM may take: stop accepting, close sockets, drain and compact rooms. Past it the
 * server logs, room by room, how many received updates it did not store (never relayed: their senders
 * still hold them) and exits. Short enough for a service manager's stop timeout (systemd waits 90 s).
 */
export const SHUTDOWN_DEADLINE_MS = 5000;

/**
 * After a failed write the database is closed and opened again (a LevelDB handle that failed a write
 * may have left a torn record in its log, which a crash would turn into lost updates). Opening needs
 * some free space: it is tried this many times, this far apart, before the server exits non-zero.
 */
export const STORE_REOPEN_ATTEMPTS = 10;
export const STORE_REOPEN_INTERVAL_MS = 1000;
