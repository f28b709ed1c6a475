// Importing a long story into a segmented store (design §2.9, §2.5): once imported, the story reopens
// with the leaf's bands only — the boundary checkpoints were written as it was stored, so nothing
// below them is read to open it —, its root holds no tombstone of any turn, and the import exports the
// file it came from.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import { CHECKPOINTS_KEY } from '../../src/driver/doc/segment-checkpoints.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import * as Y from 'yjs';
import { exportOfSegments } from '../support/segment-docs.ts';
import { segmentedChain } from '../support/segment-story.ts';

const AT = '2026-01-01T00:00:00.000Z';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function host(prefix: string): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'Nothing happens.' });
  cleanups.push(() => server.close());
  const harness = await startHost(server, createStoryStore({ prefix }));
  cleanups.push(() => harness.close());
  return harness;
}

describe('a long story imported into a segmented store', () => {
  it('[SM4] reopens with the leaf’s bands only, and exports what was imported', async () => {
    const prefix = `import-${randomUUID()}`;
    // A played story's file: every view fresh, so nothing stale below the leaf's bands is to be listed.
    const { root, set } = segmentedChain('imported', 1600);
    const file = await exportOfSegments(root, new Map(set.loaded().map((n) => [n, set.segment(n) as Y.Doc])));
    const first = await host(prefix);
    const imported = await first.api.importStory(file);
    if (!imported.ok) throw new Error(imported.detail);
    const exported = await first.api.exportStory(imported.storyId);
    await first.close();

    const again = await host(prefix);
    const opened = await again.api.openStory(imported.storyId);
    if (!opened.ok) throw new Error(opened.detail);
    const stored = await again.store.open(imported.storyId);
    if (!stored.ok) throw new Error(stored.detail);
    expect(opened.story.length).toBe(1600);
    expect(stored.story.segments?.()?.loaded().sort()).toEqual([2, 3]);
    expect(await again.api.exportStory(imported.storyId)).toEqual(exported);
    // The root never held the turns: no tombstone of each (an in-place split left 27 kB here).
    expect(Y.encodeStateAsUpdate(stored.story.doc).length).toBeLessThan(4 * 1600);
  });

  it('[SF3] a story stored without checkpoints is read whole once, and reopens from the leaf’s bands after', async () => {
    const prefix = `import-${randomUUID()}`;
    const writer = createStoryStore({ prefix });
    await writer.ready;
    const { root, set } = segmentedChain('bare', 1600);
    await writer.adopt(root, set);
    // As a build before checkpoints left it.
    root.getMap(CHECKPOINTS_KEY).clear();
    putStoryEntry(writer.library, {
      id: 'bare',
      title: 'Bare',
      turns: 1600,
      createdAt: AT,
      lastActivity: AT,
      participants: [],
    });
    await writer.flush();
    await writer.closeAll();

    const loadedOn = async (harness: HostHarness) => {
      const opened = await harness.api.openStory('bare');
      if (!opened.ok) throw new Error(opened.detail);
      const stored = await harness.store.open('bare');
      if (!stored.ok) throw new Error(stored.detail);
      return stored.story.segments?.()?.loaded().sort();
    };
    const first = await host(prefix);
    expect(await loadedOn(first)).toEqual([0, 1, 2, 3]);
    // The checkpoints are written once the open settles.
    await new Promise((r) => setTimeout(r, 50));
    await first.close();
    expect(await loadedOn(await host(prefix))).toEqual([2, 3]);
  });
});
