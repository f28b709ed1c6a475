// The story list heals at start: a story stored on this device whose list entry was lost (a reload
// between storing it and listing it) is listed again; an empty document and a deleted story are not.
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost } from '../support/host-harness.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { listStories, removeStoryEntry } from '../../src/driver/doc/library-doc.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer: () => 'I nod.' });
  cleanups.push(() => s.close());
  return s;
}

describe('the story list at start', () => {
  it('lists a stored story that has no entry, and nothing else', async () => {
    const model = await server();
    const prefix = `heal-${randomUUID()}`;
    const first = await startHost(model, createStoryStore({ prefix }));
    const kept = await newStory(first.api);
    const deleted = await newStory(first.api);
    expect((await first.api.deleteStory(deleted)).ok).toBe(true);
    // The entry is lost as a reload between storing the story and listing it would lose it.
    removeStoryEntry(first.store.library, kept);
    await first.store.open('never-written');
    await first.store.flush();
    expect(listStories(first.store.library)).toEqual([]);
    await first.close();

    const second = await startHost(model, createStoryStore({ prefix }));
    cleanups.push(() => second.close());
    const listed = await second.api.listStories();
    expect(listed.map((s) => ({ id: s.id, title: s.title, participants: s.participants }))).toEqual([
      { id: kept, title: 'Night watch', participants: ['Wren', 'Jane'] },
    ]);
  });
});
