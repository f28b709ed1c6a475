// Moving turns out of a story's root document into its segment documents (docs/design/segmented-story.md
// §2.8): every turn's depth, the segment of its band, and the copy. Migrating a story kept in one
// document and sweeping the turns a v1 device wrote into a segmented root are the same steps; the worker
// stores the segments between the copy and the root's change (segment-migration.ts), so a crash loses none.
import * as Y from 'yjs';
import { readLeafRef, writeLeafRef } from './leaf-ref.ts';
import { copyValue } from './shared-copy.ts';
import { parseSegmentGuid, segmentOf, type TurnRef } from './segment-key.ts';
import { storySetOf, type StorySet } from './story-set.ts';
import { bandOf } from './segment-turns.ts';
import { metaMap, turnsMap } from './story-doc.ts';
import { SEGMENTED_SCHEMA_VERSION } from './segment-meta.ts';
import {
  copyChronicle,
  dropMovedChronicle,
  planChronicleSplit,
  type ChronicleMove,
} from './split-chronicle.ts';

/** The origin of the migration's and the sweep's writes (the same name `migrateStory` uses). */
export const MIGRATION_ORIGIN = 'migration';

/** Runs `write` on segment `n`'s document (loaded, or made), and resolves once what it wrote is stored. */
export type WriteSegment = (n: number, write: (doc: Y.Doc) => void) => Promise<void>;

export interface RootSplit {
  /** Segment → the root's turns its band holds, with their depths; segments ascending. */
  plan: Map<number, TurnRef[]>;
  /** Root turns whose parent is on no document this device has loaded: they stay until it is. */
  waiting: string[];
  /** The leaf to write once the turns are moved (a v1 `activeLeaf` read as a ref); undefined: none. */
  leaf: TurnRef | null | undefined;
  /** Segment → the root's chronicle entries and audit whose last turn its band holds (§2.6). */
  chronicle: Map<number, ChronicleMove[]>;
}

const isSegmented = (root: Y.Doc) => metaMap(root).get('schemaVersion') === SEGMENTED_SCHEMA_VERSION;

/** The stored depth of turn `id` in a loaded segment of `set`, or undefined when none holds it. */
function depthInSegments(set: StorySet | undefined, id: string): number | undefined {
  if (!set) return undefined;
  for (const n of set.loaded()) {
    const doc = set.segment(n);
    const m: unknown = doc && turnsMap(doc).get(id);
    const depth = m instanceof Y.Map ? m.get('depth') : undefined;
    if (typeof depth === 'number' && Number.isInteger(depth) && depth >= 0) return depth;
  }
  return undefined;
}

/**
 * The depth of every turn of the root, in linear time, from the parent links alone: a turn that cannot be
 * read otherwise still has its place, kept for the day a peer repairs it. A parent nobody sent starts the
 * path at its child in a story kept in one document, as the path walk does (depth 0); in a segmented root,
 * or one it has left already, it may be in a segment not loaded, so the turn waits instead. A loop of parent links (a peer's) is cut
 * before its least id, which then reads as a path's start: the same on every device.
 */
function rootDepths(root: Y.Doc): { depths: Map<string, number>; waiting: Set<string> } {
  const set = storySetOf(root);
  const wait = isSegmented(root);
  const stored = turnsMap(root);
  const links = new Map<string, string | null>();
  for (const [id, m] of stored.entries()) {
    if (!(m instanceof Y.Map)) continue;
    const parent: unknown = m.get('parent');
    links.set(id, typeof parent === 'string' ? parent : null);
  }
  const depths = new Map<string, number>();
  const waiting = new Set<string>();
  for (const start of links.keys()) {
    const chain: string[] = [];
    const onChain = new Map<string, number>();
    let below: number | 'wait' = -1;
    for (let id = start; ;) {
      const known = depths.get(id);
      if (known !== undefined) {
        below = known;
        break;
      }
      if (waiting.has(id)) {
        below = 'wait';
        break;
      }
      const at = onChain.get(id);
      if (at !== undefined) {
        // The rest of the chain hangs below the loop's first turn, `id`.
        cutLoop(chain.splice(at), depths);
        below = depths.get(id) as number;
        break;
      }
      onChain.set(id, chain.length);
      chain.push(id);
      const parent = links.get(id) as string | null;
      // A parent that is not a turn at all (a peer's stray value) has no link to follow.
      if (parent === null || (stored.has(parent) && !links.has(parent))) break;
      if (links.has(parent)) {
        id = parent;
        continue;
      }
      const outside = depthInSegments(set, parent);
      if (outside !== undefined) below = outside;
      else if (wait || leftRoot(stored, parent)) below = 'wait';
      break;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const id = chain[i] as string;
      if (below === 'wait') waiting.add(id);
      else depths.set(id, (below += 1));
    }
  }
  return { depths, waiting };
}

/**
 * Whether turn `id` was in this root and was taken out: only a migration or a sweep deletes a root's turn,
 * so it is in a segment — another device's, whose change of schema may not have reached this one yet.
 * Its children wait for it rather than start a path of their own at depth 0.
 */
const leftRoot = (turns: { _map: Map<string, Y.Item> }, id: string): boolean =>
  turns._map.get(id)?.deleted === true;

