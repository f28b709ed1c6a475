// Devices for the segment sync tests and bench: each a segmented story store (its own prefix on one
// fake-indexeddb, no tab channel) and a sync client over `ws`, wired as the host wires them: the root
// in the story's room, segments in theirs, the background fetch. Only the server carries updates.
import 'fake-indexeddb/auto';
import WebSocket from 'ws';
import type { OpenStory } from '../../src/workers/store/story-store.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { createSyncClient } from '../../src/workers/sync/client.ts';
import { syncSegments, type SegmentSync } from '../../src/workers/sync/segment-sync.ts';
import type { SyncPlan, SyncTarget } from '../../src/workers/sync/target.ts';

export interface SegmentDevice {
  prefix: string;
  store: ReturnType<typeof createStoryStore>;
  client: ReturnType<typeof createSyncClient>;
  /** Attaches an open story to its rooms as the host does. */
  attach(story: OpenStory): SegmentSync;
  close(): Promise<void>;
}

let made = 0;

// In Node, y-websocket adds a process 'exit' listener per provider (to clear its awareness on exit): a
// device holding a 10,000-turn story's 21 rooms passes Node's warning threshold of 10 with no leak.
process.setMaxListeners(Math.max(process.getMaxListeners(), 100));

/** A device syncing as `plan` says: its own pairing (`device`) and joined stories (`shared`). */
export function segmentDevice(
  name: string,
  plan: { device?: SyncTarget; shared?: Record<string, SyncTarget> },
): SegmentDevice {
  const prefix = `segdev-${++made}-${name}-${Date.now()}`;
  const store = createStoryStore({ prefix, segmented: true });
  const client = createSyncClient({
    transport: { WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, maxBackoffTime: 200 },
    onStatus: () => {},
    label: (room) => room,
  });
  const syncPlan: SyncPlan = {
    ...(plan.device ? { device: plan.device } : {}),
    shared: new Map(Object.entries(plan.shared ?? {})),
  };
  client.configure(syncPlan);
  const syncs: SegmentSync[] = [];
  return {
    prefix,
    store,
    client,
    attach(story) {
      client.attach(story.id, story.doc);
      const sync = syncSegments(client, story);
      syncs.push(sync);
      return sync;
    },
    async close() {
      for (const sync of syncs) sync.stop();
      client.destroy();
      await store.closeAll();
    },
  };
}
