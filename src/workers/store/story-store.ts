// The worker's documents: the library and every opened story, each a Y.Doc persisted in IndexedDB
// through y-indexeddb. Opening a story loads it once and keeps it with its derived views; with a
// BroadcastChannel, each document is also kept in step with this device's other tabs. A segmented
// story (design docs/design/segmented-story.md) is its root here plus its segment store.
import * as Y from 'yjs';
import { type IndexeddbPersistence, clearDocument } from 'y-indexeddb';
import { LIBRARY_ROOM } from '../../../sync-server/protocol.ts';
import { createStoryViews } from '../../driver/views/story-views.ts';
import type { Story } from '../../driver/env.ts';
import { migrateStory } from '../../driver/doc/migrations.ts';
import { metaMap } from '../../driver/doc/story-doc.ts';
import type { OwnedStorySet } from '../../driver/doc/story-set.ts';
import { persisted, stored } from './persistence.ts';
import { segmentDatabase, storedSegmentNumbers, type SegmentStore } from './segment-store.ts';
import { createSegmentedStories } from './segmented-stories.ts';
import { writeBoundaryCheckpoints } from '../../driver/views/boundary-checkpoint.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { linkTabs, type TabChannel, type TabLink } from './tab-sync.ts';

const DEFAULT_PREFIX = 'rashomon';

export interface OpenStory extends Story {
  id: string;
  // Optional, so a story made by hand (a test's) needs neither.
  /** A segmented story's segment documents on this device; undefined for a story in one document. */
  segments?(): SegmentStore | undefined;
  /**
   * Calls `listener` with the story's segments once it is segmented: at once when it is, or when its
   * root first says so (a story arriving from the sync server). Returns how to stop listening.
   */
  onSegmented?(listener: (segments: SegmentStore) => void): () => void;
  close(): Promise<void>;
}

export type OpenResult =
  { ok: true; story: OpenStory } | { ok: false; code: 'newer-version'; detail: string };

export interface StoryStore {
  library: Y.Doc;
  ready: Promise<void>;
  /** Opens (or returns the open) story; a new id makes an empty doc to fill. */
  open(storyId: string): Promise<OpenResult>;
  /**
   * Stores a filled doc (a new or imported story) under its guid and opens it. A segmented story made
   * in memory (an import) comes with its set, whose segments are stored with it. In a segmented store a
   * story made as one document is stored as a fresh root and segments: the story's `doc` is not `doc`.
   */
  adopt(doc: Y.Doc, set?: OwnedStorySet): Promise<OpenStory>;
  /** Segment `n` of an open segmented story, loaded on demand; undefined when there is none to load. */
  loadSegment(storyId: string, n: number): Promise<Y.Doc | undefined>;
  remove(storyId: string): Promise<void>;
  /**
   * Resolves once every change made so far to the library and the open stories is in IndexedDB. A
   * command awaits it before answering: a reload kills the worker, and with it any write not yet stored.
   */
  flush(): Promise<void>;
  /** The ids of the stories stored on this device, listed or not (segment databases are not stories). */
  storedIds(): Promise<string[]>;
  /** Closes the story if it is open; its stored copy stays. */
  close(storyId: string): Promise<void>;
  closeAll(): Promise<void>;
}

export { persisted, stored };

export interface StoryStoreOptions {
  /** Names the IndexedDB databases: one per device, or per simulated device in tests. */
  prefix?: string;
  /**
   * Links every document to the other tabs of this device that use the same prefix. The worker passes
   * the platform's; off when absent, as in Node tests, where stores are separate devices and Node's
   * global BroadcastChannel would join them behind the test's back.
   */
  broadcast?: TabChannel | undefined;
  /**
   * Stories are segmented (design docs/design/segmented-story.md; the default): a new one is made as a
   * root and segment documents, a root of schema 2 opens with its segments, and a story kept in one
   * document (schema 1) is migrated as it opens. Off: every story is one document, as before (the tests
   * about schema 1 turn it off).
   */
  segmented?: boolean;
  /** When a segment was last used, for unloading idle ones; Date.now unless a test sets it. */
  clock?: () => number;
}

const UNLINKED: TabLink = { close() {} };

