// Where a segmented story's active path ends: one plain value `{ id, depth }` in the root's meta, so
// the id and the depth always come from the same writer, and a device opening the story knows which
// segment to load before it has any.
import type * as Y from 'yjs';
import { z } from 'zod';
import { metaMap } from './story-doc.ts';
import type { TurnRef } from './segment-key.ts';

export const LEAF_KEY = 'leaf';

const turnRefSchema = z.object({ id: z.string().min(1), depth: z.number().int().min(0) });

/** The stored leaf of a segmented story; null when none is set, or a peer wrote one that does not read. */
export function readLeafRef(root: Y.Doc): TurnRef | null {
  const parsed = turnRefSchema.safeParse(metaMap(root).get(LEAF_KEY));
  return parsed.success ? parsed.data : null;
}

export function writeLeafRef(root: Y.Doc, leaf: TurnRef | null, origin?: unknown): void {
  root.transact(() => metaMap(root).set(LEAF_KEY, leaf && { id: leaf.id, depth: leaf.depth }), origin);
}
