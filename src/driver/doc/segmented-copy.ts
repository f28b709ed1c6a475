// A story kept in one document copied into a fresh root and segment documents (design §2.1): what a
// new or imported story becomes before it is first stored. Its root never held the turns, so it keeps
// none of the tombstones an in-place migration leaves (63 bytes a turn, design §2.8), and each segment
// is written through `writeSegment` (stored before the next is made, where the caller stores them).
import * as Y from 'yjs';
import { writeLeafRef } from './leaf-ref.ts';
import { copyTopLevel } from './shared-copy.ts';
import { KEY, metaMap } from './story-doc.ts';
import { SEGMENTED_SCHEMA_VERSION } from './segment-meta.ts';
import { copySplitBand, planRootSplit, splitBands, type WriteSegment } from './split-segments.ts';
import { dropMovedChronicle } from './split-chronicle.ts';

const NOT_IN_ROOT = new Set<string>([KEY.turns]);

/**
 * Copies `whole` into `root` (same guid, empty) and its segments, chronicle entries and audit with
 * their last turns (`whole` gives them up); returns the segments written.
 */
export async function segmentedCopy(
  whole: Y.Doc,
  root: Y.Doc,
  writeSegment: WriteSegment,
  origin?: unknown,
): Promise<number[]> {
  if (root.guid !== whole.guid) throw new Error(`${root.guid} cannot hold story ${whole.guid}`);
  const split = planRootSplit(whole);
  const bands = splitBands(split);
  for (const n of bands) await writeSegment(n, (doc) => copySplitBand(whole, doc, split, n, origin));
  // Chronicle entries and audit went with their last turns: the root keeps the person's records.
  dropMovedChronicle(whole, split.chronicle);
  root.transact(() => {
    copyTopLevel(whole, root, NOT_IN_ROOT);
    const meta = metaMap(root);
    meta.delete('activeLeaf');
    writeLeafRef(root, split.leaf ?? null);
    meta.set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
  }, origin);
  return bands;
}
