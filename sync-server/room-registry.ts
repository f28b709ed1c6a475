// The rooms in memory: loads a room from disk before anyone may connect to it, enforces the room and
// connection limits, unloads idle rooms (compacting first), and shuts everything down with a flush
// that ends by a deadline, saying room by room what it could not store.
import type { Limits, Log } from './config.ts';
import { CLOSE_CODE } from './protocol.ts';
import { Room } from './room.ts';
import type { RoomStore } from './room-store.ts';
import { OWNER, TokenLimits, type Holder } from './token-limits.ts';
import { PartlyApplied } from './update-batch.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Refused before the WebSocket upgrade with this HTTP status (503: try again later). */
export class RoomUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
  }
}

/** A room whose received updates were not all stored when the shutdown deadline passed. */
export interface Unstored {
  room: string;
  updates: number;
}

export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly unloading = new Map<string, Promise<void>>();
  private readonly idleTimers = new Map<Room, NodeJS.Timeout>();
  private readonly compacting = new Set<Promise<void>>();
  /** Every room not yet destroyed, unloading ones included. */
  private readonly live = new Set<Room>();
  private shuttingDown = false;
  private readonly tokenLimits: TokenLimits;

  constructor(
    private readonly store: RoomStore,
    private readonly limits: Limits,
    private readonly log: Log,
  ) {
    this.tokenLimits = new TokenLimits(limits);
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  get connectionCount(): number {
    let total = 0;
    for (const room of this.rooms.values()) total += room.connections;
    return total;
  }

  /**
   * The room, loaded from disk if needed, with a hold taken for one connection of `holder`; a room
   * token's hold counts against its limits (token-limits.ts) until `letGo`.
   */
  async hold(name: string, holder: Holder = OWNER): Promise<Room> {
    for (;;) {
      if (this.shuttingDown) throw new RoomUnavailable('the server is shutting down');
      const unloading = this.unloading.get(name);
      if (unloading) {
        await unloading;
        continue;
      }
      this.tokenLimits.take(holder, name);
      let room: Room;
      try {
        room = this.rooms.get(name) ?? (await (this.loading.get(name) ?? this.load(name)));
        if (this.shuttingDown) throw new RoomUnavailable('the server is shutting down');
        if (this.rooms.get(name) === room && room.held >= this.limits.maxConnectionsPerRoom)
          throw new RoomUnavailable(`room is full (${this.limits.maxConnectionsPerRoom} connections)`);
      } catch (e) {
        this.tokenLimits.give(holder, name);
        throw e;
      }
      if (this.rooms.get(name) !== room) {
        this.tokenLimits.give(holder, name);
        continue; // unloaded or broken while we waited
      }
      this.cancelIdle(room);
      room.hold();
      return room;
    }
  }

  /** Gives back `holder`'s hold of a room taken by `hold` (its connection closed, or never opened). */
  letGo(name: string, holder: Holder = OWNER): void {
    this.tokenLimits.give(holder, name);
  }

  /**
   * Closes every connection, waits for queued messages, compacts each room, and forgets them, or stops
   * waiting at `deadline` (epoch ms) and reports the rooms whose received updates are not all stored.
   */
  async shutdown(deadline: number): Promise<Unstored[]> {
    this.shuttingDown = true;
    for (const room of this.idleTimers.keys()) this.cancelIdle(room);
    const timeLeft = () => Math.max(0, deadline - Date.now());
    await Promise.race([Promise.allSettled(this.loading.values()), sleep(timeLeft())]);
    const rooms = [...this.rooms.values()];
    const all = [...this.live];
    for (const room of all) room.stopReceiving();
    for (const room of rooms) room.closeConnections(CLOSE_CODE.shuttingDown, 'server shutting down');
    const flushed = Promise.allSettled([
      ...rooms.map((room) => this.unload(room)),
      ...this.unloading.values(),
      ...this.compacting,
    ]).then(() => true);
    const inTime = await Promise.race([flushed, sleep(timeLeft()).then(() => false)]);
    const unstored = all.map((room) => ({
      room: room.name,
      updates: inTime ? room.dropped : room.abandon(),
    }));
    return unstored.filter(({ updates }) => updates > 0);
  }

  private async load(name: string): Promise<Room> {
    while (this.rooms.size + this.loading.size >= this.limits.maxRooms) {
      const idle = this.longestIdle();
      if (!idle) throw new RoomUnavailable(`too many rooms in memory (${this.limits.maxRooms})`);
      await this.unload(idle);
      const other = this.rooms.get(name) ?? this.loading.get(name);
      if (other) return other;
    }
    const loading = this.store.load(name).then((doc) => {
      const room = new Room(name, doc, this.store, this.roomEvents, this.limits);
      this.rooms.set(name, room);
      this.live.add(room);
      this.log(`room "${name}" loaded (${this.rooms.size} in memory)`);
      return room;
    });
    this.loading.set(name, loading);
    try {
      return await loading;
    } finally {
      this.loading.delete(name);
    }
  }

  private readonly roomEvents = {
    idle: (room: Room) => {
      if (this.shuttingDown) return;
      this.cancelIdle(room);
      const timer = setTimeout(() => {
        this.idleTimers.delete(room);
        if (room.held === 0 && this.rooms.get(room.name) === room) void this.unload(room);
      }, this.limits.roomIdleMs);
      timer.unref();
      this.idleTimers.set(room, timer);
    },
    broken: (room: Room, error: unknown) => {
      const cause = error instanceof PartlyApplied ? 'a refused update' : 'writing to disk failed';
      this.log(
        `room "${room.name}": ${cause}, room closed to reload from disk (${(error as Error).message})`,
      );
      this.cancelIdle(room);
      if (this.rooms.get(room.name) === room) this.rooms.delete(room.name);
      room.closeConnections(CLOSE_CODE.storageFailure, 'storage failure');
      this.destroy(room);
    },
    compact: (room: Room) => {
      room.updatesSinceCompaction = 0;
      const done = this.compactLogged(room.name).finally(() => this.compacting.delete(done));
      this.compacting.add(done);
    },
  };

  /** Its updates are already stored one by one: a failed compaction loses nothing (the store reopens). */
  private async compactLogged(name: string): Promise<void> {
    try {
      await this.store.compact(name);
    } catch (e) {
      this.log(`room "${name}": compacting failed (${(e as Error).message})`);
    }
  }

  private destroy(room: Room): void {
    this.live.delete(room);
    room.destroy();
  }

  private cancelIdle(room: Room): void {
    clearTimeout(this.idleTimers.get(room));
    this.idleTimers.delete(room);
  }

  private longestIdle(): Room | undefined {
    let best: Room | undefined;
    for (const room of this.rooms.values())
      if (room.held === 0 && (!best || room.idleSince < best.idleSince)) best = room;
    return best;
  }

  /** Takes a room out of memory: its queue drains, its updates are compacted, its document freed. */
  private unload(room: Room): Promise<void> {
    const existing = this.unloading.get(room.name);
    if (this.rooms.get(room.name) !== room) return existing ?? Promise.resolve();
    this.cancelIdle(room);
    this.rooms.delete(room.name);
    const done = (async () => {
      await room.drain();
      if (room.updatesSinceCompaction > 0) await this.compactLogged(room.name);
      this.destroy(room);
      this.log(`room "${room.name}" unloaded (${this.rooms.size} in memory)`);
    })().finally(() => this.unloading.delete(room.name));
    this.unloading.set(room.name, done);
    return done;
  }
}
