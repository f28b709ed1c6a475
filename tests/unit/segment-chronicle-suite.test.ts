// The chronicle suites again, over segmented stories (rule CS1): every story the tests make with
// `createStory` gets a story set of 2 depths a band first, so its chronicle entries and audit land in
// several segment documents. The suites run unchanged; passing here means the chronicler, the reducer,
// stale entries, keep and rewrite find the records where they now live.
import { expect, it, vi } from 'vitest';
import type * as Y from 'yjs';
import { partValues } from '../../src/driver/doc/chronicle.ts';
import { participantsMap } from '../../src/driver/doc/story-doc.ts';
import { createStorySet, type StorySet } from '../../src/driver/doc/story-set.ts';

const made = vi.hoisted(() => [] as StorySet[]);

vi.mock('../../src/driver/doc/story-doc.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/driver/doc/story-doc.ts')>();
  return {
    ...real,
    createStory: (...args: Parameters<typeof real.createStory>) => {
      made.push(createStorySet(args[0], undefined, { depths: 2 }));
      real.createStory(...args);
    },
  };
});

await import('./chronicle.test.ts');
await import('./chronicle-concurrent.test.ts');

it('[CS1][CS4] ran those suites with entries in segments and none in a root, memories in the digest', () => {
  const inSegments = made.filter((set) =>
    set
      .loaded()
      .some((n) => [...(set.segment(n) as Y.Doc).share.keys()].some((name) => name.endsWith('/entries'))),
  );
  expect(inSegments.length).toBeGreaterThan(2);
  // The chronicler put its memories into the root's digest (CS4).
  const digested = made.filter((set) =>
    [...participantsMap(set.root).keys()].some((p) => partValues(set.root, p, 'memoryDigest').size),
  );
  expect(digested.length).toBeGreaterThan(2);
  for (const set of made)
    for (const p of participantsMap(set.root).keys())
      expect([...partValues(set.root, p, 'entries', 'root').keys()]).toEqual([]);
});
