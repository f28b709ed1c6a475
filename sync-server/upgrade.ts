// WebSocket upgrades at `/sync/<room>?token=...`: the token is checked and the room is loaded from disk
// BEFORE the upgrade is accepted. A refusal is a plain HTTP answer (401 bad or missing token, also for
// a valid token of another room; 400 bad room name; 429 a room token past its own limits; 503 limits
// or shutting down) and no data at all.
//
// How a client recognises refusal: a browser WebSocket whose upgrade is refused just fails with close
// code 1006, the same as a network failure, and y-websocket retries. So on a 1006 close the client
// probes `GET /sync/<room>/access?token=...` (http-routes.ts): 401 → refused, stop retrying and tell the
// user; 200 → the server is up and the token good, keep retrying with back-off; no answer → offline.
// After an accepted upgrade the server closes with 1001 when shutting down (retry), 1009 when a message
// is over the size limit (retrying resends it: stop), 1011 on a storage failure (retry later).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { Limits, Log } from './config.ts';
import { connect } from './connection.ts';
import type { Secrets } from './data-folder.ts';
import { refuseUpgrade } from './http-responses.ts';
import { throttledLog } from './log-throttle.ts';
import { ACCESS, HTTP_STATUS, tokenScope } from './protocol.ts';
import { RoomUnavailable, type RoomRegistry } from './room-registry.ts';
import type { Room } from './room.ts';
import { routeOf, tokenParam } from './routes.ts';
import {
  OWNER,
  ReservedForNewLinks,
  ReservedForOwner,
  TokenLimitReached,
  type Holder,
} from './token-limits.ts';
import { accessFor } from './tokens.ts';

/** Why a hold was refused: the HTTP answer and the log's reason (one line per reason per interval). */
function refusal(e: unknown): { status: number; error: string; reason: string } {
  if (e instanceof TokenLimitReached)
    return { status: HTTP_STATUS.tokenLimit, error: e.message, reason: 'a link past its limits' };
  if (e instanceof ReservedForOwner || e instanceof ReservedForNewLinks || e instanceof RoomUnavailable)
    return { status: HTTP_STATUS.unavailable, error: e.message, reason: 'server full' };
  return { status: HTTP_STATUS.loadFailed, error: 'could not load the room', reason: 'could not load' };
}

export function upgradeHandler(
  wss: WebSocketServer,
  registry: RoomRegistry,
  secrets: Secrets,
  limits: Limits,
  log: Log,
) {
  const refused = throttledLog(log, limits.refusalLogIntervalMs);
  return async (request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = routeOf(url.pathname);
    if (route.kind === 'bad-room') {
      refuseUpgrade(socket, HTTP_STATUS.badRoom, { ok: false, error: 'invalid room name' });
      return;
    }
    if (route.kind !== 'sync') {
      refuseUpgrade(socket, HTTP_STATUS.notFound, { ok: false, error: 'not found' });
      return;
    }
    const access = accessFor(secrets, route.room, tokenParam(url.searchParams));
    if (!access) {
      refused('no valid token', `room "${route.room}": refused a connection without a valid token`);
      refuseUpgrade(socket, HTTP_STATUS.unauthorized, { ok: false, error: 'unauthorized' });
      return;
    }
    const holder: Holder =
      access === ACCESS.owner ? OWNER : { kind: 'room', scope: tokenScope(route.room) ?? route.room };
    let room: Room;
    try {
      room = await registry.hold(route.room, holder);
    } catch (e) {
      const { status, error, reason } = refusal(e);
      refused(reason, `room "${route.room}": refused a connection (${error})`);
      refuseUpgrade(socket, status, { ok: false, error });
      return;
    }
    const letGo = () => {
      room.release();
      registry.letGo(route.room, holder);
    };
    if (socket.destroyed) {
      letGo();
      return;
    }
    // ws answers a malformed handshake itself without calling back: let go of the room then.
    let accepted = false;
    socket.once('close', () => {
      if (!accepted) letGo();
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      accepted = true;
      ws.once('close', () => registry.letGo(route.room, holder));
      connect(room, ws, limits.pingIntervalMs, log);
    });
  };
}
