// Boundary checkpoints (docs/design/segmented-story.md §2.4): the views' state after the last turn of
// a band on one path, so a path whose lower segments are not loaded starts from it instead of from the
// root. Keyed by the boundary turn (which names the path below it: a tree's path is unique) and by the
// inputs — the mirrored clocks of every segment below — so a change anywhere below makes it outdated.
import type * as Y from 'yjs';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';
import { lagsMirror, mirroredClocks } from '../doc/segment-clocks.ts';
import { turnDepth } from '../doc/turns.ts';
import {
  checkpointKey,
  storeCheckpoint,
  storedCheckpoint,
  type BoundaryCheckpoint,
} from '../doc/segment-checkpoints.ts';
import { EMPTY_HISTORY, fingerprint } from './fingerprint.ts';
import type { PathNode } from './path-node.ts';
import type { Cast } from './cast.ts';
import type { Chronicle } from '../doc/chronicle.ts';

export type { BoundaryCheckpoint } from '../doc/segment-checkpoints.ts';

/** What writing the checkpoints reads of the story's views (story-views.ts's StoryViews has it). */
export interface CheckpointViews {
  path(): PathNode[];
  cast(): Cast;
  chronicle(participant: string): Chronicle;
}

/** The fingerprint of what segments below `below` hold, as the root's mirror says. */
export function segmentInputs(root: Y.Doc, below: number): string {
  return fingerprint(...mirroredClocks(root, below));
}

/** The valid checkpoint before segment `n` after boundary turn `boundaryTurnId`, if one is stored. */
export function readCheckpoint(
  root: Y.Doc,
  boundaryTurnId: string,
  n: number,
): BoundaryCheckpoint | undefined {
  const set = storySetOf(root);
  if (!set || n < 1) return undefined;
  const cp = storedCheckpoint(root, checkpointKey(boundaryTurnId, segmentInputs(root, n)));
  return cp && cp.depth === n * set.depths - 1 ? cp : undefined;
}

/**
 * The stand-in for boundary turn `id` a path starts from: its depth as index, the checkpoint's
 * histories and stale participants; without a checkpoint (`cp` undefined, `depth` given) empty ones,
 * marked so (`seed.from === 'none'`): the segments below are wanted.
 */
export function seedNode(id: string, cp: BoundaryCheckpoint | { depth: number }): PathNode {
  const full = 'hist' in cp ? cp : undefined;
  return {
    id,
    parent: null,
    index: cp.depth,
    turn: {
      id,
      parent: null,
      author: '',
      audiences: [],
      source: '',
      origin: 'authored',
      edited: false,
      createdAt: '',
      pov: {},
    },
    turnExpected: EMPTY_HISTORY,
    turnState: 'authored',
    pov: new Map(),
    hist: new Map(Object.entries(full?.hist ?? {})),
    staleHist: new Set(full?.staleHist ?? []),
    seed: {
      from: full ? 'checkpoint' : 'none',
      prefix: full?.prefix ?? EMPTY_HISTORY,
      chronicle: full?.chronicle ?? {},
    },
  };
}

/** Whether a path's nodes rest on the story's root or on a valid checkpoint, so its histories are true. */
export function isGrounded(root: Y.Doc, path: readonly PathNode[]): boolean {
  const first = path[0];
  if (!first) return true;
  if (first.parent) return first.parent.seed?.from !== 'none';
  return (turnDepth(root, first.id) ?? 0) === 0;
}

export type ChronicleCheckpoints = (participant: string) => ReadonlyArray<{ id: string; turnId: string }>;

/**
 * Per participant, the chronicle checkpoints whose turn is on `path`, in path order: found by each
 * turn's depth (a path's node at depth d is `path[d - first]`), so the cost is the checkpoints', not the path's.
 */
