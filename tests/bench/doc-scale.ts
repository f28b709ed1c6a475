// docScale: a story of N turns (argv[2]) stored through y-indexeddb on fake-indexeddb, then opened the
// way the worker opens it (story-store.ts, host-views.ts), appended to, edited and checked for staleness.
//   bytesPerTurn      encoded document size / turns
//   loadLast50Ms      new Y.Doc + y-indexeddb load (story-store.ts) + migrateStory + createStoryViews +
//                     overview + transcriptSlice of the last 50 turns (what openStory + transcript do)
//   heapMB            heap held by the opened story (doc, persistence, views, slice) after a full GC
//   appendMs          one turn with its 3 projections, each written as the driver writes it (its basis
//                     from the views), then staleness and the 4 participants' transcripts brought up to date
//   staleAfterEditMs  an edit 20 turns before the end of the opened story (a source edited, a view edited
//                     by hand, or a new alternative there), then staleHistory() on the views that lived
//                     through it: what the worker derives for every command and transcript after an edit
//   stalenessMs       staleItems() on a fresh views object (a full pass from nothing)
//   readyToSendMs     a worker host that has not opened the story asked to send a turn, until the turn is
//                     stored (ready-to-send.ts)
// The details add the build, the stored updates, each load, the append split into writing and
// refreshing, what the UI re-reads after an append or an edit (overview + the last 50 turns' slice),
// and the edits by kind.
import 'fake-indexeddb/auto';
import * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { migrateStory } from '../../src/driver/doc/migrations.ts';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import { persisted, stored } from '../../src/workers/store/story-store.ts';
import { mulberry32 } from '../support/prng.ts';
import { EDIT_KINDS, editNearEnd, type EditKind } from './edit-near-end.ts';
import { runGroup } from './group.ts';
import { listStory, readyToSend, storeDbs } from './ready-to-send.ts';
import { buildStory, firstPerson, perceived, PROJECTION_CHARS, SOURCE_CHARS, uuidFrom } from './story-gen.ts';
import { heapAfterGc, median, now, progress, round } from './stats.ts';

const turns = Number(process.argv[2] ?? 1000);
/** Fewer runs of what takes seconds at 100,000 turns, so the group stays within a few minutes. */
const HUGE = turns > 50_000;
const LOAD_RUNS = HUGE ? 3 : turns > 5000 ? 5 : 7;
const STALENESS_RUNS = HUGE ? 3 : 5;
const READY_RUNS = HUGE ? 1 : 3;
const APPENDS = 25;
/** Edits of each kind, taken in turn. */
const EDITS_PER_KIND = 5;
const LAST = 50;

async function openStored(name: string, guid: string) {
  const doc = new Y.Doc({ guid });
  const persistence = await persisted(name, doc);
  const migrated = migrateStory(doc);
  if (!migrated.ok) throw new Error(migrated.detail);
  const views = createStoryViews(doc);
  const story = { doc, views };
  const { length } = overview(story);
  const slice = transcriptSlice(story, { start: length - LAST });
  return { doc, persistence, views, slice, length };
}

type Opened = Awaited<ReturnType<typeof openStored>>;

/**
 * One timed open, its time and heap growth pushed to `loads` and `heaps`. A function of its own: a
 * suspended async frame keeps the locals of its loop, and the story opened last would count in the
 * next open's base (seen in a heap snapshot: the closed document held by the frame, nothing else).
 */
async function timedOpen(name: string, guid: string, loads: number[], heaps: number[]): Promise<Opened> {
  const base = heapAfterGc();
  const start = now();
  const o = await openStored(name, guid);
  loads.push(now() - start);
  heaps.push(heapAfterGc() - base);
  if (o.length !== turns || o.slice.rows.length !== LAST)
    throw new Error(`opened ${o.length} turns and ${o.slice.rows.length} rows, not ${turns} and ${LAST}`);
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
  o.views.dispose();
  await o.persistence.destroy();
  o.doc.destroy();
  await settle();
}

