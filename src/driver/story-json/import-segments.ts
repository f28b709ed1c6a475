// Story JSON import as a segmented story (docs/design/segmented-story.md §2.9): the file is read and
// checked as for one document (importStory: the same refusals, the same fresh bases), then its turns go
// into their segments by depth, one segment at a time, and the rest into a fresh root written last.
import * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import { writeLeafRef } from '../doc/leaf-ref.ts';
import { copyTopLevel } from '../doc/shared-copy.ts';
import { KEY, metaMap } from '../doc/story-doc.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../doc/segment-meta.ts';
import { copySplitBand, planRootSplit, splitBands, type WriteSegment } from '../doc/split-segments.ts';
import { dropMovedChronicle } from '../doc/split-chronicle.ts';
import { DocOrigin } from '../doc/origins.ts';
import { importStory } from './import.ts';
import type { StoryJson } from './schema.ts';

export type SegmentedImport =
  | { ok: true; root: Y.Doc; story: StoryJson; segments: number[] }
  | { ok: false; code: 'invalid-story'; detail: string };

const NOT_IN_ROOT = new Set<string>([KEY.turns]);

/**
 * Imports a Story JSON file as a segmented story: every segment through `writeSegment` (stored before
 * the next is made), then the root, returned for the caller to store. A refusal writes nothing.
 */
export async function importSegmentedStory(
  input: unknown,
  importedAt: string,
  writeSegment: WriteSegment,
  language: Language = 'en',
): Promise<SegmentedImport> {
  const imported = importStory(input, importedAt, language);
  if (!imported.ok) return imported;
  const whole = imported.doc;
  const split = planRootSplit(whole);
  const plan = split.plan;
  const bands = splitBands(split);
  for (const n of bands)
    await writeSegment(n, (doc) => copySplitBand(whole, doc, split, n, DocOrigin.import));
  // Entries and audit went with their turns: the root keeps the person's records and the checkpoints.
  dropMovedChronicle(whole, split.chronicle);
  const root = new Y.Doc({ guid: whole.guid });
  const leaf = imported.story.activeLeaf;
  const depth = leaf === null ? undefined : [...plan.values()].flat().find((t) => t.id === leaf)?.depth;
  root.transact(() => {
    copyTopLevel(whole, root, NOT_IN_ROOT);
    const meta = metaMap(root);
    meta.delete('activeLeaf');
    writeLeafRef(root, leaf !== null && depth !== undefined ? { id: leaf, depth } : null);
    meta.set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
  }, DocOrigin.import);
  whole.destroy();
  return { ok: true, root, story: imported.story, segments: bands };
}
