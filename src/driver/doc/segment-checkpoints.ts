// The boundary checkpoints of a segmented story, as stored in its root (docs/design/segmented-story.md
// §2.4): key `<boundaryTurnId>@<inputs>` → the views' state after that boundary turn. Derived data
// written back as a content-addressed cache: a value that does not parse reads as none.
import type * as Y from 'yjs';
import { z } from 'zod';

export const CHECKPOINTS_KEY = 'checkpoints';

const checkpointsMap = (root: Y.Doc) => root.getMap<unknown>(CHECKPOINTS_KEY);

export const boundaryCheckpointSchema = z.object({
  /** The boundary turn's depth: the last of its band. */
  depth: z.number().int().min(0),
  /** Every participant's history fingerprint after the boundary turn. */
  hist: z.record(z.string(), z.string()),
  /** Who has a stale item at or before it (sorted). */
  staleHist: z.array(z.string()),
  /** The chained fingerprint of the path's boundary turn ids up to this one. */
  prefix: z.string(),
  /** Per participant, the newest chronicle checkpoint on the path at or before it. */
  chronicle: z.record(z.string(), z.string().nullable()),
});
export type BoundaryCheckpoint = z.infer<typeof boundaryCheckpointSchema>;

export const checkpointKey = (boundaryTurnId: string, inputs: string) => `${boundaryTurnId}@${inputs}`;

/** The stored checkpoint under `key`; undefined when none, or it does not parse (a peer's). */
export function storedCheckpoint(root: Y.Doc, key: string): BoundaryCheckpoint | undefined {
  const parsed = boundaryCheckpointSchema.safeParse(checkpointsMap(root).get(key));
  return parsed.success ? parsed.data : undefined;
}

/** Stores a boundary's checkpoint under `key`, deleting that boundary's entries under other inputs. */
export function storeCheckpoint(
  root: Y.Doc,
  boundaryTurnId: string,
  key: string,
  value: BoundaryCheckpoint,
  origin?: unknown,
): void {
  const map = checkpointsMap(root);
  const prefix = `${boundaryTurnId}@`;
  root.transact(() => {
    for (const k of [...map.keys()]) if (k !== key && k.startsWith(prefix)) map.delete(k);
    map.set(key, value);
  }, origin);
}

/** Calls `onChange` after every transaction that changed the stored checkpoints. Returns the stop. */
export function observeCheckpoints(root: Y.Doc, onChange: () => void): () => void {
  const map = checkpointsMap(root);
  const handler = () => onChange();
  map.observe(handler);
  return () => map.unobserve(handler);
}
