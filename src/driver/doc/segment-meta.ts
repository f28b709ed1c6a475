// What a segmented story's root says of itself in its meta (docs/design/segmented-story.md §2.1):
// its schema, and the leaf read as a value, with nothing of the document around it (story-doc reads
// the meta through this; leaf-ref writes it).
import { z } from 'zod';
import type { TurnRef } from './segment-key.ts';

/** The schema of a segmented story's root: turns live in segment documents, the leaf is `meta.leaf`. */
export const SEGMENTED_SCHEMA_VERSION = 2;

/** The meta key of a segmented story's leaf (leaf-ref.ts's `LEAF_KEY`). */
export const LEAF_META_KEY = 'leaf';

const leafSchema = z.object({ id: z.string().min(1), depth: z.number().int().min(0) });

/** A stored leaf value as a ref; null when none, or a peer wrote one that does not read. */
export function leafOf(value: unknown): TurnRef | null {
  const parsed = leafSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
