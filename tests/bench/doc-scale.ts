// docScale: a story of N turns (argv[2]) in a layout (argv[3]: `segmented`, the default and what the
// app does, or `one-doc`, the comparison), stored through y-indexeddb on fake-indexeddb as the worker
// stores it, then opened as the worker opens it (doc-layouts.ts), appended to, edited and sent to.
//   bytesPerTurn      encoded size / turns: root + every segment (segmented), or the one document
//   loadLast50Ms      the store's open (segmented: root + the leaf's segment and the one below from their
//                     databases; one-doc: the whole document) + the views + overview + transcriptSlice of
//                     the last 50 turns (what openStory + transcript do)
//   heapMB            heap held by the opened story (docs, persistence, views, slice) after a full GC: the
//                     worker's store only (the app's page holds its rows on top)
//   appendMs          one turn with its 3 projections, each written as the driver writes it (its basis
//                     from the views), then staleness and the 4 participants' transcripts brought up to date
//   staleAfterEditMs  an edit 20 turns before the end of the opened story (a source edited, a view edited
//                     by hand, or a new alternative there), then staleHistory() on the views that lived
//                     through it: what the worker derives for every command and transcript after an edit
//   stalenessMs       staleItems() on a fresh views object: a full pass over what is loaded. Segmented,
//                     that is what opening pays: the leaf's two segments (≤ 1,000 turns) from the boundary
//                     checkpoint below them, at every length; one-doc, every turn from the root
//   readyToSendMs     a worker host that has not opened the story asked to send a turn, until the turn is
//                     stored (ready-to-send.ts)
// The details add the build, the root's and segments' sizes, each load and its split (the store's
// load, the views' path for the overview, the slice, and the garbage collection within), the append split into writing
// and refreshing, what the UI re-reads after an append or an edit (overview + the last 50 turns' slice),
// and the edits by kind. The edits come last, on a copy no store keeps (the host must find the story
// as the appends left it).
import 'fake-indexeddb/auto';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import { mulberry32 } from '../support/prng.ts';
import { LAYOUTS, openStory, writeStory, type Layout, type Opened } from './doc-layouts.ts';
import { EDIT_KINDS, editNearEnd, type EditKind } from './edit-near-end.ts';
import { runGroup } from './group.ts';
import { listStory, readyToSend } from './ready-to-send.ts';
import { firstPerson, perceived, PROJECTION_CHARS, SOURCE_CHARS, uuidFrom } from './story-gen.ts';
import { collectedMs, heapAfterGc, median, now, progress, round, watchGc } from './stats.ts';

const turns = Number(process.argv[2] ?? 1000);
const layout = (process.argv[3] ?? 'segmented') as Layout;
if (!LAYOUTS.includes(layout)) throw new Error(`layout ${layout}: one of ${LAYOUTS.join(', ')}`);
/** Fewer runs of what takes seconds at 100,000 turns, so the group stays within a few minutes. */
const HUGE = turns > 50_000;
const LOAD_RUNS = HUGE ? 3 : turns > 5000 ? 5 : 7;
const STALENESS_RUNS = HUGE ? 3 : 5;
const READY_RUNS = HUGE ? 1 : 3;
const APPENDS = 25;
/** Edits of each kind, taken in turn. */
const EDITS_PER_KIND = 5;
const LAST = 50;
const name = `docScale ${turns} ${layout}`;

/**
 * One timed open, its time and heap growth pushed to `loads` and `heaps`. A function of its own: a
 * suspended async frame keeps the locals of its loop, and the story opened last would count in the
 * next open's base (seen in a heap snapshot: the closed document held by the frame, nothing else).
 */
async function timedOpen(
  prefix: string,
  guid: string,
  loads: number[],
  heaps: number[],
  splits: Array<Opened['split'] & { gcMs: number }>,
): Promise<Opened> {
  const base = heapAfterGc();
  const start = now();
  const o = await openStory(layout, prefix, guid);
  const gcMs = await collectedMs(start, now());
  loads.push(o.ms);
  splits.push({ ...o.split, gcMs });
  heaps.push(heapAfterGc() - base);
  if (o.length !== turns || o.rows !== LAST)
    throw new Error(`opened ${o.length} turns and ${o.rows} rows, not ${turns} and ${LAST}`);
  return o;
}

/**
 * A closed y-indexeddb persistence on fake-indexeddb keeps its document reachable for a few tasks (a
 * 3,000-turn story opened and closed three times stayed three times in the heap through an immediate
 * full GC, once after 100 ms): waiting keeps one story in memory at a time, which 100,000 turns need.
 */
const SETTLE_MS = 250;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function close(o: Opened): Promise<void> {
  await o.close();
  await settle();
}

function appendOne(o: Opened, ids: string[], userId: string, n: number) {
  const { doc, views } = o;
  const rng = mulberry32(1000 + n);
  const author = ids[n % ids.length] as string;
  const generated = author !== userId;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  const start = now();
  const leaf = activeLeaf(doc);
  const id = appendTurn(doc, {
    id: uuidFrom(rng),
    author,
    text: firstPerson(rng, SOURCE_CHARS),
    origin: generated ? 'generated' : 'authored',
    createdAt,
    audiences: ids,
    ...(generated ? { basis: views.historyThrough(author, leaf) } : {}),
  });
  // One write per projection, each with the basis the views expect, as projection.ts writes them.
  for (const audience of ids.filter((a) => a !== author)) {
    const expected = views.node(id).pov.get(audience)?.expected ?? '';
    const text = perceived(rng, PROJECTION_CHARS);
    writePov(doc, id, audience, { perceived: true, text, basis: expected, origin: 'generated', createdAt });
  }
  const written = now();
  const stale = views.staleItems();
  for (const p of ids) views.transcript(p);
  const done = now();
  if (stale.length) throw new Error(`an appended turn left ${stale.length} stale items`);
  // Not part of appendMs: what the UI then re-reads (the worker's slice of the last 50 turns).
  const { length } = overview({ doc, views });
  transcriptSlice({ doc, views }, { start: length - LAST });
  return {
    totalMs: done - start,
    writeMs: written - start,
    refreshMs: done - written,
    uiSliceMs: now() - done,
  };
}

