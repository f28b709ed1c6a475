// One room: a Yjs document and its awareness, the connections to it, and a queue that handles their
// messages in order. Updates waiting in the queue are applied and written to disk as one batch, and
// only then relayed to anyone. Each connection is read at most at its rate (a token bucket).
import * as awarenessProtocol from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { WebSocket } from 'ws';
import type { Limits } from './config.ts';
import { isUpdateMessage, MalformedMessage, readIncoming } from './incoming-message.ts';
import { awarenessMessage, syncStep1Message, syncStep2Message } from './messages.ts';
import { CLOSE_CODE, type CloseCode } from './protocol.ts';
import type { RoomStore } from './room-store.ts';
import { createTokenBucket, type TokenBucket } from './token-bucket.ts';
import { UpdateBatch } from './update-batch.ts';

export interface RoomEvents {
  /** The last holder let go: the registry may unload the room after a while. */
  idle(room: Room): void;
  /** Writing to disk failed (or the document may hold a refused update): drop the room, relay nothing more. */
  broken(room: Room, error: unknown): void;
  /** A stored-update count reached the compaction threshold. */
  compact(room: Room): void;
}

export type RoomLimits = Pick<
  Limits,
  'compactAfterUpdates' | 'maxQueuedPerConnection' | 'messagesPerSecond' | 'messageBurst' | 'maxBatchBytes'
>;

interface Peer {
  /** Awareness client ids this connection speaks for, removed when it closes. */
  clients: Set<number>;
  queued: number;
  bucket: TokenBucket;
  /** Set while the connection is over its rate: reading resumes when it fires. */
  slowed: NodeJS.Timeout | null;
}

type Task = { ws: WebSocket; greet: true } | { ws: WebSocket; greet?: false; data: Uint8Array };