export function createStoryStore(options: StoryStoreOptions = {}): StoryStore {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const { broadcast } = options;
  const storyDbName = (storyId: string) => `${prefix}-story-${storyId}`;
  const libraryDbName = `${prefix}-library`;
  // Linked once loaded, so another tab's answer holds only what IndexedDB did not already have.
  const link = (name: string, doc: Y.Doc) => (broadcast ? linkTabs(doc, name, broadcast) : UNLINKED);
  const library = new Y.Doc({ guid: LIBRARY_ROOM });
  const libraryLoaded = persisted(libraryDbName, library).then((persistence) => ({
    persistence,
    tabs: link(libraryDbName, library),
  }));
  const open = new Map<string, Promise<OpenResult>>();
  /** The open stories' persistences and segment stores, for `flush`. */
  const live = new Set<IndexeddbPersistence>();
  const liveSegments = new Set<SegmentStore>();
  const segmentedStories =
    (options.segmented ?? true)
      ? createSegmentedStories({ rootDatabase: storyDbName, link, clock: options.clock ?? Date.now })
      : undefined;

  const wrap = (
    id: string,
    doc: Y.Doc,
    persistence: IndexeddbPersistence,
    given?: SegmentStore,
  ): OpenStory => {
    let segments = given;
    const listeners = new Set<(segments: SegmentStore) => void>();
    const segmented = (made: SegmentStore) => {
      segments = made;
      liveSegments.add(made);
      // Views made for the empty root knew no segments: the story's are made now, over its set.
      views.dispose();
      views = createStoryViews(doc);
      for (const listener of [...listeners]) listener(made);
    };
    if (segments) liveSegments.add(segments);
    // An empty root (a story arriving from the server) is segmented once its first sync says so.
    const stopWaiting =
      !segments && segmentedStories && metaMap(doc).size === 0
        ? segmentedStories.whenSegmented(doc, segmented)
        : () => {};
    let views = createStoryViews(doc);
    const tabs = link(storyDbName(id), doc);
    live.add(persistence);
    return {
      id,
      doc,
      get views() {
        return views;
      },
      segments: () => segments,
      onSegmented(listener) {
        if (segments) {
          listener(segments);
          return () => {};
        }
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async close() {
        stopWaiting();
        listeners.clear();
        tabs.close();
        views.dispose();
        live.delete(persistence);
        if (segments) {
          liveSegments.delete(segments);
          await segments.close();
        }
        await persistence.destroy();
        doc.destroy();
        open.delete(id);
      },
    };
  };

  const close = async (storyId: string) => {
    const opened = await open.get(storyId);
    if (opened?.ok) await opened.story.close();
  };

  return {
    library,
    ready: libraryLoaded.then(() => undefined),
    open(storyId) {
      const existing = open.get(storyId);
      if (existing) return existing;
      const opening = (async (): Promise<OpenResult> => {
        const doc = new Y.Doc({ guid: storyId });
        const persistence = await persisted(storyDbName(storyId), doc);
        // An empty root (a new id, or a story yet to arrive from the server) has nothing to migrate.
        const checked =
          segmentedStories && metaMap(doc).size > 0 ? await segmentedStories.open(doc) : migrateStory(doc);
        if (!checked.ok) {
          await persistence.destroy();
          open.delete(storyId);
          return checked;
        }
        const segments = 'segments' in checked ? checked.segments : undefined;
        return { ok: true, story: wrap(storyId, doc, persistence, segments) };
      })();
      open.set(storyId, opening);
      return opening;
    },
    async adopt(given, set) {
      const made = await segmentedStories?.adopt(given, set);
      const doc = made?.root ?? given;
      const segments = made?.segments;
      const persistence = await persisted(storyDbName(doc.guid), doc);
      const story = wrap(doc.guid, doc, persistence, segments);
      // Every band of a story made here is in memory now: its checkpoints let it reopen from the leaf's.
      if (segments) writeBoundaryCheckpoints(doc, story.views, DocOrigin.driver);
      // The doc's whole state is written as it loads, and 'synced' comes before that write is stored.
      await Promise.all([stored(persistence), segments?.flush()]);
      open.set(doc.guid, Promise.resolve({ ok: true, story }));
      return story;
    },
    async loadSegment(storyId, n) {
      const opened = await open.get(storyId);
      return opened?.ok ? opened.story.segments?.()?.load(n) : undefined;
    },
    async remove(storyId) {
      await close(storyId);
      const root = storyDbName(storyId);
      await clearDocument(root);
      for (const n of await storedSegmentNumbers(root)) await clearDocument(segmentDatabase(root, n));
    },
    async flush() {
      const { persistence } = await libraryLoaded;
      await Promise.all([
        ...[persistence, ...live].map(stored),
        ...[...liveSegments].map((segments) => segments.flush()),
      ]);
    },
    async storedIds() {
      const storyPrefix = storyDbName('');
      const databases = await indexedDB.databases();
      // A segment's database is `<story's>~<n>`; `~` is in no story id.
      return databases.flatMap(({ name }) => {
        const id = name?.startsWith(storyPrefix) ? name.slice(storyPrefix.length) : undefined;
        return id === undefined || id.includes('~') ? [] : [id];
      });
    },
    close,
    async closeAll() {
      for (const o of [...open.values()]) {
        const r = await o;
        if (r.ok) await r.story.close();
      }
      const loaded = await libraryLoaded;
      loaded.tabs.close();
      await loaded.persistence.destroy();
    },
  };
}
