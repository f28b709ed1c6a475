// The worker's sync client: documents attached to rooms (the library, each open story) and the server
// to sync them with, from device settings. Changing the server or token reconnects every room; no
// server disconnects them. Each room has its awareness, kept across reconnects, for presence.
import type * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import type { SyncRoomStatus, SyncStatus } from './api.ts';
import { openSyncRoom, type SyncRoom, type SyncTransport } from './sync-room.ts';
import { SYNC_OFF, overallStatus } from './sync-status.ts';
import { sameTarget, type SyncTarget } from './sync-target.ts';

export interface SyncClient {
  /** Applies the settings' server (undefined: sync off). The same server and token change nothing. */
  configure(target: SyncTarget | undefined): void;
  attach(room: string, doc: Y.Doc): void;
  detach(room: string): void;
  /** The awareness of an attached room (local state null until presence is set). */
  awareness(room: string): Awareness | undefined;
  room(room: string): SyncRoomStatus | undefined;
  synced(room: string): boolean;
  status(): SyncStatus;
  destroy(): void;
}

export interface SyncClientOptions {
  transport: SyncTransport;
  /** Called whenever the overall state or a room's state changes. */
  onStatus(status: SyncStatus): void;
  label(room: string): string;
}

export function createSyncClient(options: SyncClientOptions): SyncClient {
  let target: SyncTarget | undefined;
  const docs = new Map<string, { doc: Y.Doc; awareness: Awareness }>();
  const rooms = new Map<string, SyncRoom>();

  const status = (): SyncStatus =>
    target === undefined
      ? SYNC_OFF
      : overallStatus(
          [...rooms.values()].map((r) => r.status()),
          options.label,
        );
  const changed = () => options.onStatus(status());

  const connect = (room: string) => {
    const attached = docs.get(room);
    if (!target || !attached) return;
    rooms.set(room, openSyncRoom(target, room, attached.doc, attached.awareness, options.transport, changed));
  };
  const disconnect = (room: string) => {
    rooms.get(room)?.destroy();
    rooms.delete(room);
  };

  return {
    configure(next) {
      if (sameTarget(target, next)) return;
      for (const room of [...rooms.keys()]) disconnect(room);
      target = next;
      for (const room of docs.keys()) connect(room);
      changed();
    },
    attach(room, doc) {
      if (docs.get(room)?.doc === doc) return;
      if (docs.has(room)) this.detach(room);
      const awareness = new Awareness(doc);
      awareness.setLocalState(null);
      docs.set(room, { doc, awareness });
      connect(room);
      changed();
    },
    detach(room) {
      disconnect(room);
      docs.get(room)?.awareness.destroy();
      docs.delete(room);
      changed();
    },
    awareness: (room) => docs.get(room)?.awareness,
    room: (room) => rooms.get(room)?.status(),
    synced: (room) => rooms.get(room)?.synced() ?? false,
    status,
    destroy() {
      for (const room of [...docs.keys()]) this.detach(room);
    },
  };
}
