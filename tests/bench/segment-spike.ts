// Spike for the segmented story (issue 21; docs/design/segmented-story.md): the same generated story
// laid out as today (one Y.Doc) and as a root doc plus segment docs of S turns, measured side by side.
// Run by hand, not part of `npm run bench`:
//   node --expose-gc --import tsx tests/bench/segment-spike.ts [turns=10000] [sizes=250,500,1000]
// (at 100000 turns add --max-old-space-size=12000: the one-doc layout needs more than Node's default heap)
// Figures (medians of RUNS runs; the machine is shared, so compare within one run only):
//   bytes          encoded size of the one doc, of the root, of each segment (median / largest)
//   openMs         Y.applyUpdate of root + newest segment into fresh docs, then the views' pass over the
//                  newest segment started from its boundary checkpoint (what opening needs); heap after
//   allMs          Y.applyUpdate of every segment (export, search); heap after
//   appendMs       one turn and its 3 projections written into the newest segment (or the one doc)
//   idbMs          y-indexeddb (fake-indexeddb) load of root + newest segment, one database per doc
//   tailPassMs     computeNode over the newest segment from the checkpoint (staleness after an edit there)
// Heap is taken on the first run of each measurement only: here a destroyed Y.Doc stays reachable until
// the next one is decoded, so later runs' growth read ~0 (seen while writing this spike).
import 'fake-indexeddb/auto';
import * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import type { PathNode } from '../../src/driver/views/path-node.ts';
import {
  buildRoot,
  checkpointsEvery,
  layOut,
  passFrom,
  writeTurn,
  type Checkpoint,
} from './segment-layout.ts';
import { persisted, stored } from '../../src/workers/store/story-store.ts';
import { mulberry32 } from '../support/prng.ts';
import { buildStory, firstPerson, perceived, PROJECTION_CHARS, SOURCE_CHARS, uuidFrom } from './story-gen.ts';
import { heapAfterGc, median, now, progress, round } from './stats.ts';

const TURNS = Number(process.argv[2] ?? 10_000);
const SIZES = (process.argv[3] ?? '250,500,1000').split(',').map(Number);
const BIG = TURNS > 50_000;
/** Runs of the small measurements (open, idb, tail pass): many, as the machine is shared. */
const RUNS = 9;
/** Runs that decode a whole story: few, and one at 100k (a second copy would not fit the heap). */
const WHOLE_RUNS = BIG ? 1 : 3;
const APPENDS = 25;
/** Above this the one-doc layout is not put through fake-indexeddb (its heap would not hold two copies). */
const MONOLITH_IDB_LIMIT = 20_000;
const MB = 1024 * 1024;

interface Layout {
  size: number;
  root: Uint8Array;
  /** Root with an id → segment map of every turn (the alternative to a segment number in the turn id). */
  rootWithIdIndex: Uint8Array;
  segments: Uint8Array[];
  ids: string[][];
  checkpoints: Checkpoint[];
}

/** The story, its one-doc encoding and its segmented layouts; the built doc is dropped on return. */

async function prepare() {
  progress(`segment-spike: building a ${TURNS}-turn story (load ${(await loadAvg()).join(' ')})`);
  const t0 = now();
  const built = await buildStory({ turns: TURNS, chunk: 250 });
  const { doc: mono, participants, turnIds } = built;
  const pids = participants.map((p) => p.id);
  const monoBytes = Y.encodeStateAsUpdate(mono);
  progress(`built in ${round((now() - t0) / 1000)} s, ${round(monoBytes.byteLength / MB)} MB`);
  // Every size is a multiple of the smallest: one pass gives every layout's checkpoints.
  const cps = checkpointsEvery(mono, turnIds, Math.min(...SIZES));
  const layouts: Layout[] = [];
  for (const size of SIZES) {
    const { segments, ids, checkpoints } = layOut(mono, turnIds, size, cps);
    const root = buildRoot(mono.guid, participants, turnIds, ids, checkpoints, false);
    const rootWithIdIndex = buildRoot(mono.guid, participants, turnIds, ids, checkpoints, true);
    layouts.push({ size, root, rootWithIdIndex, segments, ids, checkpoints });
    progress(`laid out in segments of ${size}: ${segments.length} segments`);
  }
  // Migrating in place: the story's own doc keeps everything but its turns, which leave tombstones.
  mono.transact(() => turnsMap(mono).clear());
  const inPlaceRoot = Y.encodeStateAsUpdate(mono);
  mono.destroy();
  return { guid: mono.guid, monoBytes, pids, userId: built.userId, layouts, inPlaceRoot };
}