function appendOne(o: Opened, views: StoryViews, ids: string[], userId: string, n: number) {
  const rng = mulberry32(1000 + n);
  const author = ids[n % ids.length] as string;
  const generated = author !== userId;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  const start = now();
  const leaf = activeLeaf(o.doc);
  const id = appendTurn(o.doc, {
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
    writePov(o.doc, id, audience, { perceived: true, text, basis: expected, origin: 'generated', createdAt });
  }
  const written = now();
  const stale = views.staleItems();
  for (const p of ids) views.transcript(p);
  const done = now();
  if (stale.length) throw new Error(`an appended turn left ${stale.length} stale items`);
  // Not part of appendMs: what the UI then re-reads (the worker's slice of the last 50 turns).
  const { length } = overview({ doc: o.doc, views });
  transcriptSlice({ doc: o.doc, views }, { start: length - LAST });
  return {
    totalMs: done - start,
    writeMs: written - start,
    refreshMs: done - written,
    uiSliceMs: now() - done,
  };
}

/**
 * Writes the story into the store's IndexedDB and lets its doc go (at 100,000 turns it is gigabytes):
 * only what the figures need comes back.
 */
async function writeStory(prefix: string) {
  let written = { updates: 0, bytes: 0 };
  let persistence: IndexeddbPersistence | undefined;
  progress(`docScale: building a ${turns}-turn story through y-indexeddb (fake-indexeddb)`);
  const genStart = now();
  const built = await buildStory({
    turns,
    chunk: 250,
    beforeWrite: async (doc) => {
      persistence = new IndexeddbPersistence(storeDbs(prefix).story(doc.guid), doc);
      await persistence.whenSynced;
      doc.on('update', (update: Uint8Array) => {
        written = { updates: written.updates + 1, bytes: written.bytes + update.byteLength };
      });
    },
    onChunk: (done) => {
      if (done % 2500 === 0 || done === turns) progress(`docScale: ${done}/${turns} turns written`);
    },
  });
  const genMs = now() - genStart;
  const docBytes = Y.encodeStateAsUpdate(built.doc).byteLength;
  if (persistence) await stored(persistence);
  await persistence?.destroy();
  built.doc.destroy();
  await settle();
  return {
    guid: built.doc.guid,
    ids: built.participants.map((p) => p.id),
    userId: built.userId,
    docBytes,
    genMs,
    written,
  };
}

await runGroup(`docScale ${turns}`, async () => {
  // Named as a worker's store names its databases, so a host with this prefix opens the story.
  const prefix = `rashomon-bench-${turns}`;
  const { guid, ids, userId, docBytes, genMs, written } = await writeStory(prefix);
  await listStory(prefix, { id: guid, title: `A garden of ${turns} turns`, turns });

  const loads: number[] = [];
  const heaps: number[] = [];
  let opened: Opened | undefined;
  for (let run = 0; run < LOAD_RUNS; run++) {
    if (opened) await close(opened);
    opened = undefined;
    opened = await timedOpen(storeDbs(prefix).story(guid), guid, loads, heaps);
    progress(`docScale ${turns}: load ${run + 1}/${LOAD_RUNS} ${loads.at(-1)?.toFixed(0)} ms`);
  }
  if (!opened) throw new Error('no load ran');

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

  const appends = Array.from({ length: APPENDS }, (_, n) =>
    appendOne(opened, opened.views, ids, userId, turns + n),
  );
  // The appends are stored for the host below; the edits are not (it must find the story fresh).
  await stored(opened.persistence);
  await opened.persistence.destroy();
  const edits = Array.from({ length: EDITS_PER_KIND * EDIT_KINDS.length }, (_, n) =>
    editNearEnd(opened.doc, opened.views, EDIT_KINDS[n % EDIT_KINDS.length] as EditKind, n),
  );
  progress(`docScale ${turns}: ${edits.length} edits near the end timed`);
  opened.views.dispose();
  opened.doc.destroy();
  await settle();

  const ready: number[] = [];
  for (let run = 0; run < READY_RUNS; run++) {
    ready.push(await readyToSend(prefix, guid));
    progress(`docScale ${turns}: ready to send ${run + 1}/${READY_RUNS} ${ready.at(-1)?.toFixed(0)} ms`);
  }
  const editsOf = (kind: EditKind) => edits.filter((e) => e.kind === kind);

  return {
    turns,
    bytesPerTurn: Math.round(docBytes / turns),
    loadLast50Ms: round(median(loads)),
    heapMB: round(median(heaps) / 2 ** 20),
    appendMs: round(median(appends.map((a) => a.totalMs)), 2),
    staleAfterEditMs: round(median(edits.map((e) => e.staleMs)), 2),
    stalenessMs: round(median(staleness)),
    readyToSendMs: round(median(ready)),
    detail: {
      docBytes,
      storedUpdates: written.updates,
      storedBytes: written.bytes,
      buildMs: Math.round(genMs),
      loadRunsMs: loads.map((x) => round(x)),
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
