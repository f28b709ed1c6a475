// A story kept in one document becomes a segmented one, in place (docs/design/segmented-story.md §2.8):
// every segment is written and stored first, then one root transaction takes the turns out. A crash
// before that leaves the one document whole, and the next open starts again; running it on a segmented
// root sweeps the turns a v1 device wrote there since. How a segment is loaded and stored is the store's.
import type * as Y from 'yjs';
import { SEGMENTED_SCHEMA_VERSION } from '../../driver/doc/segment-meta.ts';
import {
  MIGRATION_ORIGIN,
  copySplitBand,
  finishSplit,
  planRootSplit,
  splitBands,
  type WriteSegment,
} from '../../driver/doc/split-segments.ts';
import { metaMap } from '../../driver/doc/story-doc.ts';

export type SegmentMigration =
  | {
      ok: true;
      /** The schema the root had: 1 migrated now, 2 swept. */
      from: number;
      /** The segments written. */
      segments: number[];
      /** The turns moved out of the root. */
      moved: number;
      /** Root turns left for later: their parent is in a segment not loaded. */
      waiting: number;
    }
  | { ok: false; code: 'newer-version'; detail: string };

/**
 * Moves the root's turns into their segments through `writeSegment` (which resolves once each is
 * stored), then changes the root in one transaction; the caller stores the root after (`flush`).
 * Idempotent: a second run finds nothing to move. Run it as the story opens, before sync or another
 * tab is linked to the root: a turn changed between its copy and the root's transaction would lose
 * the change.
 */
export async function migrateToSegments(root: Y.Doc, writeSegment: WriteSegment): Promise<SegmentMigration> {
  const stored: unknown = metaMap(root).get('schemaVersion');
  const from = typeof stored === 'number' && Number.isInteger(stored) ? stored : 1;
  if (from > SEGMENTED_SCHEMA_VERSION)
    return {
      ok: false,
      code: 'newer-version',
      detail: `This story was saved by a newer Rashomon (schema ${from}; this one reads up to ${SEGMENTED_SCHEMA_VERSION}). Update the app to open it.`,
    };
  const split = planRootSplit(root);
  const bands = splitBands(split);
  for (const n of bands) await writeSegment(n, (doc) => copySplitBand(root, doc, split, n, MIGRATION_ORIGIN));
  finishSplit(root, split);
  let moved = 0;
  for (const band of split.plan.values()) moved += band.length;
  return { ok: true, from, segments: bands, moved, waiting: split.waiting.length };
}
