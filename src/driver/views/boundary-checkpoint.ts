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
import type { StoryViews } from './story-views.ts';

export type { BoundaryCheckpoint } from '../doc/segment-checkpoints.ts';

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

/** The chained fingerprint of the boundary turns on the path through `node` (a boundary turn). */
function prefixThrough(node: PathNode, depths: number): string {
  const boundaries: string[] = [];
  let from = EMPTY_HISTORY;
  for (let n: PathNode | null = node; n; n = n.parent) {
    if (n.seed) {
      from = n.seed.prefix;
      break;
    }
    if (n.index % depths === depths - 1) boundaries.push(n.id);
  }
  return boundaries.reduceRight((p, id) => fingerprint(p, id), from);
}

/**
 * Who reads which chronicle checkpoints: per participant the newest one whose turn is on the path at
 * or before the boundary, else the seed's (it was newer than anything of the loaded part), else none.
 */
export type ChronicleCheckpoints = (participant: string) => ReadonlyArray<{ id: string; turnId: string }>;

function chronicleThrough(
  node: PathNode,
  participants: readonly string[],
  checkpointsOf: ChronicleCheckpoints,
): Record<string, string | null> {
  const at = new Map<string, number>();
  let seed: PathNode | undefined;
  for (let n: PathNode | null = node; n; n = n.parent) {
    if (n.seed) seed = n;
    else at.set(n.id, n.index);
  }
  const out: Record<string, string | null> = {};
  for (const p of [...participants].sort()) {
    let best: { id: string; index: number } | undefined;
    for (const cp of checkpointsOf(p)) {
      const index = at.get(cp.turnId);
      if (index !== undefined && (!best || index > best.index)) best = { id: cp.id, index };
    }
    out[p] = best?.id ?? seed?.seed?.chronicle[p] ?? null;
  }
  return out;
}

/** The checkpoint after boundary node `node` of a grounded path (its index is its depth). */
export function checkpointOf(
  node: PathNode,
  depths: number,
  participants: readonly string[],
  checkpointsOf: ChronicleCheckpoints,
): BoundaryCheckpoint {
  return {
    depth: node.index,
    hist: Object.fromEntries([...node.hist].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    staleHist: [...node.staleHist].sort(),
    prefix: prefixThrough(node, depths),
    chronicle: chronicleThrough(node, participants, checkpointsOf),
  };
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
 * story; returns the segments written for.
 */
export function writeBoundaryCheckpoints(
  root: Y.Doc,
  views: Pick<StoryViews, 'path' | 'cast' | 'chronicle'>,
  origin?: unknown,
): number[] {
  const set = storySetOf(root);
  const path = set ? views.path() : [];
  if (!set || !isGrounded(root, path)) return [];
  const participants = views.cast().participants.map((p) => p.id);
  const checkpointsOf: ChronicleCheckpoints = (p) => views.chronicle(p).checkpoints;
  // Above a segment that lacks writes the mirror names, a value from what it holds would go under
  // inputs that name newer content: nothing is written there until they arrive.
  const lagging = set.loaded().filter((k) => lagsMirror(root, k, set.segment(k) as Y.Doc));
  const written: number[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const node = path[i] as PathNode;
    if (node.index % set.depths !== set.depths - 1) continue;
    const n = bandOf(set, node.index) + 1;
    if (lagging.some((k) => k < n)) break;
    const value = checkpointOf(node, set.depths, participants, checkpointsOf);
    const stored = storedCheckpoint(root, checkpointKey(node.id, segmentInputs(root, n)));
    if (stored && sameCheckpoint(stored, value)) continue;
    writeCheckpoint(root, node, value, origin);
    written.push(n);
  }
  return written;
}
