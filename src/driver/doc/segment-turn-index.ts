// Which loaded segments of a story hold a record under a turn id: every turn read asks, and looking
// in each loaded segment in turn costs a map read per segment (200 at 100,000 turns with every band
// loaded). Kept from the segments' own key changes as they are added, written and removed; a record
// under the id in more than one band (a peer's misplaced copy) is listed in each. Key changes are
// told once their transaction ends: an id not listed yet may be one written in a transaction still
// open, so it is looked for in every loaded segment (an absent id costs what it did before).
import * as Y from 'yjs';
import type { StorySet } from './story-set.ts';
import { turnsMap } from './story-doc.ts';

const NONE: readonly number[] = Object.freeze([]);

interface TurnIndex {
  holding(id: string): readonly number[];
}

function createTurnIndex(set: StorySet): TurnIndex {
  const bands = new Map<string, number[]>();
  const put = (id: string, n: number) => {
    const have = bands.get(id);
    if (!have) bands.set(id, [n]);
    else if (!have.includes(n))
      bands.set(
        id,
        [...have, n].sort((a, b) => a - b),
      );
  };
  const drop = (id: string, n: number) => {
    const have = bands.get(id);
    if (!have) return;
    const left = have.filter((k) => k !== n);
    if (left.length) bands.set(id, left);
    else bands.delete(id);
  };
  /** The segment documents indexed, with how to stop following each. */
  const attached = new Map<number, { doc: Y.Doc; stop: () => void }>();
  const attach = (n: number, doc: Y.Doc) => {
    const turns = turnsMap(doc);
    for (const id of turns.keys()) put(id, n);
    const onKeys = (event: Y.YMapEvent<Y.Map<unknown>>) => {
      for (const [id, change] of event.changes.keys)
        if (change.action === 'delete') drop(id, n);
        else put(id, n);
    };
    turns.observe(onKeys);
    attached.set(n, { doc, stop: () => turns.unobserve(onKeys) });
  };
  // Brought in step on each read rather than by the set's events: another listener told of a segment
  // joining or leaving may read turns before this one would have heard. An id's entries for a band
  // gone are passed over, and taken up again if it comes back.
  let seen: readonly number[] | null = null;
  const sync = () => {
    const loaded = set.loaded();
    if (loaded === seen) return;
    seen = loaded;
    for (const [n, entry] of [...attached])
      if (set.segment(n) !== entry.doc) {
        entry.stop();
        attached.delete(n);
      }
    for (const n of loaded) {
      const doc = set.segment(n) as Y.Doc;
      if (attached.get(n)?.doc !== doc) attach(n, doc);
    }
  };
  return {
    holding(id) {
      sync();
      const held = bands.get(id) ?? NONE;
      return held.every((k) => attached.has(k)) ? held : held.filter((k) => attached.has(k));
    },
  };
}

const indexes = new WeakMap<StorySet, TurnIndex>();

/** The loaded segments that may hold a record under `id`, ascending: where to look for it. */
export function segmentsHolding(set: StorySet, id: string): readonly number[] {
  let index = indexes.get(set);
  if (!index) indexes.set(set, (index = createTurnIndex(set)));
  const held = index.holding(id);
  return held.length ? held : set.loaded();
}