/** Depths for a loop of parent links, `loop[i]`'s parent being `loop[i + 1]` (the last's, the first). */
function cutLoop(loop: string[], depths: Map<string, number>): void {
  let start = 0;
  for (let i = 1; i < loop.length; i++) if ((loop[i] as string) < (loop[start] as string)) start = i;
  // Down the loop from its least id: each turn's child in it is the one before it.
  for (let k = 0; k < loop.length; k++)
    depths.set(loop[(start - k + loop.length) % loop.length] as string, k);
}

/**
 * Which segment each turn of the root goes to, for a story kept in one document (the migration) or a
 * segmented root holding turns a v1 device wrote (the sweep; parents found in the loaded segments).
 */
export function planRootSplit(root: Y.Doc): RootSplit {
  // An update applied only in part (its deletions at once, its new values waiting for an earlier one)
  // leaves records without fields: a copy made now would keep them so. Everything waits until it is whole.
  if (root.store.pendingStructs || root.store.pendingDs)
    return {
      plan: new Map(),
      waiting: [...turnsMap(root).keys()].sort(),
      leaf: undefined,
      chronicle: new Map(),
    };
  const { depths, waiting } = rootDepths(root);
  const set = storySetOf(root);
  const plan = new Map<number, TurnRef[]>();
  for (const [id, depth] of depths) {
    // The set's bands (a test's may be narrower than SEGMENT_DEPTHS): where its readers look for the turn.
    const n = set ? bandOf(set, depth) : segmentOf(depth);
    const band = plan.get(n);
    if (band) band.push({ id, depth });
    else plan.set(n, [{ id, depth }]);
  }
  const active: unknown = metaMap(root).get('activeLeaf');
  const depth = typeof active === 'string' ? depths.get(active) : undefined;
  // A story kept in one document always gets a leaf (none when its active leaf is not a turn here); a
  // segmented root only when a v1 device's active leaf names a turn moved now.
  const leaf = depth !== undefined ? { id: active as string, depth } : isSegmented(root) ? undefined : null;
  const chronicle = planChronicleSplit(root, (id) => depths.get(id) ?? depthInSegments(set, id));
  return { plan: new Map([...plan].sort(([a], [b]) => a - b)), waiting: [...waiting], leaf, chronicle };
}

/** The segments a split writes to: those of its turns and of its chronicle records, ascending. */
export const splitBands = (split: RootSplit): number[] =>
  [...new Set([...split.plan.keys(), ...split.chronicle.keys()])].sort((a, b) => a - b);

/** Copies what the split moves into segment `n`'s document `to`: its turns, then its chronicle records. */
export function copySplitBand(from: Y.Doc, to: Y.Doc, split: RootSplit, n: number, origin?: unknown): void {
  copyTurns(from, to, split.plan.get(n) ?? [], origin);
  copyChronicle(from, to, split.chronicle.get(n) ?? [], origin);
}

/** The segments of a story kept in one document: each band's turns with their depths. */
export const planSegments = (doc: Y.Doc): Map<number, TurnRef[]> => planRootSplit(doc).plan;

const SEGMENT_KEY = 'segment';

/**
 * Copies the root's turns `turns` into segment document `to` as they are — every field, POV records
 * included — plus their `depth`. A turn the segment already holds is kept as it is there (another
 * device's copy of it, perhaps edited since, or this device's from a migration cut short).
 */
export function copyTurns(from: Y.Doc, to: Y.Doc, turns: readonly TurnRef[], origin?: unknown): void {
  const key = parseSegmentGuid(to.guid);
  if (!key) throw new Error(`${to.guid} is not a segment document`);
  const source = turnsMap(from);
  const target = turnsMap(to);
  to.transact(() => {
    const header = to.getMap<unknown>(SEGMENT_KEY);
    // Identical values from every writer: the segment names its story and band.
    if (header.get('story') !== key.storyId) header.set('story', key.storyId);
    if (header.get('n') !== key.n) header.set('n', key.n);
    for (const { id, depth } of turns) {
      const m = source.get(id);
      if (!(m instanceof Y.Map) || target.has(id)) continue;
      const copy = copyValue(m) as Y.Map<unknown>;
      copy.set('depth', depth);
      target.set(id, copy);
    }
  }, origin);
}

/**
 * One root transaction once the split's segments are stored: the moved turns leave the root, the leaf
 * is written as a ref, and the root says it is segmented. Nothing is written when nothing changes.
 */
export function finishSplit(root: Y.Doc, split: RootSplit, origin: unknown = MIGRATION_ORIGIN): void {
  const meta = metaMap(root);
  if (!split.plan.size && !split.chronicle.size && split.leaf === undefined && isSegmented(root)) return;
  root.transact(() => {
    const turns = turnsMap(root);
    for (const band of split.plan.values()) for (const { id } of band) turns.delete(id);
    dropMovedChronicle(root, split.chronicle);
    if (split.leaf !== undefined) {
      if (split.leaf === null || readLeafRef(root)?.id !== split.leaf.id) writeLeafRef(root, split.leaf);
      meta.delete('activeLeaf');
    }
    if (!isSegmented(root)) meta.set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
  }, origin);
}

/**
 * Moves the turns found in a segmented root into their segments, in memory: the segments loaded, or
 * made by the set for a band not loaded (its owner stores them). Returns the segments written.
 */
export function sweepRootTurns(set: StorySet, origin: unknown = MIGRATION_ORIGIN): number[] {
  const split = planRootSplit(set.root);
  const bands = splitBands(split);
  for (const n of bands) copySplitBand(set.root, set.ensure(n), split, n, origin);
  finishSplit(set.root, split, origin);
  return bands;
}
