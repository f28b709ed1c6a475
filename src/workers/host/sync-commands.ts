// Sync in the worker host: the library and every opened story attached to their rooms, where each room
// syncs from device settings (the device's own server; a joined story's server and room token), remote
// library changes pushed to the page, and the sync commands. A story known only from the synced library
// opens as an empty document and waits (briefly) for the server to fill it.
import type { SyncApi } from '../api/sync.ts';
import { readPairing } from '../sync/pairing-link.ts';
import { listStories, onStoryEntriesRemoved } from '../../driver/doc/library-doc.ts';
import { metaMap } from '../../driver/doc/story-doc.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import { sharedStorySchema, type DeviceSettings } from '../store/device-settings.ts';
import type { DriverEvent, Failure, Result, SyncTestReport } from '../api.ts';
import type { SettingsStore } from '../store/settings-store.ts';
import type { OpenStory, StoryStore } from '../store/story-store.ts';
import { createSyncClient } from '../sync/client.ts';
import { createSyncPresence } from '../sync/presence.ts';
import { probeAccess } from '../sync/probe.ts';
import type { SyncTransport } from '../sync/room.ts';
import { createSharedStories } from '../sync/shared-stories.ts';
import { serverLabel, syncPlan, syncTargetSchema } from '../sync/target.ts';
import { checkJoin, knownStory } from '../sync/join-guard.ts';
import { joinRefused } from './join-refused.ts';
import { LIBRARY_ROOM } from '../../../sync-server/protocol.ts';
import { waitForArrival, waitForLeaf } from '../sync/arrival.ts';
import { syncSegments, type SegmentSync } from '../sync/segment-sync.ts';
import { parseSegmentGuid, segmentGuid } from '../../driver/doc/segment-key.ts';
import { storySetOf } from '../../driver/doc/story-set.ts';
import { readLeafRef } from '../../driver/doc/leaf-ref.ts';
import { bandMayExist } from '../../driver/doc/segment-clocks.ts';
import { bandOf } from '../../driver/doc/segment-turns.ts';
import { hasTurn } from '../../driver/doc/turns.ts';
import { fromAnotherTab } from '../store/tab-sync.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

export interface HostSync {
  /** The store with its documents attached to their rooms as they open. */
  store: StoryStore;
  /** Applies saved device settings (reconnects the rooms whose server or token changed). */
  apply(settings: Pick<DeviceSettings, 'sync' | 'sharedStories'>): void;
  /** null when the story has content; why not when it is known only from the library and has not arrived. */
  arrived(story: OpenStory): Promise<Failure | null>;
  commands: SyncApi;
}

