// Story JSON import as a segmented story (docs/design/segmented-story.md §2.9): the file is read and
// checked as for one document (importStory: the same refusals, the same fresh bases), then its turns go
// into their segments by depth, one segment at a time, and the rest into a fresh root written last.
import * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import { segmentedCopy } from '../doc/segmented-copy.ts';
import type { WriteSegment } from '../doc/split-segments.ts';
import { DocOrigin } from '../doc/origins.ts';
import { importStory } from './import.ts';
import type { StoryJson } from './schema.ts';

export type SegmentedImport =
  | { ok: true; root: Y.Doc; story: StoryJson; segments: number[] }
  | { ok: false; code: 'invalid-story'; detail: string };

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
  const root = new Y.Doc({ guid: whole.guid });
  const segments = await segmentedCopy(whole, root, writeSegment, DocOrigin.import);
  whole.destroy();
  return { ok: true, root, story: imported.story, segments };
}
