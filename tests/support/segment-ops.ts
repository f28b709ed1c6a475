// Random edits of a segmented story, of every kind a device makes (docs/design/segmented-story.md
// §3 WP6): append at the leaf, branch from an old turn (into an old segment), edit an old source,
// project or keep as is, switch the leaf, unload a segment and load it back, sweep the root; and a
// hostile peer's writes into segment documents (wrong depth, wrong band, records that are no map, loops).
import * as Y from 'yjs';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { listParticipants, presentIds } from '../../src/driver/doc/participants.ts';
import { appendTurn, editSource, hasTurn, readTurn, turnDepth } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { readLeafRef, writeLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { bandOf } from '../../src/driver/doc/segment-turns.ts';
import { checkpointKey, storeCheckpoint } from '../../src/driver/doc/segment-checkpoints.ts';
import { sweepRootTurns } from '../../src/driver/doc/split-segments.ts';
import { keepAsIs } from '../../src/driver/views/keep.ts';
import { segmentInputs } from '../../src/driver/views/boundary-checkpoint.ts';
import type { Device, SegmentMesh } from './segment-mesh.ts';
import { randomHostileOp, rawTurn } from './hostile-peer.ts';
import type { Rng } from './prng.ts';

const WORDS = ['gate', ' rain', 'Jane', '，', '门', ' *quietly*', '!', ' the'];

/** The readable turns of a device's loaded segments, oldest band first (sorted within each). */
export function loadedTurns(d: Device): string[][] {
  const set = d.set;
  if (!set) return [];
  return set
    .loaded()
    .map((n) => [...turnsMap(set.segment(n) as Y.Doc).keys()].filter((id) => hasTurn(d.root, id)).sort());
}

/** One honest edit of a segmented device (it has a set and views). */
export function randomSegmentOp(
  mesh: SegmentMesh,
  d: Device,
  step: number,
  rng: Rng,
  clock: () => string,
): void {
  const set = d.set;
  const views = d.views;
  if (!set || !views) throw new Error(`device ${d.index} is not segmented`);
  const root = d.root;
  const bands = loadedTurns(d).filter((b) => b.length);
  const all = bands.flat();
  // Old turns are picked from the lowest loaded band half the time: branches and edits far below the leaf.
  const someTurn = () => (rng.chance(0.5) && bands.length ? rng.pick(bands[0] as string[]) : rng.pick(all));
  const append = (parent: string | null, activate = true) => {
    // Someone present writes; when the older layout's edits left nobody present, anyone of the cast.
    const present = presentIds(root).sort();
    const cast = present.length
      ? present
      : listParticipants(root)
          .map((p) => p.id)
          .sort();
    if (!cast.length) return;
    const author = rng.pick(cast);
    const generated = author !== 'user' && rng.chance(0.6);
    appendTurn(root, {
      id: `p${d.index}-${step}`,
      author,
      text: `${rng.pick(WORDS)} ${step}`,
      origin: generated ? 'generated' : 'authored',
      ...(generated ? { basis: rng.chance(0.85) ? views.historyThrough(author, parent) : `b${step}` } : {}),
      createdAt: clock(),
      parent,
      activate,
    });
  };
  // Half the steps append at the leaf, so the active path grows across many bands.
  const kind = all.length ? rng.int(18) : 0;
  switch (kind) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
    case 8: {
      const leaf = readLeafRef(root);
      if (leaf) {
        // The leaf's band and the next (the new turn's) come back from this device's store first.
        set.ensure(bandOf(set, leaf.depth));
        set.ensure(bandOf(set, leaf.depth + 1));
      }
      // The leaf may name a turn whose creation has not arrived yet.
      if (leaf === null || hasTurn(root, leaf.id)) append(leaf?.id ?? null);
      return;
    }
    case 9: {
      const parent = someTurn();
      set.ensure(bandOf(set, (turnDepth(root, parent) as number) + 1));
      // A branch from an old turn, into the segment of its depth; the leaf stays where it is.
      append(parent, false);
      return;
    }
    case 10:
    case 11: {
      const id = someTurn();
      const len = readTurn(root, id).source.length;
      const at = rng.int(len + 1);
      const retain = at ? [{ retain: at }] : [];
      if (rng.chance(0.3)) editSource(root, id, { text: `${rng.pick(WORDS)} replaced ${step}` });
      else if (rng.chance(0.6) || at === len)
        editSource(root, id, { delta: [...retain, { insert: rng.pick(WORDS) }] });
      else editSource(root, id, { delta: [...retain, { delete: 1 + rng.int(Math.min(4, len - at)) }] });
      return;
    }
    case 12: {
      const t = readTurn(root, someTurn());
      const others = t.audiences.filter((a) => a !== t.author).sort();
      if (!others.length) return;
      const audience = rng.pick(others);
      const expected = views.node(t.id).pov.get(audience)?.expected;
      writePov(root, t.id, audience, {
        perceived: rng.chance(0.85),
        text: `${audience} saw ${step}`,
        basis: expected !== undefined && rng.chance(0.8) ? expected : `b${step}`,
        origin: 'generated',
        createdAt: clock(),
      });
      return;
    }
    case 13: {
      const stale = views.staleItems();
      if (stale.length) keepAsIs(root, views, rng.pick(stale));
      return;
    }
    case 14:
      setActiveLeaf(root, rng.pick(all));
      return;
    case 15: {
      const leaf = readLeafRef(root);
      const keep = leaf ? bandOf(set, leaf.depth) : 0;
      const away = set.loaded().filter((n) => n !== keep);
      if (away.length) mesh.unload(d, rng.pick(away));
      return;
    }
    case 16: {
      const stored = [...d.stored.keys()].sort((a, b) => a - b);
      if (stored.length) set.ensure(rng.pick(stored));
      return;
    }
    default:
      if (turnsMap(root).size) sweepRootTurns(set);
  }
}

