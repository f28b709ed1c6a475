// Moving chronicle entries and audit out of a story's root into the segment of their last turn, with
// the turns (docs/design/segmented-story.md §2.6, §2.8): the migration, the sweep and the Story JSON
// import plan them beside the turns, copy them into each segment as it is written, and delete them
// from the root in its one transaction. Values are copied as stored: a record is one JSON value.
import type * as Y from 'yjs';
import { deleteRecords, partValues, type ChroniclePart } from './chronicle.ts';
import { SEGMENT_PARTS, partMapName, recordTurns } from './segment-chronicle.ts';
import { segmentOf } from './segment-key.ts';
import { storySetOf } from './story-set.ts';
import { bandOf } from './segment-turns.ts';
import { participantsMap } from './story-doc.ts';

/** One record to move: whose, which part, its key. */
export interface ChronicleMove {
  participant: string;
  part: ChroniclePart;
  key: string;
}

/**
 * The root's entries and audit per segment of their last turn; a record whose last turn has no known
 * depth (`depthOf` undefined: not here yet, or unreadable) stays in the root.
 */
export function planChronicleSplit(
  root: Y.Doc,
  depthOf: (turnId: string) => number | undefined,
): Map<number, ChronicleMove[]> {
  const plan = new Map<number, ChronicleMove[]>();
  // The set's bands where it has one (a test's may be narrower), as the turns are placed (SG12).
  const set = storySetOf(root);
  for (const participant of participantsMap(root).keys())
    for (const part of SEGMENT_PARTS as ReadonlySet<ChroniclePart>)
      for (const [key, value] of partValues(root, participant, part, 'root')) {
        const last = recordTurns(value)?.at(-1);
        const depth = last === undefined ? undefined : depthOf(last);
        if (depth === undefined) continue;
        const n = set ? bandOf(set, depth) : segmentOf(depth);
        const band = plan.get(n);
        if (band) band.push({ participant, part, key });
        else plan.set(n, [{ participant, part, key }]);
      }
  return plan;
}

/** Copies the root's records `moves` into segment doc `to`; a record the segment holds is kept as it is there. */
export function copyChronicle(
  from: Y.Doc,
  to: Y.Doc,
  moves: readonly ChronicleMove[],
  origin?: unknown,
): void {
  if (!moves.length) return;
  const stored = new Map<string, Map<string, unknown>>();
  const valueOf = ({ participant, part, key }: ChronicleMove) => {
    const name = partMapName(participant, part);
    let values = stored.get(name);
    if (!values) stored.set(name, (values = partValues(from, participant, part, 'root')));
    return values.get(key);
  };
  to.transact(() => {
    for (const move of moves) {
      const { participant, part, key } = move;
      const value = valueOf(move);
      const target = to.getMap<unknown>(partMapName(participant, part));
      if (value !== undefined && !target.has(key)) target.set(key, value);
    }
  }, origin);
}

/** Deletes the moved records from the root (both layouts), inside the caller's transaction. */
export function dropMovedChronicle(root: Y.Doc, plan: ReadonlyMap<number, readonly ChronicleMove[]>): void {
  const keys = new Map<string, { participant: string; part: ChroniclePart; keys: string[] }>();
  for (const moves of plan.values())
    for (const { participant, part, key } of moves) {
      const name = partMapName(participant, part);
      const group = keys.get(name) ?? { participant, part, keys: [] };
      group.keys.push(key);
      keys.set(name, group);
    }
  for (const g of keys.values()) deleteRecords(root, g.participant, g.part, g.keys, undefined, 'root');
}
