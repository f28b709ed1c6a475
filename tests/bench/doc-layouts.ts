// The two layouts a docScale story is stored and opened in. `segmented` (what the app does now): a
// root and one database per segment (segmented-story-gen.ts), opened by `createStoryStore({segmented:
// true}).open` — the root, and the leaf's segment and the one below (design §2.5). `one-doc` (the
// comparison): the whole story in one document and one database, opened as the worker opened it before
// segments (y-indexeddb loaded by `persisted()`, `migrateStory`, `createStoryViews`). Both then derive
// what the worker answers with: `overview` and `transcriptSlice` of the last 50 turns (views.ts).
import * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { migrateStory } from '../../src/driver/doc/migrations.ts';
import { trackSegmentWrites } from '../../src/driver/doc/segment-clocks.ts';
import { createStorySet, storySetOf } from '../../src/driver/doc/story-set.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import { makeSegmentDoc } from '../../src/workers/store/segment-store.ts';
import { createStoryStore, persisted, stored } from '../../src/workers/store/story-store.ts';
import { storeDbs } from './ready-to-send.ts';
import { writeSegmentedStory } from './segmented-story-gen.ts';
import { buildStory } from './story-gen.ts';
import { now } from './stats.ts';

export const LAYOUTS = ['segmented', 'one-doc'] as const;
export type Layout = (typeof LAYOUTS)[number];

const LAST = 50;

/** What a written story leaves for the figures (the docs themselves are let go of). */
export interface Written {
  guid: string;
  ids: string[];
  userId: string;
  /** Root + every segment (segmented), or the one document, encoded. */
  bytes: number;
  rootBytes: number | null;
  segments: number;
}

export interface Opened {
  doc: Y.Doc;
  views: StoryViews;
  length: number;
  rows: number;
  /** The segments loaded (segmented), or null. */
  loaded: number[] | null;
  /** Milliseconds from asking for the story until its overview and last 50 rows are derived. */
  ms: number;
  /** That time split: the store's load (IndexedDB, decoding), the views' path (overview), the 50 rows. */
  split: { storeMs: number; pathMs: number; sliceMs: number };
  /**
   * Waits until everything written is stored, lets go of storage, and hands back the story to edit
   * without storing the edits (the host must later find it as it was).
   */
  detach(): Promise<{ doc: Y.Doc; views: StoryViews; dispose(): void }>;
  close(): Promise<void>;
}

/** Writes a `turns`-turn story into the store's IndexedDB in `layout`, and lets its docs go. */
export async function writeStory(
  layout: Layout,
  turns: number,
  prefix: string,
  onChunk: (done: number) => void,
): Promise<Written> {
  if (layout === 'segmented') {
    const built = await writeSegmentedStory({ turns, prefix, onChunk });
    const segmentTotal = built.segmentBytes.reduce((a, b) => a + b, 0);
    return {
      guid: built.storyId,
      ids: built.ids,
      userId: built.userId,
      bytes: built.rootBytes + segmentTotal,
      rootBytes: built.rootBytes,
      segments: built.segmentBytes.length,
    };
  }
  let persistence: IndexeddbPersistence | undefined;
  const built = await buildStory({
    turns,
    chunk: 250,
    beforeWrite: async (doc) => {
      persistence = new IndexeddbPersistence(storeDbs(prefix).story(doc.guid), doc);
      await persistence.whenSynced;
    },
    onChunk,
  });
  const bytes = Y.encodeStateAsUpdate(built.doc).byteLength;
  if (persistence) await stored(persistence);
  await persistence?.destroy();
  built.doc.destroy();
  return {
    guid: built.doc.guid,
    ids: built.participants.map((p) => p.id),
    userId: built.userId,
    bytes,
    rootBytes: null,
    segments: 0,
  };
}

/** The overview and the last 50 rows, timed from `stored` (when the store had loaded the story). */
function derive(doc: Y.Doc, views: StoryViews, start: number, stored: number) {
  const story = { doc, views };
  const { length } = overview(story);
  const pathAt = now();
  const rows = transcriptSlice(story, { start: length - LAST }).rows.length;
  const end = now();
  const split = { storeMs: stored - start, pathMs: pathAt - stored, sliceMs: end - pathAt };
  return { length, rows, ms: end - start, split };
}

async function openOneDoc(prefix: string, guid: string): Promise<Opened> {
  const start = now();
  const doc = new Y.Doc({ guid });
  const persistence = await persisted(storeDbs(prefix).story(guid), doc);
  const migrated = migrateStory(doc);
  if (!migrated.ok) throw new Error(migrated.detail);
  const views = createStoryViews(doc);
  return {
    doc,
    views,
    ...derive(doc, views, start, now()),
    loaded: null,
    async detach() {
      await stored(persistence);
      await persistence.destroy();
      return {
        doc,
        views,
        dispose() {
          views.dispose();
          doc.destroy();
        },
      };
    },
    async close() {
      views.dispose();
      await persistence.destroy();
      doc.destroy();
    },
  };
}

/** A copy of the root and the loaded segments, in a set of its own that no store keeps. */
function copyLoaded(root: Y.Doc): Y.Doc {
  const from = storySetOf(root);
  const copy = new Y.Doc({ guid: root.guid });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(root));
  const set = createStorySet(copy, (n) => makeSegmentDoc(root.guid, n));
  for (const n of from?.loaded() ?? []) {
    const segment = new Y.Doc({ guid: (from?.segment(n) as Y.Doc).guid });
    Y.applyUpdate(segment, Y.encodeStateAsUpdate(from?.segment(n) as Y.Doc));
    set.add(n, segment);
  }
  return copy;
}

async function openSegmented(prefix: string, guid: string): Promise<Opened> {
  // The worker's store exists before a story is opened: its library load is not the story's.
  const store = createStoryStore({ prefix, segmented: true });
  await store.ready;
  const start = now();
  const opened = await store.open(guid);
  if (!opened.ok) throw new Error(opened.detail);
  const stored = now();
  const { doc, views } = opened.story;
  // The host loads what the views want before it answers (segment-upkeep.ts): nothing, with checkpoints.
  const wanted = views.wants();
  const derived = derive(doc, views, start, stored);
  if (wanted.length) throw new Error(`the opened story wants segments ${wanted.join(', ')}: no checkpoint`);
  return {
    doc,
    views,
    ...derived,
    loaded: opened.story.segments?.()?.loaded() ?? [],
    async detach() {
      await store.flush();
      const copy = copyLoaded(doc);
      await store.closeAll();
      const stopTracking = trackSegmentWrites(copy);
      const copyViews = createStoryViews(copy);
      return {
        doc: copy,
        views: copyViews,
        dispose() {
          stopTracking();
          copyViews.dispose();
          for (const n of storySetOf(copy)?.loaded() ?? []) storySetOf(copy)?.segment(n)?.destroy();
          copy.destroy();
        },
      };
    },
    close: () => store.closeAll(),
  };
}

export const openStory = (layout: Layout, prefix: string, guid: string): Promise<Opened> =>
  layout === 'segmented' ? openSegmented(prefix, guid) : openOneDoc(prefix, guid);
