// One room: a Yjs document and its awareness, the connections to it, and a queue that handles their
// messages one at a time. An update is written to disk before it is relayed to anyone.
import * as decoding from 'lib0/decoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { WebSocket } from 'ws';
import { awarenessMessage, syncStep1Message, syncStep2Message, updateMessage } from './messages.ts';
import { CLOSE_CODE, MESSAGE_TYPE, type CloseCode } from './protocol.ts';
import type { RoomStore } from './room-store.ts';

export interface RoomEvents {
  /** The last holder let go: the registry may unload the room after a while. */
  idle(room: Room): void;
  /** Writing to disk failed: the room must be dropped without relaying anything more. */
  broken(room: Room, error: unknown): void;
  /** A stored-update count reached the compaction threshold. */
  compact(room: Room): void;
}

interface Peer {
  /** Awareness client ids this connection speaks for, removed when it closes. */
  clients: Set<number>;
  queued: number;
}

export class Room {
  readonly awareness: awarenessProtocol.Awareness;
  private readonly peers = new Map<WebSocket, Peer>();
  private queue: Promise<void> = Promise.resolve();
  /** Connections plus upgrades in progress: a held room is never unloaded. */
  private holds = 0;
  private closed = false;
  updatesSinceCompaction = 0;
  idleSince = 0;

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    private readonly store: RoomStore,
    private readonly events: RoomEvents,
    private readonly limits: { compactAfterUpdates: number; maxQueuedPerConnection: number },
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    this.awareness.on('update', this.relayAwareness);
  }

  get connections(): number {
    return this.peers.size;
  }

  get held(): number {
    return this.holds;
  }

  hold(): void {
    this.holds++;
  }

  release(): void {
    this.holds--;
    if (this.holds === 0) {
      this.idleSince = Date.now();
      this.events.idle(this);
    }
  }

  /** A new connection (already held): greet it with the server's state vector and who is here. */
  attach(ws: WebSocket): void {
    this.peers.set(ws, { clients: new Set(), queued: 0 });
    this.enqueue(ws, () => {
      this.send(ws, syncStep1Message(this.doc));
      const present = [...this.awareness.getStates().keys()];
      if (present.length > 0) this.send(ws, awarenessMessage(this.awareness, present));
    });
  }

  detach(ws: WebSocket): void {
    const peer = this.peers.get(ws);
    if (!peer) return;
    this.peers.delete(ws);
    awarenessProtocol.removeAwarenessStates(this.awareness, [...peer.clients], null);
    this.release();
  }

  receive(ws: WebSocket, data: Uint8Array): void {
    const peer = this.peers.get(ws);
    if (!peer || this.closed) return;
    peer.queued++;
    if (peer.queued >= this.limits.maxQueuedPerConnection && !ws.isPaused) ws.pause();
    this.enqueue(ws, async () => {
      peer.queued--;
      if (ws.isPaused && peer.queued < this.limits.maxQueuedPerConnection) ws.resume();
      await this.handle(ws, data);
    });
  }

  /** Resolves once every message received so far has been handled. */
  async drain(): Promise<void> {
    let current;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  closeConnections(code: CloseCode, reason: string): void {
    for (const ws of this.peers.keys()) ws.close(code, reason);
  }

  /** Stops handling messages and frees the document; call after drain (or when broken). */
  destroy(): void {
    this.closed = true;
    this.awareness.off('update', this.relayAwareness);
    this.doc.destroy(); // destroys the awareness (and its timer) too
  }

  private enqueue(ws: WebSocket, task: () => void | Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : task()))
      .catch((error: unknown) => {
        if (error instanceof MalformedMessage) {
          ws.close(CLOSE_CODE.malformed, 'malformed message');
          return;
        }
        if (this.closed) return;
        this.closed = true;
        this.events.broken(this, error);
      });
  }

  private async handle(ws: WebSocket, data: Uint8Array): Promise<void> {
    let type: number;
    let payload: Uint8Array;
    let syncType = -1;
    try {
      const decoder = decoding.createDecoder(data);
      type = decoding.readVarUint(decoder);
      if (type === MESSAGE_TYPE.sync) syncType = decoding.readVarUint(decoder);
      payload = decoding.readVarUint8Array(decoder);
    } catch {
      throw new MalformedMessage();
    }
    if (type === MESSAGE_TYPE.awareness) {
      try {
        awarenessProtocol.applyAwarenessUpdate(this.awareness, payload, ws);
      } catch {
        throw new MalformedMessage();
      }
    } else if (syncType === syncProtocol.messageYjsSyncStep1) {
      this.send(ws, syncStep2Message(this.doc, payload));
    } else if (syncType === syncProtocol.messageYjsSyncStep2 || syncType === syncProtocol.messageYjsUpdate) {
      await this.ingest(ws, payload);
    }
    // Other message types (auth, queries) are not part of this server's protocol: ignored.
  }

  /**
   * Applies an update; if it brought anything new, appends it to disk, and only then relays what
   * changed to the other connections. Messages are handled one at a time, so nobody can read the
   * in-memory change before it is on disk.
   */
  private async ingest(origin: WebSocket, update: Uint8Array): Promise<void> {
    const { store } = this.doc;
    const pendingBefore = [store.pendingStructs, store.pendingDs];
    const changes: Uint8Array[] = [];
    const collect = (change: Uint8Array) => changes.push(change);
    this.doc.on('update', collect);
    try {
      Y.applyUpdate(this.doc, update, origin);
    } catch {
      throw new MalformedMessage();
    } finally {
      this.doc.off('update', collect);
    }
    // Parts that wait for a missing dependency change nothing yet, but are kept on disk too.
    const pendingChanged = store.pendingStructs !== pendingBefore[0] || store.pendingDs !== pendingBefore[1];
    if (changes.length === 0 && !pendingChanged) return;
    await this.store.append(this.name, update);
    this.updatesSinceCompaction++;
    if (changes.length > 0) {
      const message = updateMessage(changes.length === 1 ? changes[0]! : Y.mergeUpdates(changes));
      for (const ws of this.peers.keys()) if (ws !== origin) this.send(ws, message);
    }
    if (this.updatesSinceCompaction >= this.limits.compactAfterUpdates) this.events.compact(this);
  }

  private readonly relayAwareness = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    const peer = this.peers.get(origin as WebSocket);
    if (peer) {
      for (const id of added) peer.clients.add(id);
      for (const id of removed) peer.clients.delete(id);
    }
    const message = awarenessMessage(this.awareness, [...added, ...updated, ...removed]);
    for (const ws of this.peers.keys()) if (ws !== origin) this.send(ws, message);
  };

  private send(ws: WebSocket, message: Uint8Array): void {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(message, (error) => {
      if (error) ws.terminate();
    });
  }
}

/** A message that is not valid y-websocket: the connection is closed (1007), the room carries on. */
class MalformedMessage extends Error {}
