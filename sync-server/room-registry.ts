// The rooms in memory: loads a room from disk before anyone may connect to it, enforces the room and
// connection limits, unloads idle rooms (compacting first), and shuts everything down with a flush.
import type { Limits, Log } from './config.ts';
import { CLOSE_CODE } from './protocol.ts';
import { Room } from './room.ts';
import type { RoomStore } from './room-store.ts';

/** Refused before the WebSocket upgrade with this HTTP status (503: try again later). */
export class RoomUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
  }
}

export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly unloading = new Map<string, Promise<void>>();
  private readonly idleTimers = new Map<Room, NodeJS.Timeout>();
  private readonly compacting = new Set<Promise<void>>();
  private shuttingDown = false;

  constructor(
    private readonly store: RoomStore,
    private readonly limits: Limits,
    private readonly log: Log,
  ) {}

  get roomCount(): number {
    return this.rooms.size;
  }

  get connectionCount(): number {
    let total = 0;
    for (const room of this.rooms.values()) total += room.connections;
    return total;
  }

  /** The room, loaded from disk if needed, with a hold taken for one connection. */
  async hold(name: string): Promise<Room> {
    for (;;) {
      if (this.shuttingDown) throw new RoomUnavailable('the server is shutting down');
      const unloading = this.unloading.get(name);
      if (unloading) {
        await unloading;
        continue;
      }
      const room = this.rooms.get(name) ?? (await (this.loading.get(name) ?? this.load(name)));
      if (this.shuttingDown) throw new RoomUnavailable('the server is shutting down');
      if (this.rooms.get(name) !== room) continue; // unloaded or broken while we waited
      if (room.held >= this.limits.maxConnectionsPerRoom)
        throw new RoomUnavailable(`room is full (${this.limits.maxConnectionsPerRoom} connections)`);
      this.cancelIdle(room);
      room.hold();
      return room;
    }
  }

  /** Closes every connection, waits for queued messages, compacts each room, and forgets them. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await Promise.allSettled(this.loading.values());
    const rooms = [...this.rooms.values()];
    for (const room of rooms) room.closeConnections(CLOSE_CODE.shuttingDown, 'server shutting down');
    await Promise.all(rooms.map((room) => this.unload(room)));
    await Promise.all([...this.unloading.values(), ...this.compacting]);
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
      this.log(`room "${room.name}": writing to disk failed, room closed (${(error as Error).message})`);
      this.cancelIdle(room);
      if (this.rooms.get(room.name) === room) this.rooms.delete(room.name);
      room.closeConnections(CLOSE_CODE.storageFailure, 'storage failure');
      room.destroy();
    },
    compact: (room: Room) => {
      room.updatesSinceCompaction = 0;
      const done = this.store.compact(room.name).finally(() => this.compacting.delete(done));
      this.compacting.add(done);
    },
  };

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
      if (room.updatesSinceCompaction > 0) await this.store.compact(room.name);
      room.destroy();
      this.log(`room "${room.name}" unloaded (${this.rooms.size} in memory)`);
    })().finally(() => this.unloading.delete(room.name));
    this.unloading.set(room.name, done);
    return done;
  }
}
