// Real y-websocket clients for sync-server tests (ws as the WebSocket, BroadcastChannel off so only the
// server can carry updates), a raw upgrade that records exactly what came back, and polling.
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';

/** A document and its provider on `<base>/sync/<room>`; `destroy()` disconnects and frees both. */
export function syncClient(baseUrl: string, room: string, token: string | null, doc = new Y.Doc()) {
  const wsBase = baseUrl.replace(/^http/, 'ws') + 'sync';
  const provider = new WebsocketProvider(wsBase, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 200,
    params: token === null ? {} : { token },
  });
  return {
    doc,
    provider,
    text: doc.getText('t'),
    synced: () => waitFor(() => provider.synced, `${room} synced`),
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}
export type SyncClient = ReturnType<typeof syncClient>;

export interface UpgradeOutcome {
  /** HTTP status of a refused upgrade, or 101 when it was accepted. */
  status: number;
  /** Binary messages received (a refused upgrade must have none). */
  messages: number;
  closeCode: number | null;
}

/**
 * One raw WebSocket attempt: what status came back, whether any message arrived within `ms`, and the
 * close code after sending `send` (bytes as a binary message, a string as a text one).
 */
export function tryUpgrade(url: string, send?: Uint8Array | string, ms = 300): Promise<UpgradeOutcome> {
  return new Promise((resolve) => {
    const outcome: UpgradeOutcome = { status: 0, messages: 0, closeCode: null };
    const ws = new WebSocket(url);
    const finish = () =>
      setTimeout(() => {
        ws.terminate();
        resolve(outcome);
      }, ms);
    ws.on('unexpected-response', (_request, response) => {
      outcome.status = response.statusCode ?? 0;
      response.resume();
      ws.terminate();
      finish();
    });
    ws.on('error', () => {});
    ws.on('upgrade', () => {
      outcome.status = 101;
    });
    ws.on('open', () => {
      if (send) ws.send(send);
      else finish();
    });
    ws.on('message', () => outcome.messages++);
    ws.on('close', (code) => {
      outcome.closeCode = code;
      if (send) finish();
    });
  });
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
