// The segment documents of one segmented story on this device (docs/design/segmented-story.md §2.5,
// §2.7): each in its own IndexedDB database `<story's database>~<n>`, linked to this device's other
// tabs, put into the story's set as it loads and taken out once idle. The story's leaf decides what
// must stay: its segment and the one below, which opening loads and a new leaf (another device's, or
// an append into a new band) loads too.
import * as Y from 'yjs';
import { clearDocument, type IndexeddbPersistence } from 'y-indexeddb';
import { readLeafRef, LEAF_KEY } from '../../driver/doc/leaf-ref.ts';
import { bandMayExist, topBand } from '../../driver/doc/segment-clocks.ts';
import { segmentGuid, segmentOf, segmentStart } from '../../driver/doc/segment-key.ts';
import type { OwnedStorySet, SegmentEvent } from '../../driver/doc/story-set.ts';
import { metaMap } from '../../driver/doc/story-doc.ts';
import { lagsMirror } from '../../driver/doc/segment-clocks.ts';
import { persisted, stored } from './persistence.ts';
import type { TabLink } from './tab-sync.ts';

/** A segment unused this long may be unloaded: as long as the sync server keeps an idle room. */
export const SEGMENT_IDLE_UNLOAD_MS = 60_000;

/**
 * The most turns a prompt window reaches back (design §2.5, "≤ 500"): a leaf nearer than this to its
 * band's start needs the band below loaded too. With bands of 500 depths that is every leaf above 0.
 */
export const WINDOW_TURNS = 500;

/**
 * The most rows a story's first screen shows (the app asks for 40): opening loads the bands these are
 * in, and the band below the leaf's only once a command needs the prompt window (`loadLeaf`).
 */
export const FIRST_ROWS = 100;

export interface SegmentStore {
  /**
   * Segment `n` from this device's IndexedDB, put into the set: loaded once however often it is asked
   * for, at the same time too. Undefined when the story closed meanwhile.
   */
  load(n: number): Promise<Y.Doc | undefined>;
  loaded(): number[];
  /** The segments the leaf needs: its own, and the one below when the leaf is within the window. */
  needed(): number[];
  /** Loads what the leaf needs. */
  loadLeaf(): Promise<void>;
  /** Loads the bands of the newest FIRST_ROWS turns of the active path (what opening shows). */
  loadNewest(): Promise<void>;
  /** Takes segment `n` out once what it holds is stored; false when it was not loaded. */
  unload(n: number): Promise<boolean>;
  /** Unloads segment `n` and deletes its database (a fetch left unfinished); false when it is kept. */
  discard(n: number): Promise<boolean>;
  /** Unloads every segment the leaf does not need that was unused for SEGMENT_IDLE_UNLOAD_MS. */
  unloadIdle(nowMs: number): Promise<number[]>;
  /** The segments with a database on this device, loaded or not. */
  storedSegments(): Promise<number[]>;
  /** Resolves once every change made so far to a loaded segment is in IndexedDB. */
  flush(): Promise<void>;
  /** Closes every segment document (the story is closing); their stored copies stay. */
  close(): Promise<void>;
}

export interface SegmentStoreOptions {
  set: OwnedStorySet;
  /** The root's database name: segment n's is `<root>~<n>`. */
  rootDatabase: string;
  /** Links a loaded document to the other tabs (by its database name). */
  link(name: string, doc: Y.Doc): TabLink;
  clock(): number;
}

/** Segment `n`'s database, next to its story's. */
export const segmentDatabase = (rootDatabase: string, n: number) => `${rootDatabase}~${n}`;

/** The segments of the story stored as `rootDatabase` that have a database on this device. */
export async function storedSegmentNumbers(rootDatabase: string): Promise<number[]> {
  const databases = await indexedDB.databases();
  const own = new RegExp(`^${rootDatabase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}~(0|[1-9][0-9]*)$`);
  return databases
    .flatMap(({ name }) => {
      const n = name === undefined ? undefined : own.exec(name)?.[1];
      return n === undefined ? [] : [Number(n)];
    })
    .sort((a, b) => a - b);
}

/**
 * A new segment document with its `segment` header (design §2.1). Every writer writes the same values,
 * so two devices making segment n at once do not conflict.
 */
export function makeSegmentDoc(storyId: string, n: number): Y.Doc {
  const doc = new Y.Doc({ guid: segmentGuid(storyId, n) });
  const header = doc.getMap<unknown>('segment');
  header.set('story', storyId);
  header.set('n', n);
  return doc;
}

interface Held {
  doc: Y.Doc;
  persistence: Promise<IndexeddbPersistence>;
  tabs: TabLink | undefined;
  lastUsed: number;
  stopWatching(): void;
}

