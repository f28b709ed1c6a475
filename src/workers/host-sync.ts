// Sync in the worker host: the library and every opened story attached to their rooms, the server from
// device settings, remote library changes pushed to the page, and the sync commands. A story known only
// from the synced library opens as an empty document and waits (briefly) for the server to fill it.
import { listStories } from '../driver/doc/library-doc.ts';
import { metaMap } from '../driver/doc/story-doc.ts';
import type { DeviceSettings } from '../driver/settings/device-settings.ts';
import type { DriverApi, DriverEvent, Failure, SyncTestReport } from './api.ts';
import type { SettingsStore } from './host-context.ts';
import type { OpenStory, StoryStore } from './story-store.ts';
import { createSyncClient } from './sync-client.ts';
import { createSyncPresence } from './sync-presence.ts';
import { probeAccess } from './sync-probe.ts';
import type { SyncTransport } from './sync-room.ts';
import { LIBRARY_ROOM, serverLabel, syncTargetSchema } from './sync-target.ts';
import { waitForArrival } from './sync-arrival.ts';

export interface HostSync {
  /** The store with its documents attached to their rooms as they open. */
  store: StoryStore;
  /** Applies saved device settings (reconnects when the server or token changed). */
  apply(sync: DeviceSettings['sync']): void;
  /** null when the story has content; why not when it is known only from the library and has not arrived. */
  arrived(story: OpenStory): Promise<Failure | null>;
  commands: Pick<DriverApi, 'syncStatus' | 'testSync' | 'setPresence' | 'presence'>;
}

export function createHostSync(deps: {
  store: StoryStore;
  settings: SettingsStore;
  transport: SyncTransport;
  emit: (e: DriverEvent) => void;
}): HostSync {
  const inner = deps.store;
  const title = (room: string) => listStories(inner.library).find((s) => s.id === room)?.title;
  let lastPushed = '';
  const client = createSyncClient({
    transport: deps.transport,
    label: (room) => (room === LIBRARY_ROOM ? 'The story list' : `“${title(room) ?? room}”`),
    onStatus(status) {
      const text = JSON.stringify(status);
      if (text === lastPushed) return;
      lastPushed = text;
      deps.emit({ kind: 'sync', ...status });
    },
  });
  const presence = createSyncPresence(client, deps.emit);

  let applied = false;
  const apply = (sync: DeviceSettings['sync']) => {
    applied = true;
    client.configure(sync);
  };
  void deps.settings.read().then((settings) => {
    if (!applied) apply(settings.sync);
  });

  // Stories added, renamed or removed on another device (or loaded from IndexedDB) reach the list.
  void inner.ready.then(() => {
    client.attach(LIBRARY_ROOM, inner.library);
    inner.library.on('afterTransaction', (tr) => {
      if (!tr.local) deps.emit({ kind: 'library-changed' });
    });
  });

  const attach = (story: OpenStory) => {
    if (client.awareness(story.id)) return;
    client.attach(story.id, story.doc);
    presence.watch(story.id);
  };

  const store: StoryStore = {
    library: inner.library,
    ready: inner.ready,
    async open(storyId) {
      const opened = await inner.open(storyId);
      if (opened.ok) attach(opened.story);
      return opened;
    },
    async adopt(doc) {
      const story = await inner.adopt(doc);
      attach(story);
      return story;
    },
    async remove(storyId) {
      client.detach(storyId);
      await inner.remove(storyId);
    },
    async closeAll() {
      client.destroy();
      await inner.closeAll();
    },
  };

  return {
    store,
    apply,
    async arrived(story) {
      if (metaMap(story.doc).size > 0) return null;
      return waitForArrival({
        hasContent: () => metaMap(story.doc).size > 0,
        room: () => client.room(story.id),
        synced: () => client.synced(story.id),
      });
    },
    commands: {
      syncStatus: async () => client.status(),
      async testSync(input): Promise<SyncTestReport> {
        const target = syncTargetSchema.safeParse(input);
        if (!target.success)
          return { ok: false, problem: 'invalid', detail: `Not tested: ${target.error.issues[0]?.message}` };
        const server = serverLabel(target.data);
        const probe = await probeAccess(target.data, LIBRARY_ROOM, deps.transport.fetch);
        switch (probe.kind) {
          case 'granted':
            return {
              ok: true,
              access: probe.access,
              detail:
                probe.access === 'owner'
                  ? `${server} accepts this token for every story and the story list.`
                  : `${server} accepts this token for one room only.`,
            };
          case 'refused':
            return {
              ok: false,
              problem: 'refused',
              detail:
                probe.status === 401
                  ? `${server} refused this token. Copy it again from the server (npx rashomon token) or open its pairing link.`
                  : `There is no Rashomon sync server at that address (it answered ${probe.status}).`,
            };
          case 'unreachable':
            return {
              ok: false,
              problem: 'unreachable',
              detail: `No answer from ${server} (${probe.detail}). Is the server running, and is this device on its network?`,
            };
        }
      },
      ...presence.commands,
    },
  };
}
