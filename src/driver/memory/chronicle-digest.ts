// What the chronicler adds to a segmented story's memory digest (rule CS4) after an entry: its
// memories with the depth of their turn and their band's prefix on the path, the digest kept to its
// DIGEST_SIZE most important and the person's forgotten memories taken out of it.
import { deleteRecords, writeRecords, type DigestMemory, type Memory } from '../doc/chronicle.ts';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';
import type { DriverEnv, Story } from '../env.ts';
import { bandPrefixes, digestUpdate } from './memory-digest.ts';
import { chronicleOnPath } from './chronicle-on-path.ts';
import { seedCheckpoint, seedOfIndex } from './chronicle-seed.ts';
import { pathIndexWithSeed } from './chronicle-boundaries.ts';

/** The digest records of `memories`, read on the path through turn `through`; none where the prefix is unknown. */
export function digestRecords(
  story: Story,
  who: string,
  memories: readonly Memory[],
  through: string,
): DigestMemory[] {
  const set = storySetOf(story.doc);
  if (!set || !memories.length) return [];
  const index = pathIndexWithSeed(story.views, through);
  const chronicle = story.views.chronicle(who);
  const seed = seedOfIndex(index);
  const fresh = seed
    ? chronicleOnPath(chronicle, index, story.views.transcript(who, { leaf: through })).fresh
    : [];
  const from = seed && seedCheckpoint(chronicle, fresh, index, seed);
  if (seed && !from) return [];
  const prefixes = bandPrefixes(chronicle.checkpoints, index, set.depths, from);
  return memories.flatMap((memory) => {
    const depth = index.get(memory.turnId);
    const prefix = depth === undefined ? undefined : prefixes.get(bandOf(set, depth));
    return depth === undefined || prefix === undefined ? [] : [{ id: memory.id, memory, depth, prefix }];
  });
}

/** Puts `memories` (just chronicled through turn `through`) into `who`'s digest, keeping it bounded. */
export function storeInDigest(
  story: Story,
  env: Pick<DriverEnv, 'origin'>,
  who: string,
  memories: readonly Memory[],
  through: string,
): void {
  const added = digestRecords(story, who, memories, through);
  if (!added.length) return;
  const { write, drop } = digestUpdate(story.views.chronicle(who), added);
  if (write.length) writeRecords(story.doc, who, 'memoryDigest', write, env.origin);
  if (drop.length) deleteRecords(story.doc, who, 'memoryDigest', drop, env.origin);
}