export function createHostSync(deps: {
  store: StoryStore;
  settings: SettingsStore;
  transport: SyncTransport;
  clock: () => number;
  emit: (e: DriverEvent) => void;
  /** A story was deleted elsewhere and closed here (its generation, if any, should stop). */
  onRemoved?: (storyId: string) => void;
}): HostSync {
  const inner = deps.store;
  const title = (room: string) => listStories(inner.library).find((s) => s.id === room)?.title;
  let lastPushed = '';
  const client = createSyncClient({
    transport: deps.transport,
    label(segmentOrRoom) {
      // A segment room reads as its story.
      const room = parseSegmentGuid(segmentOrRoom)?.storyId ?? segmentOrRoom;
      if (room === LIBRARY_ROOM) return uiText('The story list');
      const known = title(room);
      if (known !== undefined) return uiText('“{title}”', { title: known });
      return shared.joined(room)
        ? uiText('The shared story {room}', { room })
        : uiText('“{title}”', { title: room });
    },
    onStatus(status) {
      const text = JSON.stringify(status);
      if (text === lastPushed) return;
      lastPushed = text;
      deps.emit({ kind: 'sync', ...status });
    },
  });
  const presence = createSyncPresence(client, deps.emit);

  /** Each attached segmented story's segment rooms and background fetch. */
  const segmentSyncs = new Map<string, SegmentSync>();
  const attach = (story: OpenStory) => {
    if (client.awareness(story.id)) return;
    client.attach(story.id, story.doc);
    segmentSyncs.set(story.id, syncSegments(client, story));
    presence.watch(story.id);
  };
  const detach = (storyId: string) => {
    segmentSyncs.get(storyId)?.stop();
    segmentSyncs.delete(storyId);
    client.detach(storyId);
  };
  const shared = createSharedStories({
    library: inner.library,
    clock: deps.clock,
    onListed: () => deps.emit({ kind: 'library-changed' }),
    async open(room) {
      await inner.ready;
      const opened = await inner.open(room);
      if (!opened.ok) return null;
      attach(opened.story);
      return opened.story;
    },
  });

  let applied = false;
  const apply: HostSync['apply'] = (settings) => {
    applied = true;
    client.configure(syncPlan(settings));
    void shared.follow(settings.sharedStories);
  };
  void deps.settings.read().then((settings) => {
    if (!applied) apply(settings);
  });

  /** Saves the device settings with `change` made to its joined stories, and applies them. */
  const updateShared = async (
    change: (stories: DeviceSettings['sharedStories']) => DeviceSettings['sharedStories'],
  ) => {
    const settings = await deps.settings.read();
    const next = { ...settings, sharedStories: change(settings.sharedStories) };
    await deps.settings.write(next);
    apply(next);
  };

  // Stories added, renamed or removed on another device or tab (or loaded from IndexedDB) reach the
  // list; an update that brought nothing new (a tab answering another's hello) does not.
  void inner.ready.then(() => {
    client.attach(LIBRARY_ROOM, inner.library);
    inner.library.on('afterTransaction', (tr) => {
      if (!tr.local && tr.changed.size > 0) deps.emit({ kind: 'library-changed' });
    });
    onStoryEntriesRemoved(inner.library, (ids, transaction) => {
      if (!transaction.local) void forgetRemoved(ids, fromAnotherTab(transaction.origin));
    });
  });

  /**
   * Stories whose entries another device or tab deleted go as a local delete does: closed here (the
   * open screen is told) and their local copy cleared, or it would stay in IndexedDB unlisted forever.
   * Only deleted entries count, never unlisted stories: one opens before its entry arrives. A joined
   * story stays: joining it is this device's own (its settings), and only leaving or deleting it here
   * ends that; its listing returns when its title, cast or turns next change.
   */
  const forgetRemoved = async (ids: string[], byAnotherTab: boolean) => {
    for (const id of ids) {
      if (shared.joined(id)) continue;
      // Tabs share IndexedDB and the deleting tab cleared it: clearing again could wipe an Undo there.
      deps.onRemoved?.(id);
      if (byAnotherTab) await store.close(id);
      else await store.remove(id);
      deps.emit({ kind: 'story-deleted', storyId: id });
    }
  };

  /**
   * A story of the person's is never moved to another server by a link (SV19): joining would send all
   * of it there, or fill it from there. Theirs means stored here with content, or listed by the synced
   * library though not downloaded yet (the entry says where it syncs).
   */
  const refuseRebind = async (room: string, serverURL: string): Promise<Failure | null> => {
    await inner.ready;
    const stored = (await inner.storedIds()).includes(room);
    const opened = stored ? await inner.open(room) : undefined;
    const settings = await deps.settings.read();
    const known = knownStory({
      held: !!opened?.ok && metaMap(opened.story.doc).size > 0,
      entry: listStories(inner.library).find((s) => s.id === room),
      joined: settings.sharedStories.find((s) => s.room === room),
      own: settings.sync,
    });
    const check = checkJoin(known, serverURL);
    return check.ok ? null : joinRefused(check, title(room) ?? room, serverURL);
  };

  const store: StoryStore = {
    library: inner.library,
    ready: inner.ready,
    async open(storyId) {
      const opened = await inner.open(storyId);
      if (opened.ok) attach(opened.story);
      return opened;
    },
    async adopt(doc, set) {
      const story = await inner.adopt(doc, set);
      attach(story);
      return story;
    },
    loadSegment: (storyId, n) => inner.loadSegment(storyId, n),
    async remove(storyId) {
      // Deleting a joined story leaves it too, or the next start would fetch it again.
      if (shared.joined(storyId)) await updateShared((stories) => stories.filter((s) => s.room !== storyId));
      detach(storyId);
      await inner.remove(storyId);
    },
    flush: () => inner.flush(),
    storedIds: () => inner.storedIds(),
    async close(storyId) {
      detach(storyId);
      await inner.close(storyId);
    },
    async closeAll() {
      shared.close();
      for (const storyId of [...segmentSyncs.keys()]) detach(storyId);
      client.destroy();
      await inner.closeAll();
    },
  };

  return {
    store,
    apply,
    async arrived(story) {
      const missing =
        metaMap(story.doc).size > 0
          ? null
          : await waitForArrival({
              hasContent: () => metaMap(story.doc).size > 0,
              room: () => client.room(story.id),
              synced: () => client.synced(story.id),
            });
      const set = storySetOf(story.doc);
      const leaf = readLeafRef(story.doc);
      // A leaf at a depth no device wrote at (U5) is not waited for: the story shows its newest turns.
      if (missing || !set || !leaf || !bandMayExist(story.doc, bandOf(set, leaf.depth))) return missing;
      const room = segmentGuid(story.id, bandOf(set, leaf.depth));
      await waitForLeaf({
        leafHere: () => hasTurn(story.doc, leaf.id),
        room: () => client.room(room),
        synced: () => client.synced(room),
        storySyncs: () => client.room(story.id) !== undefined,
      });
      return null;
    },
    commands: {
      syncStatus: async () => client.status(),
      async testSync(input): Promise<SyncTestReport> {
        const target = safeParseIn(syncTargetSchema, input, workerUiLanguage());
        if (!target.success)
          return {
            ok: false,
            code: 'invalid',
            detail: uiText('Not tested: {reason}', { reason: target.issues[0]?.message ?? '' }),
          };
        const server = serverLabel(target.data);
        const probe = await probeAccess(target.data, LIBRARY_ROOM, deps.transport.fetch);
        switch (probe.kind) {
          case 'granted':
            return {
              ok: true,
              access: probe.access,
              detail:
                probe.access === 'owner'
                  ? uiText('{server} accepts this token for every story and the story list.', { server })
                  : uiText('{server} accepts this token for one room only.', { server }),
            };
          case 'refused':
            return {
              ok: false,
              code: 'refused',
              detail:
                probe.status === 401
                  ? uiText(
                      '{server} refused this token. Copy it again from the server (npx rashomon token) or open its pairing link. A token for one shared story opens only that story: open the link that came with it instead.',
                      { server },
                    )
                  : uiText('There is no Rashomon sync server at that address (it answered {status}).', {
                      status: probe.status,
                    }),
            };
          case 'unreachable':
            return {
              ok: false,
              code: 'unreachable',
              detail: uiText(
                'No answer from {server} ({reason}). Is the server running, and is this device on its network?',
                { server, reason: probe.detail() },
              ),
            };
        }
      },
      readPairingLink: async (text) => readPairing(text),
      async joinSharedStory(input): Promise<Result> {
        const parsed = safeParseIn(sharedStorySchema, input, workerUiLanguage());
        if (!parsed.success)
          return {
            ok: false,
            code: 'invalid',
            detail: uiText('Not joined: {reason}', { reason: parsed.issues[0]?.message ?? '' }),
          };
        const story = parsed.data;
        const refused = await refuseRebind(story.room, story.serverURL);
        if (refused) return refused;
        // Joining a story again (a new link, same server) replaces its token.
        await updateShared((stories) => [...stories.filter((s) => s.room !== story.room), story]);
        return { ok: true };
      },
      async leaveSharedStory(room): Promise<Result> {
        await updateShared((stories) => stories.filter((s) => s.room !== room));
        return { ok: true };
      },
      ...presence.commands,
    },
  };
}