async function main() {
  const t0 = now();
  const { guid, monoBytes, pids, userId, layouts, inPlaceRoot } = await prepare();
  const out: Record<string, unknown> = { turns: TURNS, runs: RUNS, loadAverageAtStart: await loadAvg() };
  const inPlace: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = now();
    Y.applyUpdate(new Y.Doc({ guid }), inPlaceRoot);
    inPlace.push(now() - start);
  }
  out.inPlaceRoot = {
    bytes: inPlaceRoot.byteLength,
    decodeMs: round(median(inPlace)),
    decodeMinMs: round(Math.min(...inPlace)),
  };
  out.monolith = await measureMonolith(guid, monoBytes, pids, userId, TURNS);
  for (const l of layouts) out[`segments${l.size}`] = await measureLayout(guid, l, pids, userId);
  out.loadAverageAtEnd = await loadAvg();
  out.seconds = round((now() - t0) / 1000);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

async function loadAvg(): Promise<number[]> {
  const os = await import('node:os');
  return os.loadavg().map((v) => round(v, 2));
}

/** One turn and its three projections, as the driver writes them (parent check left out in both layouts). */
function appendOne(
  doc: Y.Doc,
  root: Y.Doc,
  pids: string[],
  userId: string,
  n: number,
  parent: string,
): string {
  const rng = mulberry32(1000 + n);
  const author = pids[n % pids.length] as string;
  const id = uuidFrom(rng);
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  const text = firstPerson(rng, SOURCE_CHARS);
  doc.transact(() => {
    writeTurn(doc, {
      id,
      author,
      text,
      origin: author === userId ? 'authored' : 'generated',
      createdAt,
      parent,
      audiences: pids,
    });
  });
  root.transact(() => metaMap(root).set('activeLeaf', id));
  for (const a of pids.filter((p) => p !== author))
    writePov(doc, id, a, {
      perceived: true,
      text: perceived(rng, PROJECTION_CHARS),
      basis: 'b',
      origin: 'generated',
      createdAt,
    });
  return id;
}

const sizes = (bytes: Uint8Array[]) => bytes.map((b) => b.byteLength);

async function measureMonolith(
  guid: string,
  bytes: Uint8Array,
  pids: string[],
  userId: string,
  turns: number,
) {
  const open: number[] = [];
  const heap: number[] = [];
  let doc: Y.Doc | undefined;
  for (let r = 0; r < WHOLE_RUNS; r++) {
    doc?.destroy();
    doc = undefined;
    const base = heapAfterGc();
    const start = now();
    doc = new Y.Doc({ guid });
    Y.applyUpdate(doc, bytes);
    open.push(now() - start);
    if (r === 0) heap.push((heapAfterGc() - base) / MB);
    progress(`monolith decode ${r + 1}/${WHOLE_RUNS}: ${round(open.at(-1) as number)} ms`);
  }
  const d = doc as Y.Doc;
  const leaf = String(metaMap(d).get('activeLeaf'));
  const appends: number[] = [];
  let parent = leaf;
  for (let n = 0; n < APPENDS; n++) {
    const start = now();
    parent = appendOne(d, d, pids, userId, turns + n, parent);
    appends.push(now() - start);
  }
  d.destroy();
  let idbMs: number | undefined;
  let idbMinMs: number | undefined;
  if (turns <= MONOLITH_IDB_LIMIT) {
    const name = `spike-mono-${turns}`;
    await store(name, guid, bytes);
    const loads: number[] = [];
    for (let r = 0; r < WHOLE_RUNS; r++) {
      const start = now();
      const fresh = new Y.Doc({ guid });
      const p = await persisted(name, fresh);
      loads.push(now() - start);
      await p.destroy();
      fresh.destroy();
    }
    idbMs = round(median(loads));
    idbMinMs = round(Math.min(...loads));
  }
  return {
    bytes: bytes.byteLength,
    openMs: round(median(open)),
    heapMB: round(median(heap)),
    appendMs: round(median(appends), 2),
    idbMs: idbMs ?? `not run above ${MONOLITH_IDB_LIMIT} turns`,
    idbMinMs,
    openMinMs: round(Math.min(...open)),
    detail: { openRunsMs: open.map((v) => round(v)) },
  };
}