/**
 * One hostile write into a segmented story: the story-doc fuzz's random structure into a segment, or a
 * turn at the wrong depth, in the wrong band, a record that is no map, a loop across bands, a leaf
 * or a checkpoint that lies.
 */
export function randomSegmentHostileOp(d: Device, rng: Rng, step: number): void {
  const set = d.set;
  if (!set) throw new Error(`device ${d.index} is not segmented`);
  const loaded = set.loaded();
  if (!loaded.length) return;
  const n = rng.pick(loaded);
  const seg = set.segment(n) as Y.Doc;
  const turns = seg.getMap<unknown>('turns');
  const ids = loaded.flatMap((k) => [...turnsMap(set.segment(k) as Y.Doc).keys()]).sort();
  const local = [...turns.keys()].sort();
  const record = (m: unknown) => (m instanceof Y.Map ? m : undefined);
  switch (rng.int(8)) {
    case 0:
    case 1:
      randomHostileOp(seg, rng, step);
      return;
    case 2: {
      // A depth that is not its parent's + 1 (or not a number at all).
      const m = local.length ? record(turns.get(rng.pick(local))) : undefined;
      seg.transact(() => m?.set('depth', rng.pick([rng.int(40), -1, 'deep', 2.5])));
      return;
    }
    case 3: {
      // A turn written into another band's segment with its true parent (a copy beside the real one).
      const other = set.ensure(n + 1 + rng.int(2));
      const id = ids.length ? rng.pick(ids) : `h${step}`;
      other.transact(() =>
        turnsMap(other).set(
          rng.chance(0.5) ? id : `h${step}`,
          rawTurn({
            parent: id,
            author: 'user',
            audiences: ['user'],
            source: new Y.Text(`misplaced ${step}`),
            origin: 'authored',
            createdAt: '2025-01-01T00:00:00.000Z',
            pov: new Y.Map(),
            depth: n * set.depths + rng.int(set.depths),
          }),
        ),
      );
      return;
    }
    case 4:
      seg.transact(() =>
        turns.set(
          rng.chance(0.5) && local.length ? rng.pick(local) : `h${step}`,
          rng.pick([7, 'x', null, [1]]),
        ),
      );
      return;
    case 5: {
      // A loop across bands: a turn's parent becomes one of its descendants (or itself).
      const m = local.length ? record(turns.get(rng.pick(local))) : undefined;
      if (m && ids.length) seg.transact(() => m.set('parent', rng.pick(ids)));
      return;
    }
    case 6:
      writeLeafRef(d.root, { id: ids.length ? rng.pick(ids) : 'nowhere', depth: rng.int(60) });
      return;
    default: {
      const boundary = ids.length ? rng.pick(ids) : 'nowhere';
      const above = 1 + rng.int(4);
      storeCheckpoint(d.root, boundary, checkpointKey(boundary, segmentInputs(d.root, above)), {
        depth: above * set.depths - 1,
        hist: { jane: 'wrong' },
        staleHist: rng.chance(0.5) ? ['jane'] : [],
        prefix: 'x',
        chronicle: {},
      });
    }
  }
}