export function createSegmentStore(options: SegmentStoreOptions): SegmentStore {
  const { set, rootDatabase, link, clock } = options;
  const root = set.root;
  const held = new Map<number, Held>();
  const loading = new Map<number, Promise<Y.Doc | undefined>>();
  let closed = false;

  /** Keeps `doc` as segment n: persisted, linked to the tabs once loaded, its use tracked. */
  const hold = (n: number, doc: Y.Doc, persistence: Promise<IndexeddbPersistence>) => {
    const touch = () => {
      entry.lastUsed = clock();
    };
    doc.on('update', touch);
    const entry: Held = {
      doc,
      persistence,
      tabs: undefined,
      lastUsed: clock(),
      stopWatching: () => doc.off('update', touch),
    };
    held.set(n, entry);
    void persistence.then(() => {
      if (held.get(n) === entry) entry.tabs = link(segmentDatabase(rootDatabase, n), doc);
    });
    return entry;
  };
  /** Lets go of segment n's persistence and tab link (synchronously: no update falls in between). */
  const release = (n: number, entry: Held): Promise<unknown> => {
    held.delete(n);
    entry.stopWatching();
    entry.tabs?.close();
    return entry.persistence.then((p) => p.destroy());
  };

  // A segment another part put into the set (an append into a new band made it with `ensure`) is
  // stored and linked like a loaded one; one taken out by another part is let go of.
  const onSet = (event: SegmentEvent) => {
    const entry = held.get(event.n);
    if (event.kind === 'added' && entry?.doc !== event.doc)
      hold(event.n, event.doc, persisted(segmentDatabase(rootDatabase, event.n), event.doc));
    if (event.kind === 'removed' && entry?.doc === event.doc) void release(event.n, entry);
  };
  const stopObserving = set.observe(onSet);
  // Segments already in the set (a story made in memory, about to be stored) are stored from now on.
  for (const n of set.loaded()) {
    const doc = set.segment(n);
    if (doc) onSet({ kind: 'added', n, doc });
  }

  /** The leaf's band, and the one below when the leaf's newest `rows` reach into it. */
  const leafBands = (rows: number): number[] => {
    const leaf = readLeafRef(root);
    if (!leaf) return [];
    // A leaf at a depth no device wrote at (U5) loads the newest written bands, never its own.
    if (!bandMayExist(root, segmentOf(leaf.depth))) {
      const top = topBand(root);
      return top > 0 ? [top, top - 1] : [top];
    }
    const n = segmentOf(leaf.depth);
    return n > 0 && leaf.depth - segmentStart(n) < rows ? [n, n - 1] : [n];
  };
  const needed = () => leafBands(WINDOW_TURNS);

  const load = (n: number): Promise<Y.Doc | undefined> => {
    const entry = held.get(n);
    if (entry) {
      entry.lastUsed = clock();
      return Promise.resolve(entry.doc);
    }
    const pending = loading.get(n);
    if (pending) return pending;
    const opening = (async () => {
      const doc = new Y.Doc({ guid: segmentGuid(root.guid, n) });
      const persistence = await persisted(segmentDatabase(rootDatabase, n), doc);
      // Made meanwhile by an append into its band: that document is stored in the same database.
      const made = set.segment(n);
      if (closed || made) {
        await persistence.destroy();
        doc.destroy();
        return closed ? undefined : made;
      }
      hold(n, doc, Promise.resolve(persistence));
      set.add(n, doc);
      return doc;
    })().finally(() => loading.delete(n));
    loading.set(n, opening);
    return opening;
  };

  const loadLeaf = async () => {
    await Promise.all(needed().map(load));
  };
  const loadNewest = async () => {
    await Promise.all(leafBands(FIRST_ROWS).map(load));
  };
  // A leaf another device moved into a band not loaded here (or a new device's first sync of the root).
  const onMeta = (event: Y.YMapEvent<unknown>) => {
    if (event.keysChanged.has(LEAF_KEY)) void loadLeaf();
  };
  metaMap(root).observe(onMeta);

  const unload = async (n: number, stillIdle: (entry: Held) => boolean = () => true) => {
    const entry = held.get(n);
    if (!entry) return false;
    await stored(await entry.persistence);
    // Used, unloaded or replaced while its writes were being stored: keep it.
    if (held.get(n) !== entry || !stillIdle(entry)) return false;
    // Opened before anything of it reached this device (scrolled to offline, say): no empty database
    // is left to pass for it, so the background fetch still takes it and an export says it is missing.
    const neverReceived = entry.doc.store.clients.size === 0 && lagsMirror(root, n, entry.doc);
    const closing = release(n, entry);
    set.remove(n);
    entry.doc.destroy();
    await closing;
    if (neverReceived) await clearDocument(segmentDatabase(rootDatabase, n));
    return true;
  };

  return {
    load,
    loaded: () => [...held.keys()].sort((a, b) => a - b),
    needed,
    loadLeaf,
    loadNewest,
    unload: (n) => unload(n),
    async discard(n) {
      if (needed().includes(n) || (held.has(n) && !(await unload(n)))) return false;
      await clearDocument(segmentDatabase(rootDatabase, n));
      return true;
    },
    async unloadIdle(nowMs) {
      const idle = (entry: Held) => nowMs - entry.lastUsed >= SEGMENT_IDLE_UNLOAD_MS;
      const candidates = [...held].filter(([n, entry]) => !needed().includes(n) && idle(entry));
      const unloaded: number[] = [];
      for (const [n] of candidates)
        if (await unload(n, (entry) => idle(entry) && !needed().includes(n))) unloaded.push(n);
      return unloaded;
    },
    storedSegments: () => storedSegmentNumbers(rootDatabase),
    async flush() {
      await Promise.all([...held.values()].map(async (entry) => stored(await entry.persistence)));
    },
    async close() {
      closed = true;
      stopObserving();
      metaMap(root).unobserve(onMeta);
      await Promise.allSettled(loading.values());
      // A segment made just now (an append into a new band) may still be opening its database: destroyed
      // before that, y-indexeddb never says it is synced, and letting go of it would wait forever.
      await Promise.allSettled([...held.values()].map((entry) => entry.persistence));
      await Promise.all(
        [...held].map(([n, entry]) => {
          const closing = release(n, entry);
          entry.doc.destroy();
          return closing;
        }),
      );
    },
  };
}
