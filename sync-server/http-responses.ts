// Small response helpers shared by the HTTP routes and the refused WebSocket upgrade: JSON bodies,
// and a raw HTTP answer written on an upgrade socket that will never become a WebSocket.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers.ts';

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** Answers an upgrade request with a plain HTTP status and closes the socket: no WebSocket, no data. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  if (socket.destroyed) return;
  const text = JSON.stringify(body);
  socket.once('finish', () => socket.destroy());
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Cache-Control: no-store',
      '',
      text,
    ].join('\r\n'),
  );
}
