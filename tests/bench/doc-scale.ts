// docScale: a story of N turns (argv[2]) stored through y-indexeddb on fake-indexeddb, then opened the
// way the worker opens it (story-store.ts, host-views.ts), appended to and checked for staleness.
//   bytesPerTurn  encoded document size / turns
//   loadLast50Ms  new Y.Doc + y-indexeddb load (story-store.ts) + migrateStory + createStoryViews +
//                 overview + transcriptSlice of the last 50 turns (what openStory + transcript do)
//   heapMB        heap held by the opened story (doc, persistence, views, slice) after a full GC
//   appendMs      one turn with its 3 projections, each written as the driver writes it (its basis
//                 from the views), then staleness and the 4 participants' transcripts brought up to date
//   stalenessMs   staleItems() on a fresh views object (a full pass from nothing)
// The details add the build, the stored updates, each load, the append split into writing and
// refreshing, and what the UI re-reads after an append (overview + the last 50 turns' slice).
import 'fake-indexeddb/auto';
import * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { migrateStory } from '../../src/driver/doc/migrations.ts';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import { persisted } from '../../src/workers/store/story-store.ts';
import { mulberry32 } from '../support/prng.ts';
import { runGroup } from './group.ts';
import { buildStory, firstPerson, perceived, PROJECTION_CHARS, SOURCE_CHARS, uuidFrom } from './story-gen.ts';
import { heapAfterGc, median, now, progress, round } from './stats.ts';

const turns = Number(process.argv[2] ?? 1000);
const LOAD_RUNS = turns > 5000 ? 5 : 7;
const STALENESS_RUNS = 5;
const APPENDS = 25;
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

async function close(o: Opened): Promise<void> {
  o.views.dispose();
  await o.persistence.destroy();
  o.doc.destroy();
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

await runGroup(`docScale ${turns}`, async () => {
  const name = `rashomon-story-bench-${turns}`;
  let stored = { updates: 0, bytes: 0 };
  let persistence: IndexeddbPersistence | undefined;
  progress(`docScale: building a ${turns}-turn story through y-indexeddb (fake-indexeddb)`);
  const genStart = now();
  const built = await buildStory({
    turns,
    chunk: 250,
    beforeWrite: async (doc) => {
      persistence = new IndexeddbPersistence(name, doc);
      await persistence.whenSynced;
      doc.on('update', (update: Uint8Array) => {
        stored = { updates: stored.updates + 1, bytes: stored.bytes + update.byteLength };
      });
    },
    onChunk: (done) => {
      if (done % 2500 === 0 || done === turns) progress(`docScale: ${done}/${turns} turns written`);
    },
  });
  const genMs = now() - genStart;
  const docBytes = Y.encodeStateAsUpdate(built.doc).byteLength;
  const guid = built.doc.guid;
  const ids = built.participants.map((p) => p.id);
  await persistence?.destroy();
  built.doc.destroy();

  const loads: number[] = [];
  const heaps: number[] = [];
  let opened: Opened | undefined;
  for (let run = 0; run < LOAD_RUNS; run++) {
    if (opened) await close(opened);
    opened = undefined;
    const base = heapAfterGc();
    const start = now();
    const o = await openStored(name, guid);
    loads.push(now() - start);
    heaps.push(heapAfterGc() - base);
    if (o.length !== turns || o.slice.rows.length !== LAST)
      throw new Error(`opened ${o.length} turns and ${o.slice.rows.length} rows, not ${turns} and ${LAST}`);
    opened = o;
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
    appendOne(opened, opened.views, ids, built.userId, turns + n),
  );
  await close(opened);

  return {
    turns,
    bytesPerTurn: Math.round(docBytes / turns),
    loadLast50Ms: round(median(loads)),
    heapMB: round(median(heaps) / 2 ** 20),
    appendMs: round(median(appends.map((a) => a.totalMs)), 2),
    stalenessMs: round(median(staleness)),
    detail: {
      docBytes,
      storedUpdates: stored.updates,
      storedBytes: stored.bytes,
      buildMs: Math.round(genMs),
      loadRunsMs: loads.map((x) => round(x)),
      appendWriteMs: round(median(appends.map((a) => a.writeMs)), 2),
      appendRefreshMs: round(median(appends.map((a) => a.refreshMs)), 2),
      appendMaxMs: round(Math.max(...appends.map((a) => a.totalMs)), 2),
      uiSliceAfterAppendMs: round(median(appends.map((a) => a.uiSliceMs)), 2),
      runs: { load: LOAD_RUNS, staleness: STALENESS_RUNS, append: APPENDS },
    },
  };
});
