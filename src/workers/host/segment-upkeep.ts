// What the host does for an open segmented story (docs/design/segmented-story.md §2.4, §2.5): the
// segments its views need are loaded before a command reads them, the checkpoints of the boundaries on
// the active path are written once a change settles, and segments left unused are unloaded after
// SEGMENT_IDLE_UNLOAD_MS. A story kept in one document has no segments: all of it is a no-op there.
import { writeBoundaryCheckpoints } from '../../driver/views/boundary-checkpoint.ts';
import { segmentsWanted } from '../../driver/turns/chronicle-boundaries.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { SEGMENT_IDLE_UNLOAD_MS } from '../store/segment-store.ts';
import type { OpenStory } from '../store/story-store.ts';
import { SEGMENT_DEPTHS } from '../../driver/doc/segment-key.ts';
import { storySetOf } from '../../driver/doc/story-set.ts';
import type { Timers } from './token-batcher.ts';

export interface SegmentUpkeep {
  /** Loads the segments the views want (a seed without a valid checkpoint); resolves when they are in. */
  ready(): Promise<void>;
  /** Loads the bands from the one holding `depth` up to the active path's first loaded one (rows asked for above it). */
  reach(depth: number): Promise<void>;
  /** The story changed: its boundary checkpoints are written once the change settles. */
  changed(): void;
  stop(): void;
}

export function keepSegments(story: OpenStory, timers: Timers, clock: () => number): SegmentUpkeep {
  let checkpointTimer: unknown = null;
  let idleTimer: unknown = null;
  let stopped = false;

  /** Unloads idle segments while more than the leaf's are loaded, checking again after each idle span. */
  const scheduleIdle = () => {
    const segments = story.segments?.();
    if (stopped || idleTimer !== null || !segments) return;
    if (segments.loaded().every((n) => segments.needed().includes(n))) return;
    idleTimer = timers.setTimeout(() => {
      idleTimer = null;
      void segments.unloadIdle(clock()).then(scheduleIdle);
    }, SEGMENT_IDLE_UNLOAD_MS);
  };

  return {
    async ready() {
      const segments = story.segments?.();
      if (!segments) return;
      // Each load can move the seed lower (its checkpoint missing too): ask again until none is wanted.
      // The chronicle's needs too (CS3): a seed without a usable chronicle checkpoint wants the band below.
      const want = () => segmentsWanted(story.doc, story.views);
      for (let wanted = want(); wanted.length && !stopped; wanted = want()) {
        const before = segments.loaded().join();
        await Promise.all(wanted.map((n) => segments.load(n)));
        if (segments.loaded().join() === before) break;
      }
      scheduleIdle();
    },
    async reach(depth) {
      const segments = story.segments?.();
      // A story in one document has every row: no copy of its path to make on each slice asked.
      if (!segments) return;
      const first = story.views.path()[0]?.index ?? 0;
      if (depth >= first) return;
      const bands = storySetOf(story.doc)?.depths ?? SEGMENT_DEPTHS;
      for (let n = Math.floor(first / bands) - 1; n >= Math.floor(depth / bands) && !stopped; n--)
        await segments.load(n);
      scheduleIdle();
    },
    changed() {
      if (stopped || checkpointTimer !== null || !story.segments?.()) return;
      checkpointTimer = timers.setTimeout(() => {
        checkpointTimer = null;
        if (!stopped) writeBoundaryCheckpoints(story.doc, story.views, DocOrigin.driver);
        scheduleIdle();
      }, 0);
    },
    stop() {
      stopped = true;
      if (checkpointTimer !== null) timers.clearTimeout(checkpointTimer);
      if (idleTimer !== null) timers.clearTimeout(idleTimer);
    },
  };
}
