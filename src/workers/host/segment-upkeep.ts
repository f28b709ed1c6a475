// What the host does for an open segmented story (docs/design/segmented-story.md §2.4, §2.5): the
// segments its views need are loaded before a command reads them, the checkpoints of the boundaries on
// the active path are written once a change settles, and segments left unused are unloaded after
// SEGMENT_IDLE_UNLOAD_MS; the band above the rows asked for is fetched before they are scrolled
// past. A story kept in one document has no segments: all of it is a no-op there.
import { writeBoundaryCheckpoints } from '../../driver/views/boundary-checkpoint.ts';
import { segmentsWanted } from '../../driver/memory/chronicle-boundaries.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { SEGMENT_IDLE_UNLOAD_MS } from '../store/segment-store.ts';
import type { OpenStory } from '../store/story-store.ts';
import { SEGMENT_DEPTHS } from '../../driver/doc/segment-key.ts';
import { storySetOf } from '../../driver/doc/story-set.ts';
import type { Timers } from './token-batcher.ts';

/** How near the top of the loaded rows a slice may start before the band above is fetched. */
export const PREFETCH_ROWS = 100;

export interface SegmentUpkeep {
  /**
   * Loads the segments the views want (a seed without a valid checkpoint) and, unless only `showing`
   * the story's rows, those its leaf's prompt window reaches; resolves when they are in.
   */
  ready(showing?: boolean): Promise<void>;
  /**
   * Loads the bands from the one holding `depth` up to the active path's first loaded one (rows asked
   * for above it), and starts loading the band above when `depth` is within PREFETCH_ROWS of their top.
   */
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
    async ready(showing = false) {
      const segments = story.segments?.();
      if (!segments) return;
      if (!showing) await segments.loadLeaf();
      // Each load can move the seed lower (its checkpoint missing too): ask again until none is wanted.
      // The chronicle's needs too (CS3): a seed without a usable chronicle checkpoint wants the band below.
      // Each answer walks what is loaded: a story with no checkpoint at all would cost a walk per band,
      // so every next round loads twice as many bands below what is wanted (rounds: log2 of the bands).
      const want = () => segmentsWanted(story.doc, story.views);
      let reach = 1;
      for (let wanted = want(); wanted.length && !stopped; wanted = want(), reach *= 2) {
        const before = segments.loaded().join();
        const bands = wanted.flatMap((n) => Array.from({ length: Math.min(reach, n + 1) }, (_, k) => n - k));
        await Promise.all([...new Set(bands)].map((n) => segments.load(n)));
        if (segments.loaded().join() === before) break;
      }
      scheduleIdle();
    },
    async reach(depth) {
      const segments = story.segments?.();
      // A story in one document has every row: no copy of its path to make on each slice asked.
      if (!segments) return;
      const first = story.views.path()[0]?.index ?? 0;
      const bands = storySetOf(story.doc)?.depths ?? SEGMENT_DEPTHS;
      const band = Math.floor(depth / bands);
      for (let n = Math.floor(first / bands) - 1; n >= band && !stopped; n--) await segments.load(n);
      // Rows asked for near the top of what is loaded: the band above them comes in before it is scrolled to.
      const top = depth < first ? band * bands : first;
      if (top > 0 && depth - top < PREFETCH_ROWS && !stopped)
        void segments.load(Math.floor(top / bands) - 1).then(scheduleIdle);
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
