// A long story stored as the app's worker stores an imported one, for the app bench to put into
// Chromium's IndexedDB without the UI (a 100,000-turn Story JSON is about 320 MB: too heavy to pick
// as a file). Run in its own Node process with a large heap by app-seed.ts:
//   node --max-old-space-size=8192 --import tsx tests/bench/app-story-dump.ts <turns> <seed> <folder> [checkpoints]
// The story is the bench's (story-gen.ts), exported to Story JSON and imported as the worker's
// `importStory` does (driver importStory, then the store's adopt, which makes it segmented: root +
// one database per segment), with its library entry as registerStory writes it, into a real
// y-indexeddb store on fake-indexeddb. With `checkpoints`, its boundary checkpoints are written too, by
// the driver's writeBoundaryCheckpoints as the worker's segment upkeep writes them once a change
// settles: the story as the app holds it after its first open (which, without them, reads every
// segment one after the other: more than ten minutes at 100,000 turns here). Then every database of that store is dumped as y-indexeddb
// holds it: `<folder>/dump.json` names each database and its records, in key order, whose values are
// the files `<folder>/<n>.bin` (store `updates`) or JSON (store `custom`).
import 'fake-indexeddb/auto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import { DocOrigin } from '../../src/driver/doc/origins.ts';
import { listParticipants } from '../../src/driver/doc/participants.ts';
import { readMeta } from '../../src/driver/doc/story-doc.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { activePathLength } from '../../src/workers/host/story-listing.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { buildStory } from './story-gen.ts';
import { progress } from './stats.ts';

export interface DumpedDatabase {
  name: string;
  /** The `updates` store's values, in key order: the files holding them. */
  updates: string[];
  /** The `custom` store's records. */
  custom: Array<[IDBValidKey, unknown]>;
}

export interface StoryDump {
  storyId: string;
  lastTurnId: string;
  turns: number;
  databases: DumpedDatabase[];
}

function all<T>(db: IDBDatabase, store: string, what: 'getAll' | 'getAllKeys'): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction([store], 'readonly').objectStore(store)[what]();
    request.onsuccess = () => resolve(request.result as T[]);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB: ${db.name}`));
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB: ${name}`));
  });
}

async function dumpStore(folder: string): Promise<DumpedDatabase[]> {
  const out: DumpedDatabase[] = [];
  let file = 0;
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined) continue;
    const db = await openDatabase(name);
    const updates = await all<Uint8Array>(db, 'updates', 'getAll');
    const keys = await all<IDBValidKey>(db, 'custom', 'getAllKeys');
    const values = await all<unknown>(db, 'custom', 'getAll');
    db.close();
    const files = updates.map((update) => {
      const path = `${file++}.bin`;
      writeFileSync(join(folder, path), update);
      return path;
    });
    out.push({ name, updates: files, custom: keys.map((k, i) => [k, values[i]]) });
  }
  return out;
}

async function main(): Promise<void> {
  const [turns, seed, folder] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] ?? ''];
  const checkpoints = process.argv[5] === 'checkpoints';
  mkdirSync(folder, { recursive: true });
  progress(`app: building a ${turns}-turn story in Node`);
  const built = await buildStory({ turns, seed });
  const lastTurnId = built.turnIds.at(-1) as string;
  const json = exportStory(built.doc);
  built.doc.destroy();
  progress('app: importing it as the worker imports a Story JSON (into fake-indexeddb)');
  const imported = importStory(json, new Date().toISOString(), 'en');
  if (!imported.ok) throw new Error(imported.detail);
  const store = createStoryStore({ segmented: true });
  await store.ready;
  const story = await store.adopt(imported.doc);
  const now = new Date().toISOString();
  putStoryEntry(store.library, {
    id: story.id,
    title: readMeta(story.doc).title,
    createdAt: now,
    lastActivity: now,
    participants: listParticipants(story.doc).map((p) => p.name),
    turns: activePathLength(story.doc),
  });
  if (checkpoints) {
    const written = writeBoundaryCheckpoints(story.doc, story.views, DocOrigin.driver);
    progress(`app: ${written.length} boundary checkpoints written`);
  }
  await store.flush();
  await store.closeAll();
  progress('app: dumping its IndexedDB records');
  const dump: StoryDump = { storyId: story.id, lastTurnId, turns, databases: await dumpStore(folder) };
  writeFileSync(join(folder, 'dump.json'), JSON.stringify(dump));
}

await main();
