// A long story put into the page's IndexedDB without the UI (app-story-dump.ts says how it is made):
// each of its databases is created as y-indexeddb creates one (object stores `updates`, autoIncrement,
// and `custom`) and given the dumped records in order, one page.evaluate per record; the library's
// records are added after the page's own, as a later write of the worker would be. The next reload
// opens the story as it would after an import through the UI.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { StoryDump } from './app-story-dump.ts';
import { progress } from './stats.ts';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Room for a 100,000-turn story, its Story JSON and its import at once. */
const HEAP = '--max-old-space-size=8192';

/** Runs app-story-dump.ts: the story's databases dumped into `folder`. */
export function dumpStory(turns: number, seed: number, folder: string, checkpoints: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        HEAP,
        '--import',
        'tsx',
        join(HERE, 'app-story-dump.ts'),
        String(turns),
        String(seed),
        folder,
        ...(checkpoints ? ['checkpoints'] : []),
      ],
      // stdout stays clean for the group's result.
      { cwd: ROOT, stdio: ['ignore', 2, 2] },
    );
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`app-story-dump.ts exited ${signal ?? code}`)),
    );
  });
}

/** Adds `values` (base64) to a database, creating it with y-indexeddb's stores when it is new. */
function addRecords(page: Page, name: string, updates: string[], custom: Array<[IDBValidKey, unknown]>) {
  // The custom records go as JSON: playwright-core's argument types cannot follow IDBValidKey.
  return page.evaluate(
    ({ name, updates, custom }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onupgradeneeded = () => {
          request.result.createObjectStore('updates', { autoIncrement: true });
          request.result.createObjectStore('custom');
        };
        request.onerror = () => reject(request.error ?? new Error(name));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['updates', 'custom'], 'readwrite');
          for (const value of updates)
            tx.objectStore('updates').add(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
          for (const [key, value] of JSON.parse(custom) as Array<[IDBValidKey, unknown]>)
            tx.objectStore('custom').put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onabort = () => reject(tx.error ?? new Error(name));
        };
      }),
    { name, updates, custom: JSON.stringify(custom) },
  );
}

/** Writes the databases dumped in `folder` into the page's IndexedDB; the page must be on the app's origin. */
export async function writeDump(page: Page, folder: string): Promise<StoryDump & { bytes: number }> {
  const dump = JSON.parse(readFileSync(join(folder, 'dump.json'), 'utf8')) as StoryDump;
  // Records added to a story the page has already would merge the two stories into one document (the
  // same seed makes the same story id): the bench opened such a merge, whose 1,000-turn boundary
  // checkpoints were wrong for 100,000 turns, and its first open loaded every segment.
  const present = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
  const taken = dump.databases
    .filter((db) => db.name.includes(dump.storyId) && present.includes(db.name))
    .map((db) => db.name);
  if (taken.length)
    throw new Error(`the page has the seeded story's databases already (${taken.slice(0, 3).join(', ')}…)`);
  progress(`app: writing ${dump.databases.length} databases into the page's IndexedDB`);
  let bytes = 0;
  for (const db of dump.databases) {
    const files = db.updates.map((file) => readFileSync(join(folder, file)));
    bytes += files.reduce((n, f) => n + f.length, 0);
    // One record per call: a segment's update is a few MB, the whole story hundreds.
    for (const [i, file] of files.entries())
      await addRecords(page, db.name, [file.toString('base64')], i === 0 ? db.custom : []);
    if (!files.length) await addRecords(page, db.name, [], db.custom);
  }
  return { ...dump, bytes };
}

/** A story of `turns` turns made in a Node process of its own and stored in the page's IndexedDB. */
export async function seedStory(
  page: Page,
  turns: number,
  seed: number,
  folder: string,
  checkpoints: boolean,
): Promise<{ storyId: string; lastTurnId: string; bytes: number }> {
  try {
    await dumpStory(turns, seed, folder, checkpoints);
    const { storyId, lastTurnId, bytes } = await writeDump(page, folder);
    return { storyId, lastTurnId, bytes };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
