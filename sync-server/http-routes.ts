// Plain HTTP requests: `/healthz` (counts for the owner token only), the access probe `/sync/<room>/access?token=`, and the app.
// The probe lets a client tell "refused" from "offline", which a failed WebSocket cannot (upgrade.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Secrets } from './data-folder.ts';
import { sendJson } from './http-responses.ts';
import { HTTP_STATUS } from './protocol.ts';
import type { RoomRegistry } from './room-registry.ts';
import { routeOf, tokenParam } from './routes.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { staticFiles } from './static-files.ts';
import { accessFor, isOwnerToken } from './tokens.ts';

/** The app may be served from elsewhere (a dev server, another host) and still probe this server. */
const ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' };

export function httpRoutes(registry: RoomRegistry, secrets: Secrets, staticRoot: string | null) {
  const serveApp = staticRoot === null ? null : staticFiles(staticRoot);
  return (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = routeOf(url.pathname);
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    if (route.kind !== 'app' && !readOnly) {
      sendJson(
        response,
        HTTP_STATUS.methodNotAllowed,
        { ok: false, error: 'method not allowed' },
        { Allow: 'GET, HEAD' },
      );
      return;
    }
    switch (route.kind) {
      case 'healthz':
        // Up or not is anyone's to know; how busy it is, only the owner's (and no other site's).
        sendJson(
          response,
          HTTP_STATUS.granted,
          isOwnerToken(secrets, tokenParam(url.searchParams))
            ? { ok: true, rooms: registry.roomCount, connections: registry.connectionCount }
            : { ok: true },
        );
        return;
      case 'access': {
        const access = accessFor(secrets, route.room, tokenParam(url.searchParams));
        if (access)
          sendJson(response, HTTP_STATUS.granted, { ok: true, room: route.room, access }, ANY_ORIGIN);
        else sendJson(response, HTTP_STATUS.unauthorized, { ok: false, error: 'unauthorized' }, ANY_ORIGIN);
        return;
      }
      case 'sync':
        sendJson(
          response,
          HTTP_STATUS.upgradeRequired,
          { ok: false, error: 'WebSocket upgrade required' },
          { Upgrade: 'websocket' },
        );
        return;
      case 'bad-room':
        sendJson(response, HTTP_STATUS.badRoom, {
          ok: false,
          error: 'room names are 1-128 of A-Z a-z 0-9 _ -',
        });
        return;
      case 'sync-not-found':
        sendJson(response, HTTP_STATUS.notFound, { ok: false, error: 'not found' });
        return;
      case 'app':
        if (serveApp) {
          serveApp(request, response, url.pathname).catch(() => response.destroy());
          return;
        }
        response.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Not found\n');
    }
  };
}
