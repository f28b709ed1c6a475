// The worker's sync client: documents attached to rooms (the library, each open story) and where each
// room syncs, from device settings: the device's own server, or a joined story's server and room
// token. A room whose route changes reconnects; a room with no route is not connected. Each room has
// its awareness, kept across reconnects, for presence.
import type * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import type { SyncRoomStatus, SyncState, SyncStatus } from '../api.ts';
import { openSyncRoom, type SyncRoom, type SyncTransport } from './room.ts';
import { overallStatus, syncOff } from './status.ts';
import { routeFor, sameRoute, syncsNothing, type SyncPlan, type SyncRoute } from './target.ts';

export interface SyncClient {
  /**
   * Applies the settings' plan: rooms whose server and token stay the same keep their connection
   * (unless they had stopped: refused or too large, which this retries).
   */
  configure(plan: SyncPlan): void;
  attach(room: string, doc: Y.Doc): void;
  detach(room: string): void;
  /** The awareness of an attached room (local state null until presence is set). */
  awareness(room: string): Awareness | undefined;
  room(room: string): SyncRoomStatus | undefined;
  synced(room: string): boolean;
  /**
   * Calls `listener` whenever a room's state, the rooms attached or the plan change (a room that has
   * synced changes state); returns the way to stop.
   */
  onChange(listener: () => void): () => void;
  status(): SyncStatus;
  destroy(): void;
}

export interface SyncClientOptions {
  transport: SyncTransport;
  /** Called whenever the overall state or a room's state changes. */
  onStatus(status: SyncStatus): void;
  label(room: string): string;
}

/** States in which a room stopped retrying: saving the settings again retries them. */
const STOPPED = new Set<SyncState>(['refused', 'too-large']);

export function createSyncClient(options: SyncClientOptions): SyncClient {
  let plan: SyncPlan = { shared: new Map() };
  const docs = new Map<string, { doc: Y.Doc; awareness: Awareness }>();
  const rooms = new Map<string, { route: SyncRoute; room: SyncRoom }>();
  const listeners = new Set<() => void>();

  const status = (): SyncStatus =>
    syncsNothing(plan)
      ? syncOff()
      : overallStatus(
          [...rooms.values()].map((r) => r.room.status()),
          options.label,
        );
  const changed = () => {
    options.onStatus(status());
    for (const listener of [...listeners]) listener();
  };

  const disconnect = (room: string) => {
    rooms.get(room)?.room.destroy();
    rooms.delete(room);
  };
  /** Opens, keeps or drops the room's connection to match the plan; a stopped room tries again. */
  const reconcile = (room: string) => {
    const attached = docs.get(room);
    const route = attached && routeFor(plan, room);
    const open = rooms.get(room);
    if (open && sameRoute(open.route, route) && !STOPPED.has(open.room.status().status)) return;
    disconnect(room);
    if (!attached || !route) return;
    const opened = openSyncRoom(route, room, attached.doc, attached.awareness, options.transport, changed);
    rooms.set(room, { route, room: opened });
  };

  return {
    configure(next) {
      plan = next;
      for (const room of new Set([...docs.keys(), ...rooms.keys()])) reconcile(room);
      // Also when nothing reconnected: the details may now read in another interface language.
      changed();
    },
    attach(room, doc) {
      if (docs.get(room)?.doc === doc) return;
      if (docs.has(room)) this.detach(room);
      const awareness = new Awareness(doc);
      awareness.setLocalState(null);
      docs.set(room, { doc, awareness });
      reconcile(room);
      changed();
    },
    detach(room) {
      disconnect(room);
      docs.get(room)?.awareness.destroy();
      docs.delete(room);
      changed();
    },
    awareness: (room) => docs.get(room)?.awareness,
    room: (room) => rooms.get(room)?.room.status(),
    synced: (room) => rooms.get(room)?.room.synced() ?? false,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    status,
    destroy() {
      for (const room of [...docs.keys()]) this.detach(room);
    },
  };
}
