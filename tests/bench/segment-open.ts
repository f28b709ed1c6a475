// Opening a long segmented story in the worker's store (issue 21): a chain of N turns is stored through
// y-indexeddb on fake-indexeddb (root + one database per segment), then a new store opens it (root and
// the leaf's segments only) and the views walk the newest 50 rows. Run by hand:
//   node --import tsx tests/bench/segment-open.ts [turns=10000] [runs=5]
//   openMs   store.open: the root, migrate-or-sweep check, the leaf's segments from IndexedDB
//   rowsMs   views.path() and the newest 50 of its nodes
import 'fake-indexeddb/auto';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { segmentedChain } from '../support/segment-story.ts';
import { median, now, round } from './stats.ts';

const TURNS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 5);
const SOURCE = 'The lantern swings over the ferry rail. '.repeat(20);
const STORY = 'bench-open';

const writer = createStoryStore({ prefix: 'bench', segmented: true });
await writer.ready;
const { root, set } = segmentedChain(STORY, TURNS, (depth) => `${depth}: ${SOURCE}`);
await writer.adopt(root, set);
await writer.flush();
await writer.closeAll();

const openMs: number[] = [];
const rowsMs: number[] = [];
let loaded: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const store = createStoryStore({ prefix: 'bench', segmented: true });
  await store.ready;
  const start = now();
  const opened = await store.open(STORY);
  if (!opened.ok) throw new Error(opened.detail);
  openMs.push(now() - start);
  const walk = now();
  const path = opened.story.views.path();
  const rows = path.slice(-50).map((n) => n.turn.source.length);
  rowsMs.push(now() - walk);
  if (rows.length !== 50 || path[path.length - 1]?.index !== TURNS - 1)
    throw new Error(`the newest rows are not there (${path.length} nodes)`);
  loaded = opened.story.segments?.()?.loaded() ?? [];
  await store.closeAll();
}
console.log(
  JSON.stringify(
    {
      turns: TURNS,
      runs: RUNS,
      loadedSegments: loaded,
      openMs: { median: round(median(openMs)), all: openMs.map(round) },
      rowsMs: { median: round(median(rowsMs)), all: rowsMs.map(round) },
    },
    null,
    2,
  ),
);
