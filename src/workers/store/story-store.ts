// The worker's documents: the library and every opened story, each a Y.Doc persisted in IndexedDB
// through y-indexeddb. Opening a story loads it once and keeps it with its derived views; with a
// BroadcastChannel, each document is also kept in step with this device's other tabs.
import * as Y from 'yjs';
import { IndexeddbPersistence, clearDocument } from 'y-indexeddb';
import { LIBRARY_ROOM } from '../../../sync-server/protocol.ts';
import { createStoryViews } from '../../driver/views/story-views.ts';
import type { Story } from '../../driver/env.ts';
import { migrateStory } from '../../driver/doc/migrations.ts';
import { linkTabs, type TabChannel, type TabLink } from './tab-sync.ts';

const DEFAULT_PREFIX = 'rashomon';

export interface OpenStory extends Story {
  id: string;
  close(): Promise<void>;
}

export type OpenResult =
  { ok: true; story: OpenStory } | { ok: false; code: 'newer-version'; detail: string };

export interface StoryStore {
  library: Y.Doc;
  ready: Promise<void>;
  /** Opens (or returns the open) story; a new id makes an empty doc to fill. */
  open(storyId: string): Promise<OpenResult>;
  /** Stores a filled doc (a new or imported story) under its guid and opens it. */
  adopt(doc: Y.Doc): Promise<OpenStory>;
  remove(storyId: string): Promise<void>;
  /**
   * Resolves once every change made so far to the library and the open stories is in IndexedDB. A
   * command awaits it before answering: a reload kills the worker, and with it any write not yet stored.
   */
  flush(): Promise<void>;
  /** The ids of the stories stored on this device, listed or not. */
  storedIds(): Promise<string[]>;
  /** Closes the story if it is open; its stored copy stays. */
  close(storyId: string): Promise<void>;
  closeAll(): Promise<void>;
}

/** Attaches y-indexeddb to `doc` and resolves once the stored updates are in it. */
export async function persisted(name: string, doc: Y.Doc): Promise<IndexeddbPersistence> {
  const persistence = new IndexeddbPersistence(name, doc);
  // y-indexeddb listens for updates before it loads, and Yjs encodes each transaction for an update
  // listener: loading re-encoded the whole story (a third of opening 10,000 turns) only for the
  // listener to skip it as its own. It listens again the moment the stored updates are in.
  doc.off('update', persistence._storeUpdate);
  persistence.once('synced', () => doc.on('update', persistence._storeUpdate));
  await persistence.whenSynced;
  return persistence;
}

/**
 * Resolves once every write begun so far on the document's database is committed. y-indexeddb stores
 * each update in a transaction of its own and never waits for it; IndexedDB starts a transaction only
 * after the earlier ones writing the same store have finished, so this read's end comes after theirs.
 */
export function stored(persistence: IndexeddbPersistence): Promise<void> {
  const db = persistence.db;
  if (!db) return persistence.whenSynced.then(() => stored(persistence));
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(['updates'], 'readonly');
    transaction.objectStore('updates').count();
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error(`IndexedDB: ${persistence.name}`));
  });
}

export interface StoryStoreOptions {
  /** Names the IndexedDB databases: one per device, or per simulated device in tests. */
  prefix?: string;
  /**
   * Links every document to the other tabs of this device that use the same prefix. The worker passes
   * the platform's; off when absent, as in Node tests, where stores are separate devices and Node's
   * global BroadcastChannel would join them behind the test's back.
   */
  broadcast?: TabChannel | undefined;
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
  /** The open stories' persistences, for `flush`. */
  const live = new Set<IndexeddbPersistence>();

  const wrap = (id: string, doc: Y.Doc, persistence: IndexeddbPersistence): OpenStory => {
    const views = createStoryViews(doc);
    const tabs = link(storyDbName(id), doc);
    live.add(persistence);
    return {
      id,
      doc,
      views,
      async close() {
        tabs.close();
        views.dispose();
        live.delete(persistence);
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
        const migrated = migrateStory(doc);
        if (!migrated.ok) {
          await persistence.destroy();
          open.delete(storyId);
          return migrated;
        }
        return { ok: true, story: wrap(storyId, doc, persistence) };
      })();
      open.set(storyId, opening);
      return opening;
    },
    async adopt(doc) {
      const persistence = await persisted(storyDbName(doc.guid), doc);
      // The doc's whole state is written as it loads, and 'synced' comes before that write is stored.
      await stored(persistence);
      const story = wrap(doc.guid, doc, persistence);
      open.set(doc.guid, Promise.resolve({ ok: true, story }));
      return story;
    },
    async remove(storyId) {
      await close(storyId);
      await clearDocument(storyDbName(storyId));
    },
    async flush() {
      const { persistence } = await libraryLoaded;
      await Promise.all([persistence, ...live].map(stored));
    },
    async storedIds() {
      const storyPrefix = storyDbName('');
      const databases = await indexedDB.databases();
      return databases.flatMap(({ name }) =>
        name?.startsWith(storyPrefix) ? [name.slice(storyPrefix.length)] : [],
      );
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
