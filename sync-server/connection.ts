// One accepted WebSocket in a room: binary messages go to the room's queue, pings find dead peers,
// and closing lets go of the room. Errors are logged with the room name only.
import type { WebSocket } from 'ws';
import type { Log } from './config.ts';
import { CLOSE_CODE } from './protocol.ts';
import type { Room } from './room.ts';

export function connect(room: Room, ws: WebSocket, pingIntervalMs: number, log: Log): void {
  ws.binaryType = 'arraybuffer';
  room.attach(ws);

  let alive = true;
  const ping = setInterval(() => {
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    ws.ping();
  }, pingIntervalMs);
  ping.unref();

  ws.on('pong', () => {
    alive = true;
  });
  ws.on('message', (data, isBinary) => {
    alive = true;
    if (!isBinary) {
      ws.close(CLOSE_CODE.textMessage, 'binary messages only');
      return;
    }
    room.receive(ws, new Uint8Array(data as ArrayBuffer));
  });
  ws.on('error', (error: Error & { code?: string }) => {
    // ws closes the connection itself (CLOSE_CODE.tooLarge, 1009, for a message over maxPayload).
    log(`room "${room.name}": connection error ${error.code ?? error.name}`);
  });
  ws.on('close', () => {
    clearInterval(ping);
    room.detach(ws);
  });
}
