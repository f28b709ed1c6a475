// The store's writes are stored before a command answers: y-indexeddb never waits for its IndexedDB
// transactions, and a reload kills the worker with whatever transaction is still running.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { listStories, putStoryEntry } from '../../src/driver/doc/library-doc.ts';

/** Every write transaction begun on any database, and whether it has committed. */
const writes: { done: boolean }[] = [];
const transaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
  const begun = transaction.apply(this, args);
  if (begun.mode === 'readwrite') {
    const write = { done: false };
    writes.push(write);
    begun.addEventListener('complete', () => (write.done = true));
  }
  return begun;
};
const unstored = () => writes.filter((w) => !w.done).length;

const AT = '2026-01-01T00:00:00.000Z';
const entry = (id: string) => ({
  id,
  title: 'The Ferry',
  createdAt: AT,
  lastActivity: AT,
  participants: ['Sam'],
  turns: 0,
});

let store: StoryStore | undefined;
const prefix = () => `flush-${randomUUID()}`;
afterEach(async () => {
  await store?.closeAll();
  store = undefined;
});

describe('the story store', () => {
  it('has a new story stored when adopting it resolves', async () => {
    store = createStoryStore({ prefix: prefix() });
    await store.ready;
    const doc = new Y.Doc({ guid: 'ferry' });
    createStory(doc, { title: 'The Ferry', language: 'en', createdAt: AT });
    await store.adopt(doc);
    expect(unstored()).toBe(0);
  });

  it('has a library entry stored when flush resolves, not before', async () => {
    const name = prefix();
    store = createStoryStore({ prefix: name });
    await store.ready;
    putStoryEntry(store.library, entry('ferry'));
    // y-indexeddb has only begun the write: a worker killed now would lose the entry.
    expect(unstored()).toBeGreaterThan(0);
    await store.flush();
    expect(unstored()).toBe(0);

    await store.closeAll();
    store = createStoryStore({ prefix: name });
    await store.ready;
    expect(listStories(store.library).map((s) => s.id)).toEqual(['ferry']);
  });

  it('flushes the open stories with the library', async () => {
    store = createStoryStore({ prefix: prefix() });
    await store.ready;
    const opened = await store.open('ferry');
    if (!opened.ok) throw new Error(opened.detail);
    createStory(opened.story.doc, { title: 'The Ferry', language: 'en', createdAt: AT });
    expect(unstored()).toBeGreaterThan(0);
    await store.flush();
    expect(unstored()).toBe(0);
  });
});
