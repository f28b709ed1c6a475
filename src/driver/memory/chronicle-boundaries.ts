// The chronicle checkpoints a segmented story keeps at each band's last turn (rule CS3), so a path
// whose lower segments are not loaded still knows each participant's state and which of its digest
// memories are its own (CS5): written by the chronicler once its entries cover a boundary, and what a
// host asks to load when a seed has none usable.
import type { Checkpoint, Chronicle } from '../doc/chronicle.ts';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';
import type { NeedsSegment } from '../doc/segment-turns.ts';
import type * as Y from 'yjs';
import { chronicleOnPath, type ChronicleOnPath } from './chronicle-on-path.ts';
import { commitsHash, reduce, stateHash, type PathIndex } from './chronicle-view.ts';
import { decisionsBelow, seedCheckpoint, seedOfIndex } from './chronicle-seed.ts';
import { fingerprint } from '../views/fingerprint.ts';
import { bandPrefixes } from './memory-digest.ts';
import type { StoryViews } from '../views/story-views.ts';

/** Turn id → path index along the path to `leaf`, the seed's boundary turn first when it starts at one. */
export function pathIndexWithSeed(views: Pick<StoryViews, 'path'>, leaf?: string | null): PathIndex {
  const path = views.path(leaf);
  const seed = path[0]?.parent;
  const index = new Map(path.map((n) => [n.id, n.index]));
  if (seed?.seed) index.set(seed.id, seed.index);
  return index;
}

/**
 * The boundary checkpoints due on this path for a participant whose entries cover it through index
 * `covered`: one per loaded band end at or before it, unless an equal one is stored. On a seeded path
 * they chain from the seed's (none without a usable one); `stale` lists the boundary checkpoints the
 * new ones replace.
 */
export function dueBoundaryCheckpoints(
  root: Y.Doc,
  chronicle: Chronicle,
  onPath: ChronicleOnPath,
  index: PathIndex,
  covered: number,
): { due: Array<Omit<Checkpoint, 'id'>>; stale: string[] } {
  const set = storySetOf(root);
  const seed = seedOfIndex(index);
  const from = seed && seedCheckpoint(chronicle, onPath.fresh, index, seed);
  if (!set || (seed && !from)) return { due: [], stale: [] };
  const due: Array<Omit<Checkpoint, 'id'>> = [];
  const stale: string[] = [];
  const prefixes = bandPrefixes(chronicle.checkpoints, index, set.depths, from);
  const idAt = new Map([...index].map(([id, i]) => [i, id]));
  for (const [turnId, at] of index) {
    if (at % set.depths !== set.depths - 1 || at > covered || (seed && at <= seed.at)) continue;
    const prefix = onPath.commits.filter((c) => c.at <= at);
    const state = reduce(prefix, from?.state ?? {});
    const hash = from
      ? `${fingerprint(from.hash, commitsHash(prefix))}:${stateHash(state)}`
      : `${commitsHash(prefix)}:${stateHash(state)}`;
    const decisions = decisionsBelow(chronicle, onPath.fresh, index, at);
    const memories = bandMemories(onPath, index, at - set.depths + 1, at);
    const here = chronicle.checkpoints.filter((cp) => cp.turnId === turnId && cp.boundary);
    const same = (cp: Checkpoint) =>
      cp.hash === hash &&
      cp.boundary?.decisions === decisions &&
      cp.boundary.memories?.join('\n') === memories.join('\n');
    if (here.some(same)) continue;
    stale.push(...here.map((cp) => cp.id));
    const band = (at + 1) / set.depths;
    const below = prefixes.get(band - 1);
    if (below === undefined) continue;
    const boundary = {
      decisions,
      depth: at,
      prefix: fingerprint(below, turnId),
      previous: at < set.depths ? null : (idAt.get(at - set.depths) ?? null),
      memories,
    };
    due.push({ turnId, commits: (from?.commits ?? 0) + prefix.length, hash, state, boundary });
  }
  return { due, stale };
}

/** The ids of the memories chronicled on the path for turns from index `from` through `through`, sorted. */
function bandMemories(onPath: ChronicleOnPath, index: PathIndex, from: number, through: number): string[] {
  return onPath.fresh
    .flatMap(({ entry }) => entry.memories)
    .filter((m) => {
      const at = index.get(m.turnId);
      return at !== undefined && at >= from && at <= through;
    })
    .map((m) => m.id)
    .sort();
}

/**
 * The band a participant's state needs loaded on the active path (CS3): the one below a seed that has
 * no usable chronicle checkpoint, for a participant with any chronicle record here; else none.
 */
export function chronicleWants(
  root: Y.Doc,
  views: Pick<StoryViews, 'path' | 'cast' | 'chronicle' | 'transcript'>,
): NeedsSegment | null {
  const set = storySetOf(root);
  if (!set) return null;
  const index = pathIndexWithSeed(views);
  const seed = seedOfIndex(index);
  if (!seed) return null;
  for (const { id } of views.cast().participants) {
    const chronicle = views.chronicle(id);
    if (!Object.values(chronicle).some((records) => records.length)) continue;
    if (chronicleOnPath(chronicle, index, views.transcript(id)).waiting)
      return { ok: false, code: 'segment-not-loaded', segment: bandOf(set, seed.at) };
  }
  return null;
}

/** What the host loads before a command: the segments the views want, and the one the chronicle needs. */
export function segmentsWanted(
  root: Y.Doc,
  views: Pick<StoryViews, 'path' | 'cast' | 'chronicle' | 'transcript' | 'wants'>,
): number[] {
  const wanted = views.wants();
  const chronicle = wanted.length ? null : chronicleWants(root, views);
  return chronicle ? [chronicle.segment] : wanted;
}