/** Stores `bytes` as one y-indexeddb database called `name`, and waits until it is committed. */
async function store(name: string, guid: string, bytes: Uint8Array): Promise<void> {
  const doc = new Y.Doc({ guid });
  const p = new IndexeddbPersistence(name, doc);
  await p.whenSynced;
  Y.applyUpdate(doc, bytes);
  await stored(p);
  await p.destroy();
  doc.destroy();
}

async function measureLayout(guid: string, l: Layout, pids: string[], userId: string) {
  const last = l.segments.length - 1;
  const newest = l.segments[last] as Uint8Array;
  const newestIds = l.ids[last] as string[];
  const cp = l.checkpoints[last] as Checkpoint;
  const offset = l.ids.slice(0, last).reduce((s, ids) => s + ids.length, 0);
  const open: number[] = [];
  const decodeOnly: number[] = [];
  const heap: number[] = [];
  let held: { root: Y.Doc; seg: Y.Doc; tail: PathNode } | undefined;
  for (let r = 0; r < RUNS; r++) {
    held?.root.destroy();
    held?.seg.destroy();
    held = undefined;
    const base = heapAfterGc();
    const start = now();
    const root = new Y.Doc({ guid });
    Y.applyUpdate(root, l.root);
    const seg = new Y.Doc({ guid: `${guid}~${last}` });
    Y.applyUpdate(seg, newest);
    decodeOnly.push(now() - start);
    const tail = passFrom(seg, newestIds, cp, offset);
    open.push(now() - start);
    held = { root, seg, tail };
    if (r === 0) heap.push((heapAfterGc() - base) / MB);
  }
  const h = held as NonNullable<typeof held>;
  const tailPass: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = now();
    passFrom(h.seg, newestIds, cp, offset);
    tailPass.push(now() - start);
  }
  const appends: number[] = [];
  let parent = newestIds.at(-1) as string;
  for (let n = 0; n < APPENDS; n++) {
    const start = now();
    parent = appendOne(h.seg, h.root, pids, userId, 10_000_000 + n, parent);
    appends.push(now() - start);
  }
  h.root.destroy();
  h.seg.destroy();

  const all: number[] = [];
  const allHeap: number[] = [];
  for (let r = 0; r < WHOLE_RUNS; r++) {
    const base = heapAfterGc();
    const start = now();
    const docs = l.segments.map((b, n) => {
      const d = new Y.Doc({ guid: `${guid}~${n}` });
      Y.applyUpdate(d, b);
      return d;
    });
    all.push(now() - start);
    if (r === 0) allHeap.push((heapAfterGc() - base) / MB);
    for (const d of docs) d.destroy();
  }

  // y-indexeddb: one database per document, as y-indexeddb does (name = the doc's room).
  const prefix = `spike-${l.size}-${l.segments.length}`;
  await store(`${prefix}-root`, guid, l.root);
  await store(`${prefix}~${last}`, `${guid}~${last}`, newest);
  // The older segments' databases exist too (IndexedDB cost per database is paid at open, not here).
  const idb: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = now();
    const root = new Y.Doc({ guid });
    const seg = new Y.Doc({ guid: `${guid}~${last}` });
    const [pr, ps] = await Promise.all([
      persisted(`${prefix}-root`, root),
      persisted(`${prefix}~${last}`, seg),
    ]);
    idb.push(now() - start);
    await pr.destroy();
    await ps.destroy();
    root.destroy();
    seg.destroy();
  }
  const segBytes = sizes(l.segments);
  progress(`segments of ${l.size}: open ${round(median(open))} ms, all ${round(median(all))} ms`);
  return {
    segments: l.segments.length,
    rootBytes: l.root.byteLength,
    rootBytesWithIdIndex: l.rootWithIdIndex.byteLength,
    segmentBytesMedian: median(segBytes),
    segmentBytesMax: Math.max(...segBytes),
    segmentBytesTotal: segBytes.reduce((a, b) => a + b, 0),
    openMs: round(median(open)),
    openMinMs: round(Math.min(...open)),
    decodeRootAndNewestMs: round(median(decodeOnly)),
    tailPassMs: round(median(tailPass)),
    tailPassMinMs: round(Math.min(...tailPass)),
    heapMB: round(median(heap)),
    allMs: round(median(all)),
    allHeapMB: round(median(allHeap)),
    appendMs: round(median(appends), 2),
    idbMs: round(median(idb)),
    idbMinMs: round(Math.min(...idb)),
    detail: { openRunsMs: open.map((v) => round(v)), idbRunsMs: idb.map((v) => round(v)) },
  };
}

await main();
setTimeout(() => process.exit(), 2000).unref();