await runGroup(name, async () => {
  // Named as a worker's store names its databases, so a host with this prefix opens the story.
  const prefix = `rashomon-bench-${turns}`;
  progress(`${name}: building the story through y-indexeddb (fake-indexeddb)`);
  const genStart = now();
  const written = await writeStory(layout, turns, prefix, (done) => {
    if (done % 2500 === 0 || done === turns) progress(`${name}: ${done}/${turns} turns written`);
  });
  const genMs = now() - genStart;
  const { guid, ids, userId } = written;
  await listStory(prefix, { id: guid, title: `A garden of ${turns} turns`, turns });
  await settle();

  const loads: number[] = [];
  const heaps: number[] = [];
  const splits: Array<Opened['split'] & { gcMs: number }> = [];
  watchGc();
  let opened: Opened | undefined;
  for (let run = 0; run < LOAD_RUNS; run++) {
    if (opened) await close(opened);
    opened = undefined;
    opened = await timedOpen(prefix, guid, loads, heaps, splits);
    progress(`${name}: load ${run + 1}/${LOAD_RUNS} ${loads.at(-1)?.toFixed(0)} ms`);
  }
  if (!opened) throw new Error('no load ran');
  const loaded = opened.loaded;

  const staleness: number[] = [];
  for (let run = 0; run < STALENESS_RUNS; run++) {
    const fresh = createStoryViews(opened.doc);
    const start = now();
    const stale = fresh.staleItems();
    staleness.push(now() - start);
    fresh.dispose();
    // The generator mirrors the views' fingerprints: if they drift, the figures would be of a stale story.
    if (stale.length)
      throw new Error(`the built story has ${stale.length} stale items: story-gen.ts is out of date`);
  }

  const appends = Array.from({ length: APPENDS }, (_, n) => appendOne(opened, ids, userId, turns + n));
  // The appends are stored for the host below; the edits are not (it must find the story fresh).
  const editable = await opened.detach();
  const edits = Array.from({ length: EDITS_PER_KIND * EDIT_KINDS.length }, (_, n) =>
    editNearEnd(editable.doc, editable.views, EDIT_KINDS[n % EDIT_KINDS.length] as EditKind, n),
  );
  progress(`${name}: ${edits.length} edits near the end timed`);
  editable.dispose();
  await settle();

  const ready: number[] = [];
  for (let run = 0; run < READY_RUNS; run++) {
    ready.push(await readyToSend(prefix, guid, layout === 'segmented'));
    progress(`${name}: ready to send ${run + 1}/${READY_RUNS} ${ready.at(-1)?.toFixed(0)} ms`);
  }
  const editsOf = (kind: EditKind) => edits.filter((e) => e.kind === kind);

  return {
    turns,
    layout,
    bytesPerTurn: Math.round(written.bytes / turns),
    loadLast50Ms: round(median(loads)),
    heapMB: round(median(heaps) / 2 ** 20),
    appendMs: round(median(appends.map((a) => a.totalMs)), 2),
    staleAfterEditMs: round(median(edits.map((e) => e.staleMs)), 2),
    stalenessMs: round(median(staleness)),
    readyToSendMs: round(median(ready)),
    detail: {
      storedBytes: written.bytes,
      rootBytes: written.rootBytes,
      segments: written.segments,
      loadedSegments: loaded,
      buildMs: Math.round(genMs),
      loadRunsMs: loads.map((x) => round(x)),
      loadSplitMs: {
        store: round(median(splits.map((x) => x.storeMs))),
        path: round(median(splits.map((x) => x.pathMs))),
        slice: round(median(splits.map((x) => x.sliceMs))),
        // Of all that, collecting garbage: fake-indexeddb keeps every stored update in the JS heap, so
        // each major GC marks the whole stored story too (in a browser IndexedDB is outside the heap).
        gc: round(median(splits.map((x) => x.gcMs))),
      },
      heapRunsMB: heaps.map((x) => round(x / 2 ** 20)),
      appendWriteMs: round(median(appends.map((a) => a.writeMs)), 2),
      appendRefreshMs: round(median(appends.map((a) => a.refreshMs)), 2),
      appendMaxMs: round(Math.max(...appends.map((a) => a.totalMs)), 2),
      uiSliceAfterAppendMs: round(median(appends.map((a) => a.uiSliceMs)), 2),
      staleAfterEditByKindMs: Object.fromEntries(
        EDIT_KINDS.map((kind) => [kind, round(median(editsOf(kind).map((e) => e.staleMs)), 2)]),
      ),
      staleAfterEditMaxMs: round(Math.max(...edits.map((e) => e.staleMs)), 2),
      staleTurnsAfterEdit: median(edits.map((e) => e.staleTurns)),
      uiSliceAfterEditMs: round(median(edits.map((e) => e.uiSliceMs)), 2),
      stalenessRunsMs: staleness.map((x) => round(x)),
      readyToSendRunsMs: ready.map((x) => round(x)),
      runs: {
        load: LOAD_RUNS,
        staleness: STALENESS_RUNS,
        append: APPENDS,
        edit: edits.length,
        readyToSend: READY_RUNS,
      },
    },
  };
});
