// How a Story JSON export reaches an open segmented story's segments (docs/design/segmented-story.md
// §2.9): every band the root's clock mirror names or this device stores, each loaded in turn and
// unloaded after unless it was loaded before (the leaf's, or one in use). A band the mirror names that
// this device never stored, or holds without writes the mirror names (opened here before they arrived),
// is not here: the export says so rather than write a story cut short.
import { lagsMirror, segmentClocksMap } from '../../driver/doc/segment-clocks.ts';
import type { SegmentLoader } from '../../driver/story-json/export-segments.ts';
import type * as Y from 'yjs';
import type { SegmentStore } from './segment-store.ts';

/** The segments the mirror names: keys `<n>:<clientID>`. */
function mirroredSegments(root: Y.Doc): number[] {
  const out = new Set<number>();
  for (const key of segmentClocksMap(root).keys()) {
    const n = Number(key.slice(0, key.indexOf(':')));
    if (Number.isInteger(n) && n >= 0) out.add(n);
  }
  return [...out];
}

export async function segmentExportLoader(root: Y.Doc, segments: SegmentStore): Promise<SegmentLoader> {
  const stored = new Set(await segments.storedSegments());
  const before = new Set(segments.loaded());
  const all = new Set([...mirroredSegments(root), ...stored, ...before]);
  const release = async (n: number) => {
    if (!before.has(n) && !segments.needed().includes(n)) await segments.unload(n);
  };
  return {
    segments: [...all].sort((a, b) => a - b),
    async load(n) {
      if (!stored.has(n) && !before.has(n)) return null;
      const doc = await segments.load(n);
      if (!doc || !lagsMirror(root, n, doc)) return doc ?? null;
      await release(n);
      return null;
    },
    release,
  };
}
