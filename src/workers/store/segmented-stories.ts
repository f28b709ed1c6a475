// How the store tells a segmented story and gives it its segments (design §2.1, §2.5, §2.8): a root of
// schema 2 opens with its StorySet registered, the leaf's segments loaded and the turns an older device
// wrote into the root swept out; a story kept in one document (schema 1) is migrated as it opens; an
// empty root (a story arriving from the sync server) becomes segmented when its first sync says so; a
// new story made as one document is copied into a fresh root and segments before it is first stored. Every
// set made here keeps the root's mirror of its segments' clocks.
import * as Y from 'yjs';
import { migrateStory, type MigrationResult } from '../../driver/doc/migrations.ts';
import { createStorySet, storySetOf, type OwnedStorySet } from '../../driver/doc/story-set.ts';
import { metaMap, turnsMap } from '../../driver/doc/story-doc.ts';
import { trackSegmentWrites } from '../../driver/doc/segment-clocks.ts';
import { MIGRATION_ORIGIN, sweepRootTurns } from '../../driver/doc/split-segments.ts';
import { segmentedCopy } from '../../driver/doc/segmented-copy.ts';
import { migrateToSegments } from './segment-migration.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../../driver/doc/segment-meta.ts';
import { createSegmentStore, makeSegmentDoc, type SegmentStore } from './segment-store.ts';
import type { TabLink } from './tab-sync.ts';

export type SegmentedOpen = { ok: true; segments: SegmentStore } | Extract<MigrationResult, { ok: false }>;

export interface SegmentedStories {
  /** Whether a loaded root is a segmented story's (schema 2 or later). */
  isSegmented(root: Y.Doc): boolean;
  /**
   * Registers the root's set and loads what its leaf needs, migrating a story kept in one document and
   * sweeping a segmented root's turns first; a newer schema is refused.
   */
  open(root: Y.Doc): Promise<SegmentedOpen>;
  /**
   * The root and segments of a story about to be stored: its own set (an import made segmented), one
   * made for a segmented root, or — a story kept in one document — a fresh root and segments it is
   * copied into (the root it is stored as).
   */
  adopt(doc: Y.Doc, set?: OwnedStorySet): Promise<{ root: Y.Doc; segments: SegmentStore }>;
  /** Calls `then` once an empty root's first content says it is segmented; returns how to stop. */
  whenSegmented(root: Y.Doc, then: (segments: SegmentStore) => void): () => void;
}

const schemaOf = (root: Y.Doc): unknown => metaMap(root).get('schemaVersion');

export function createSegmentedStories(deps: {
  rootDatabase(storyId: string): string;
  link(name: string, doc: Y.Doc): TabLink;
  clock(): number;
}): SegmentedStories {
  const isSegmented = (root: Y.Doc) => {
    const version = schemaOf(root);
    return typeof version === 'number' && version >= SEGMENTED_SCHEMA_VERSION;
  };
  const segmentsOf = (root: Y.Doc, set?: OwnedStorySet): SegmentStore => {
    const store = createSegmentStore({
      set: set ?? createStorySet(root, (n) => makeSegmentDoc(root.guid, n)),
      rootDatabase: deps.rootDatabase(root.guid),
      link: deps.link,
      clock: deps.clock,
    });
    const stopTracking = trackSegmentWrites(root);
    return {
      ...store,
      close() {
        stopTracking();
        return store.close();
      },
    };
  };
  /** Moves a story kept in one document into segments, each stored before the root lets go of its turns. */
  const migrate = async (root: Y.Doc, segments: SegmentStore) => {
    const migrated = await migrateToSegments(root, async (n, write) => {
      const doc = await segments.load(n);
      if (!doc) throw new Error(`story ${root.guid} closed while it was migrated`);
      write(doc);
      await segments.flush();
    });
    if (!migrated.ok) return migrated;
    // Every band was loaded to be written: only the leaf's stay.
    const kept = segments.needed();
    for (const n of segments.loaded()) if (!kept.includes(n)) await segments.unload(n);
    return migrated;
  };

  return {
    isSegmented,
    async open(root) {
      // A later schema is a newer Rashomon's, refused as today.
      const checked = isSegmented(root) ? migrateStory(root, [], SEGMENTED_SCHEMA_VERSION) : undefined;
      if (checked && !checked.ok) return checked;
      const segments = segmentsOf(root);
      if (!checked) {
        const migrated = await migrate(root, segments);
        if (!migrated.ok) {
          await segments.close();
          return migrated;
        }
      }
      // What the first screen shows; the prompt window's band comes before a command plays (the host's upkeep).
      await segments.loadNewest();
      // Turns a device of schema 1 wrote into the root since: into their segments (design §2.8).
      if (turnsMap(root).size) {
        const storySet = storySetOf(root);
        if (storySet) sweepRootTurns(storySet);
      }
      return { ok: true, segments };
    },
    async adopt(doc, set) {
      if (set) {
        if (storySetOf(doc) !== set) throw new Error(`the set given is not ${doc.guid}'s`);
        return { root: doc, segments: segmentsOf(doc, set) };
      }
      if (storySetOf(doc)) throw new Error(`story ${doc.guid} has a set of its own: pass it to adopt`);
      if (isSegmented(doc)) {
        const made = createStorySet(doc, (n) => makeSegmentDoc(doc.guid, n));
        return { root: doc, segments: segmentsOf(doc, made) };
      }
      const root = new Y.Doc({ guid: doc.guid });
      const made = createStorySet(root, (n) => makeSegmentDoc(root.guid, n));
      await segmentedCopy(doc, root, async (n, write) => write(made.ensure(n)), MIGRATION_ORIGIN);
      return { root, segments: segmentsOf(root, made) };
    },
    whenSegmented(root, then) {
      const meta = metaMap(root);
      let watching = true;
      const stop = () => {
        if (watching) meta.unobserve(onMeta);
        watching = false;
      };
      const onMeta = () => {
        if (schemaOf(root) === undefined) return;
        stop();
        // A story in one document, or a newer Rashomon's (refused when it is next opened), stays as it is.
        if (schemaOf(root) !== SEGMENTED_SCHEMA_VERSION) return;
        const segments = segmentsOf(root);
        then(segments);
        void segments.loadLeaf();
      };
      meta.observe(onMeta);
      return stop;
    },
  };
}
