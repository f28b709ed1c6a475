// The bench story of story-gen.ts (same cast, ids, texts and projections for a seed) stored as the
// worker stores a segmented story: through the store's `adopt`, a root and one segment document per
// band of SEGMENT_DEPTHS depths, each in its own y-indexeddb database on fake-indexeddb. Memory-bounded:
// at most three segments are held while writing (the band being filled and the two below); each band
// is stored and unloaded once the one above it has begun, so 100,000 turns never sit in one heap. The
// boundary checkpoints are written as the host's upkeep writes them after play (writeBoundaryCheckpoints
// on the active path), so opening the story starts from the checkpoint below the leaf's segments.
import * as Y from 'yjs';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { DocOrigin } from '../../src/driver/doc/origins.ts';
import { SEGMENT_DEPTHS, segmentOf } from '../../src/driver/doc/segment-key.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../../src/driver/doc/segment-meta.ts';
import { createStory, metaMap } from '../../src/driver/doc/story-doc.ts';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { mulberry32 } from '../support/prng.ts';
import { benchCast, iso, turnWriter, uuidFrom } from './story-gen.ts';

/** Turns per transaction: a divisor of SEGMENT_DEPTHS, so no transaction spans two bands. */
const CHUNK = 250;

export interface SegmentedBuild {
  storyId: string;
  ids: string[];
  userId: string;
  /** The encoded root, and every segment's (each encoded once its band was full, or at the end). */
  rootBytes: number;
  segmentBytes: number[];
}

export async function writeSegmentedStory(opts: {
  turns: number;
  prefix: string;
  seed?: number;
  onChunk?: (done: number) => void;
}): Promise<SegmentedBuild> {
  const rng = mulberry32(opts.seed ?? 8);
  const root = new Y.Doc({ guid: uuidFrom(rng) });
  const { participants, userId } = benchCast(rng);
  root.transact(() => {
    createStory(root, { title: `A garden of ${opts.turns} turns`, language: 'en', createdAt: iso(0) });
    metaMap(root).set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
    for (const p of participants) addParticipant(root, p);
  });
  const store = createStoryStore({ prefix: opts.prefix, segmented: true });
  await store.ready;
  const story = await store.adopt(root);
  const set = storySetOf(root);
  const segments = story.segments?.();
  if (!set || !segments) throw new Error('the store did not make the story segmented');
  const ids = participants.map((p) => p.id);
  const write = turnWriter(root, rng, ids, userId);
  const segmentBytes: number[] = [];
  const encoded = (n: number) => Y.encodeStateAsUpdate(set.segment(n) as Y.Doc).byteLength;

  for (let start = 0; start < opts.turns; start += CHUNK) {
    const band = segmentOf(start);
    set.ensure(band).transact(() =>
      root.transact(() => {
        for (let i = start; i < Math.min(opts.turns, start + CHUNK); i++) write(i);
      }),
    );
    if (band > 0 && start % SEGMENT_DEPTHS === 0) {
      // Band `band − 2` is full and below what the views need: stored and let go of.
      if (band >= 2) {
        segmentBytes[band - 2] = encoded(band - 2);
        if (!(await segments.unload(band - 2))) throw new Error(`segment ${band - 2} stayed loaded`);
      }
      const views = createStoryViews(root);
      if (views.wants().length) throw new Error(`the views want segments ${views.wants().join(', ')}`);
      writeBoundaryCheckpoints(root, views, DocOrigin.driver);
      views.dispose();
    }
    opts.onChunk?.(Math.min(opts.turns, start + CHUNK));
  }
  for (const n of set.loaded()) segmentBytes[n] = encoded(n);
  const rootBytes = Y.encodeStateAsUpdate(root).byteLength;
  await store.flush();
  await store.closeAll();
  return { storyId: root.guid, ids, userId, rootBytes, segmentBytes };
}
