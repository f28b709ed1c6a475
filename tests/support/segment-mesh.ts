// Several devices holding one segmented story: a full-mesh in-memory connector that carries each
// update with its document's guid (the root's, or a segment's), delivered to every peer in a
// seeded-random order across guids — a segment's update may arrive before the root's clock for it.
// Each device keeps its own copy of every segment it unloaded (as its store keeps IndexedDB) and
// loads it back from there; a device of the older layout (schema 1) has no set and only the root.
import * as Y from 'yjs';
import { parseSegmentGuid, segmentGuid } from '../../src/driver/doc/segment-key.ts';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { trackSegmentWrites } from '../../src/driver/doc/segment-clocks.ts';
import { migrateToSegments } from '../../src/workers/store/segment-migration.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import type { Rng } from './prng.ts';
import { makeStory } from './story-fixture.ts';

const NET = Symbol('net');

/** Client ids per device and session: a segment loaded again is a new session, as after a reload. */
const SESSION_IDS = 10_000;

export interface Device {
  readonly index: number;
  readonly root: Y.Doc;
  /** The set of a segmented device; undefined while it runs the older layout. */
  set?: OwnedStorySet;
  views?: StoryViews;
  /** This device's last state of each segment it unloaded (its IndexedDB copy). */
  readonly stored: Map<number, Uint8Array>;
  sessions: number;
}

type Message = { guid: string; update: Uint8Array };

export class SegmentMesh {
  queues: Message[][];
  private readonly listeners = new Map<Y.Doc, (u: Uint8Array, origin: unknown) => void>();

  constructor(readonly devices: Device[]) {
    this.queues = devices.map(() => []);
    for (const d of devices) this.attach(d, d.root);
  }

  private attach(from: Device, doc: Y.Doc): void {
    const listener = (update: Uint8Array, origin: unknown) => {
      if (origin === NET) return;
      this.queues.forEach((q, j) => j !== from.index && q.push({ guid: doc.guid, update }));
    };
    doc.on('update', listener);
    this.listeners.set(doc, listener);
  }

  private detach(doc: Y.Doc): void {
    const listener = this.listeners.get(doc);
    if (listener) doc.off('update', listener);
    this.listeners.delete(doc);
  }

  /** Whether device `d` takes updates of `guid` now: a device of the older layout has no segments, and
   * one that unloaded a segment gets them when it loads it. */
  private takes(d: Device, guid: string): boolean {
    if (guid === d.root.guid) return true;
    const key = parseSegmentGuid(guid);
    return !!key && !!d.set && !d.stored.has(key.n);
  }

  /** The device's document for `guid`: its root, or the segment's (fetched, as its sync would, when new). */
  private docFor(d: Device, guid: string): Y.Doc {
    const key = parseSegmentGuid(guid);
    return key && d.set ? d.set.ensure(key.n) : d.root;
  }

  /** Delivers up to `n` of the queued updates device `to` can take now, picked in random order. */
  deliverSome(to: number, n: number, rng: Rng): number {
    const d = this.devices[to] as Device;
    const q = this.queues[to] as Message[];
    const ready = q.flatMap((m, i) => (this.takes(d, m.guid) ? [i] : []));
    const picked = rng.shuffle(ready).slice(0, n);
    for (const i of picked) {
      const m = q[i] as Message;
      Y.applyUpdate(this.docFor(d, m.guid), m.update, NET);
    }
    const gone = new Set(picked);
    this.queues[to] = q.filter((_, i) => !gone.has(i));
    return picked.length;
  }

  /** Delivers until no device can take anything more. */
  flush(rng: Rng): void {
    for (let moved = 1; moved;) {
      moved = 0;
      for (const d of this.devices) moved += this.deliverSome(d.index, Infinity, rng);
    }
  }

  /** Makes device `d` segmented (bands of `depths`): its set, the mirror of its writes, its views. */
  segment(d: Device, depths: number): OwnedStorySet {
    const set = createStorySet(d.root, (n) => this.open(d, n), { depths });
    d.set = set;
    set.observe((e) => (e.kind === 'added' ? this.attach(d, e.doc) : this.detach(e.doc)));
    // The owner's mirror of its writes, kept as the worker's store keeps it while the story is open.
    trackSegmentWrites(d.root);
    return set;
  }

  /** A device of the older layout opens with today's code: migrated (or swept) into segments. */
  async upgrade(d: Device, depths: number): Promise<void> {
    const set = this.segment(d, depths);
    const migrated = await migrateToSegments(d.root, async (n, write) => write(set.ensure(n)));
    if (!migrated.ok) throw new Error(migrated.detail);
    d.views = createStoryViews(d.root);
  }

  /** Segment `n`'s document on device `d`: its stored copy loaded again, or a new one. */
  private open(d: Device, n: number): Y.Doc {
    const doc = new Y.Doc({ guid: segmentGuid(d.root.guid, n) });
    doc.clientID = (d.index + 1) * SESSION_IDS + d.sessions++;
    const stored = d.stored.get(n);
    if (stored) Y.applyUpdate(doc, stored, NET);
    d.stored.delete(n);
    return doc;
  }

  /** Unloads segment `n` of device `d`, keeping its state as the device's store would. */
  unload(d: Device, n: number): void {
    const doc = d.set?.remove(n);
    if (!doc) return;
    d.stored.set(n, Y.encodeStateAsUpdate(doc));
    doc.destroy();
  }

  /** Loads back every segment device `d` unloaded. */
  loadAll(d: Device): void {
    for (const n of [...d.stored.keys()].sort((a, b) => a - b)) d.set?.ensure(n);
  }
}

/** `n` devices holding one fresh story kept in one document (schema 1); root client ids fixed. */
export function segmentPeers(n: number, guid: string): SegmentMesh {
  const origin = makeStory({ guid, clientID: 1 });
  origin.views.dispose();
  const devices: Device[] = [];
  for (let i = 0; i < n; i++) {
    const root = i === 0 ? origin.doc : new Y.Doc({ guid });
    if (i > 0) {
      root.clientID = i + 1;
      Y.applyUpdate(root, Y.encodeStateAsUpdate(origin.doc), NET);
    }
    devices.push({ index: i, root, stored: new Map(), sessions: 0 });
  }
  return new SegmentMesh(devices);
}
