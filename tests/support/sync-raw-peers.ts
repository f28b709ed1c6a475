// Raw WebSocket peers for sync-server tests, below y-websocket: a recorder that keeps exactly what the
// server sent it and never sends a document back (so it cannot repair the server), and a flooder that
// sends many small updates as fast as the socket takes them.
import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { updateMessage } from '../../sync-server/messages.ts';
import { MESSAGE_TYPE } from '../../sync-server/protocol.ts';

const RECONNECT_MS = 100;

export const roomSocketUrl = (baseUrl: string, room: string, token: string) =>
  `${baseUrl.replace(/^http/, 'ws')}sync/${room}?token=${encodeURIComponent(token)}`;

/** Asks for everything (an empty state vector) on each connection and applies what comes back. */
export function recorder(url: string) {
  const doc = new Y.Doc();
  let ws: WebSocket | null = null;
  let stopped = false;
  const closes: number[] = [];
  const open = () => {
    const socket = new WebSocket(url);
    ws = socket;
    socket.binaryType = 'arraybuffer';
    socket.on('open', () => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_TYPE.sync);
      syncProtocol.writeSyncStep1(encoder, new Y.Doc());
      socket.send(encoding.toUint8Array(encoder));
    });
    socket.on('message', (data: ArrayBuffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarUint(decoder) !== MESSAGE_TYPE.sync) return;
      const kind = decoding.readVarUint(decoder);
      if (kind === syncProtocol.messageYjsSyncStep1) return; // never answer: it would repair the server
      Y.applyUpdate(doc, decoding.readVarUint8Array(decoder));
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      closes.push(code);
      if (!stopped) setTimeout(open, RECONNECT_MS);
    });
  };
  open();
  return {
    doc,
    closes,
    stop() {
      stopped = true;
      ws?.terminate();
    },
  };
}

/** `count` one-character insertions of one document, each its own update (as typing makes them). */
export function smallUpdates(count: number, doc = new Y.Doc()): Uint8Array[] {
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  const text = doc.getText('t');
  for (let i = 0; i < count; i++) text.insert(text.length, String.fromCharCode(97 + (i % 26)));
  return updates;
}

/** Opens a socket and sends every update as its own message; resolves once all are handed to ws. */
export function flood(url: string, updates: Uint8Array[]) {
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  const sent = new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      for (const update of updates) ws.send(updateMessage(update));
      resolve();
    });
    ws.once('unexpected-response', () => reject(new Error('the flood was refused')));
  });
  return { ws, sent, stop: () => ws.terminate() };
}

/** True when `holder` has every item `observed` has (insert-only documents). */
export function holdsAll(holder: Y.Doc, observed: Y.Doc): boolean {
  const have = Y.decodeStateVector(Y.encodeStateVector(holder));
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(observed)))
    if ((have.get(client) ?? 0) < clock) return false;
  return true;
}