function chronicleOnPath(
  root: Y.Doc,
  path: readonly PathNode[],
  participants: readonly string[],
  checkpointsOf: ChronicleCheckpoints,
): Map<string, Array<{ id: string; index: number }>> {
  const first = (path[0] as PathNode).index;
  const out = new Map<string, Array<{ id: string; index: number }>>();
  for (const p of participants) {
    const on: Array<{ id: string; index: number }> = [];
    for (const cp of checkpointsOf(p)) {
      const depth = turnDepth(root, cp.turnId);
      const node = depth === undefined ? undefined : path[depth - first];
      if (node?.id === cp.turnId) on.push({ id: cp.id, index: node.index });
    }
    out.set(
      p,
      on.sort((a, b) => a.index - b.index),
    );
  }
  return out;
}

const sameCheckpoint = (a: BoundaryCheckpoint, b: BoundaryCheckpoint) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Stores `node`'s checkpoint before the next segment (it must end a band of a grounded path). */
export function writeCheckpoint(
  root: Y.Doc,
  node: PathNode,
  value: BoundaryCheckpoint,
  origin?: unknown,
): void {
  const set = storySetOf(root);
  if (!set) return;
  const n = bandOf(set, node.index) + 1;
  storeCheckpoint(root, node.id, checkpointKey(node.id, segmentInputs(root, n)), value, origin);
}

/**
 * Writes the checkpoint of every boundary on the active path (grounded, both sides loaded: the
 * boundary turn and the next turn on it) whose stored one is missing or says something else — a
 * hostile or outdated entry is replaced. What the worker runs after a command that wrote to the
 * story; returns the segments written for. One pass up the path's boundaries: the prefix chains
 * from the one below, and each participant's newest chronicle checkpoint is carried up, so a
 * 100,000-turn path costs its 200 boundaries, not 200 walks to its root.
 */
export function writeBoundaryCheckpoints(root: Y.Doc, views: CheckpointViews, origin?: unknown): number[] {
  const set = storySetOf(root);
  const path = set ? views.path() : [];
  const first = path[0];
  if (!set || !first || !isGrounded(root, path)) return [];
  const { depths } = set;
  const participants = views
    .cast()
    .participants.map((p) => p.id)
    .sort();
  const onPath = chronicleOnPath(root, path, participants, (p) => views.chronicle(p).checkpoints);
  const seed = first.parent?.seed;
  const chronicle: Record<string, string | null> = {};
  for (const p of participants) chronicle[p] = seed?.chronicle[p] ?? null;
  const next = new Map(participants.map((p) => [p, 0]));
  let prefix = seed?.prefix ?? EMPTY_HISTORY;
  // Above a segment that lacks writes the mirror names, a value from what it holds would go under
  // inputs that name newer content: nothing is written there until they arrive.
  const lagging = set.loaded().filter((k) => lagsMirror(root, k, set.segment(k) as Y.Doc));
  const written: number[] = [];
  for (let i = depths - 1 - (first.index % depths); i + 1 < path.length; i += depths) {
    const node = path[i] as PathNode;
    prefix = fingerprint(prefix, node.id);
    for (const p of participants) {
      const on = onPath.get(p) as Array<{ id: string; index: number }>;
      let k = next.get(p) as number;
      for (; k < on.length && (on[k] as { index: number }).index <= node.index; k++)
        chronicle[p] = (on[k] as { id: string }).id;
      next.set(p, k);
    }
    const value: BoundaryCheckpoint = {
      depth: node.index,
      hist: Object.fromEntries([...node.hist].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      staleHist: [...node.staleHist].sort(),
      prefix,
      chronicle: { ...chronicle },
    };
    const n = bandOf(set, node.index) + 1;
    if (lagging.some((k) => k < n)) break;
    const stored = storedCheckpoint(root, checkpointKey(node.id, segmentInputs(root, n)));
    if (stored && sameCheckpoint(stored, value)) continue;
    writeCheckpoint(root, node, value, origin);
    written.push(n);
  }
  return written;
}