export class Room {
  readonly awareness: awarenessProtocol.Awareness;
  private readonly peers = new Map<WebSocket, Peer>();
  private readonly pending: Task[] = [];
  /** Connections closed for a malformed message. */
  private readonly refused = new WeakSet<WebSocket>();
  private running: Promise<void> | null = null;
  /** Applied to the document, not yet written; and the batch being written. */
  private batch = new UpdateBatch();
  private writing: UpdateBatch | null = null;
  /** Connections plus upgrades in progress: a held room is never unloaded. */
  private holds = 0;
  private closed = false;
  /** Set when the server shuts down: messages still arriving are dropped, their updates counted. */
  private refusing = false;
  private droppedUpdates = 0;
  updatesSinceCompaction = 0;
  idleSince = 0;

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    private readonly store: RoomStore,
    private readonly events: RoomEvents,
    private readonly limits: RoomLimits,
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
    const bucket = createTokenBucket(this.limits.messagesPerSecond, this.limits.messageBurst, Date.now());
    this.peers.set(ws, { clients: new Set(), queued: 0, bucket, slowed: null });
    this.enqueue({ ws, greet: true });
  }

  detach(ws: WebSocket): void {
    const peer = this.peers.get(ws);
    if (!peer) return;
    clearTimeout(peer.slowed ?? undefined);
    this.peers.delete(ws);
    awarenessProtocol.removeAwarenessStates(this.awareness, [...peer.clients], null);
    this.release();
  }

  receive(ws: WebSocket, data: Uint8Array): void {
    const peer = this.peers.get(ws);
    if (!peer || this.closed) return;
    if (this.refusing) {
      if (isUpdateMessage(data)) this.droppedUpdates++;
      return;
    }
    peer.queued++;
    const wait = peer.bucket.take(Date.now());
    if (wait > 0 && !peer.slowed)
      peer.slowed = setTimeout(() => {
        peer.slowed = null;
        this.pace(ws, peer);
      }, wait).unref();
    this.pace(ws, peer);
    this.enqueue({ ws, data });
  }

  /** Resolves once every message received so far has been handled. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Shutdown begins: messages that still arrive are dropped (their updates counted, never relayed). */
  stopReceiving(): void {
    this.refusing = true;
  }

  /**
   * Gives up on what is not yet on disk (shutdown past its deadline): stops handling messages and
   * returns how many received updates are not stored, or not known to be.
   */
  abandon(): number {
    this.closed = true;
    const queued = this.pending.filter((task) => !task.greet && isUpdateMessage(task.data)).length;
    this.pending.length = 0;
    return queued + this.batch.messages + (this.writing?.messages ?? 0) + this.droppedUpdates;
  }

  /** Received updates dropped because the server was shutting down. */
  get dropped(): number {
    return this.droppedUpdates;
  }

  closeConnections(code: CloseCode, reason: string): void {
    for (const ws of this.peers.keys()) ws.close(code, reason);
  }

  /** Stops handling messages and frees the document; call after drain (or when broken). */
  destroy(): void {
    this.closed = true;
    this.pending.length = 0;
    for (const peer of this.peers.values()) clearTimeout(peer.slowed ?? undefined);
    this.awareness.off('update', this.relayAwareness);
    this.doc.destroy(); // destroys the awareness (and its timer) too
  }

  /** Reads a connection only while it is under its rate and its queue is short (TCP does the rest). */
  private pace(ws: WebSocket, peer: Peer): void {
    const hold = peer.slowed !== null || peer.queued >= this.limits.maxQueuedPerConnection;
    if (hold && !ws.isPaused) ws.pause();
    else if (!hold && ws.isPaused) ws.resume();
  }

  private enqueue(task: Task): void {
    this.pending.push(task);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.pending.length > 0) this.kick();
    });
  }

  private async run(): Promise<void> {
    try {
      for (let task = this.pending.shift(); task && !this.closed; task = this.pending.shift()) {
        if (task.greet) {
          await this.flush();
          this.greet(task.ws);
          continue;
        }
        const peer = this.peers.get(task.ws);
        if (peer) {
          peer.queued--;
          this.pace(task.ws, peer);
        }
        if (!this.refused.has(task.ws)) await this.handle(task.ws, task.data);
      }
      if (!this.closed) await this.flush();
    } catch (error) {
      if (this.closed) return;
      this.closed = true;
      this.pending.length = 0;
      this.events.broken(this, error);
    }
  }

  private greet(ws: WebSocket): void {
    this.send(ws, syncStep1Message(this.doc));
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) this.send(ws, awarenessMessage(this.awareness, present));
  }

  /** One message; a malformed one closes its sender (1007) and leaves the room as it was. */
  private async handle(ws: WebSocket, data: Uint8Array): Promise<void> {
    let message;
    try {
      message = readIncoming(data);
    } catch (e) {
      if (!(e instanceof MalformedMessage)) throw e;
      this.refused.add(ws); // what it sent after this is not looked at either
      ws.close(CLOSE_CODE.malformed, 'malformed message');
      return;
    }
    switch (message.kind) {
      case 'update':
        this.batch.apply(this.doc, ws, message.update);
        if (this.batch.bytes >= this.limits.maxBatchBytes) await this.flush();
        return;
      case 'sync-step-1':
        // The answer reads the document: what is applied must be on disk first.
        await this.flush();
        this.send(ws, syncStep2Message(this.doc, message.stateVector));
        return;
      case 'awareness':
        try {
          awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, ws);
        } catch {
          // Presence is not stored: a state it cannot apply only costs its sender the connection.
          this.refused.add(ws);
          ws.close(CLOSE_CODE.malformed, 'malformed message');
        }
        return;
      case 'query-awareness':
        this.send(ws, awarenessMessage(this.awareness, [...this.awareness.getStates().keys()]));
        return;
    }
  }

  /**
   * Writes the batch's updates as one, awaited, and only then relays what changed. Messages are
   * handled in order and nothing reads the document while a batch is unwritten, so nobody can see an
   * in-memory change before it is on disk.
   */
  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = new UpdateBatch();
    if (batch.empty) return;
    this.writing = batch;
    await this.store.append(this.name, batch.stored());
    this.writing = null;
    this.updatesSinceCompaction++;
    for (const [ws, message] of batch.relays(this.peers.keys())) this.send(ws, message);
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
