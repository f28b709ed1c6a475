// A host on a store that holds a segmented chain story ('long', one participant), reopened as after a
// reload with every boundary checkpoint stored, so opening needs the leaf's bands only. `notHere`
// names bands whose databases are deleted first: a device that has the root and the newest parts,
// and never received those (a new device offline before its background fetch reached them).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { createStoryStore, type OpenStory } from '../../src/workers/store/story-store.ts';
import { startHost, type HostHarness } from './host-harness.ts';
import { startOpenAIServer } from './openai-server.ts';
import { segmentedChain } from './segment-story.ts';

export const LONG_STORY = 'long';

export async function hostWithLongStory(
  turns: number,
  options: { notHere?: number[]; cleanups: Array<() => Promise<void>> },
): Promise<HostHarness & { prefix: string }> {
  const prefix = `long-story-${randomUUID()}`;
  const writer = createStoryStore({ prefix });
  const { root, set } = segmentedChain(LONG_STORY, turns);
  await writer.ready;
  await writer.adopt(root, set);
  const views = createStoryViews(root);
  writeBoundaryCheckpoints(root, views);
  views.dispose();
  const at = '2026-01-01T00:00:00.000Z';
  putStoryEntry(writer.library, {
    id: LONG_STORY,
    title: 'The long road',
    turns,
    createdAt: at,
    lastActivity: at,
    participants: [],
  });
  await writer.flush();
  await writer.closeAll();
  for (const n of options.notHere ?? [])
    await new Promise((resolve, reject) => {
      const deleting = indexedDB.deleteDatabase(`${prefix}-story-${LONG_STORY}~${n}`);
      deleting.onsuccess = resolve;
      deleting.onerror = () => reject(deleting.error);
    });
  const server = await startOpenAIServer({ answer: () => 'Nothing happens.' });
  options.cleanups.push(() => server.close());
  const harness = await startHost(server, createStoryStore({ prefix }));
  options.cleanups.push(() => harness.close());
  return { ...harness, prefix };
}

/** The long story as the host holds it open. */
export async function openLongStory(harness: HostHarness): Promise<OpenStory> {
  const opened = await harness.store.open(LONG_STORY);
  if (!opened.ok) throw new Error(opened.detail);
  return opened.story;
}
