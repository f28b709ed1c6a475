// The driver's main suites again, over segmented stories: every story the tests make with
// `createStory` gets a story set of 2 depths a band first, so a test story of a few turns spans
// several segment documents. The suites run unchanged; passing here means the doc layer routes every
// turn read and write to the segment of its depth without anything above it noticing.
import { expect, it, vi } from 'vitest';
import type * as Y from 'yjs';
import { createStorySet, type StorySet } from '../../src/driver/doc/story-set.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';

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

await import('./turn-loop.test.ts');
await import('./stale-history.test.ts');
await import('./path-cut.test.ts');

it('ran those suites over stories spread across segments, with no turn in a root', () => {
  const spread = made.filter((set) => set.loaded().length >= 2);
  expect(made.length).toBeGreaterThan(20);
  expect(spread.length).toBeGreaterThan(8);
  for (const set of made) expect(turnsMap(set.root as Y.Doc).size).toBe(0);
});
