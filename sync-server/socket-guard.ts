// Sockets that have not authenticated are the cheap way to take the server down: each holds a file
// descriptor while sending nothing. They are capped (the oldest closed first, so newcomers still get
// in), and an upgrade that has not become a WebSocket in time is closed. Node's own timeouts close a
// socket whose request headers are late (serverTimeouts, passed to createServer).
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { Limits } from './config.ts';
import { REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from './limits.ts';

/** Node's request timeouts, checked often enough that a late socket goes within a second of its time. */
export function serverTimeouts(limits: Limits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, limits.headersTimeoutMs),
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}

export function guardSockets(http: Server, wss: WebSocketServer, limits: Limits): void {
  // A Set iterates in insertion order: its first socket is the one waiting longest.
  const waiting = new Set<Socket>();
  const upgrading = new Map<Duplex, NodeJS.Timeout>();

  const wait = (socket: Socket) => {
    if (socket.destroyed) return;
    waiting.delete(socket);
    for (const oldest of waiting) {
      if (waiting.size < limits.maxUnauthenticatedSockets) break;
      waiting.delete(oldest);
      oldest.destroy();
    }
    waiting.add(socket);
  };

  http.on('connection', (socket: Socket) => {
    wait(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  http.on('request', ({ socket }, response) => {
    waiting.delete(socket);
    // Answered: idle until its next keep-alive request, which node times out too.
    response.once('close', () => wait(socket));
  });
  // The upgrade handler checks the token at once (refusing with 401), then loads the room: from here
  // the socket is authenticated, and only the room load stands between it and a WebSocket.
  http.on('upgrade', ({ socket }) => {
    waiting.delete(socket);
    // Unref'd: a pending upgrade never keeps a stopping process alive.
    upgrading.set(socket, setTimeout(() => socket.destroy(), limits.upgradeTimeoutMs).unref());
    socket.once('close', () => settle(socket));
  });
  const settle = (socket: Duplex) => {
    clearTimeout(upgrading.get(socket));
    upgrading.delete(socket);
  };
  // ws emits 'headers' just before it writes the 101: the socket is a WebSocket now.
  wss.on('headers', (_headers, request) => settle(request.socket));
}
