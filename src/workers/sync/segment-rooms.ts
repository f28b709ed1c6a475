// A segmented story's segment documents in their rooms (design §2.7): every segment loaded on this
// device syncs in room `<storyId>~<n>`, routed as its story (the story's server and token), joining as
// it is put into the set and leaving as it is taken out. The root keeps the story's own room.
import { segmentGuid } from '../../driver/doc/segment-key.ts';
import type { StorySet } from '../../driver/doc/story-set.ts';
import type { SyncClient } from './client.ts';

/** Keeps the set's loaded segments attached to their rooms; returns how to stop (every room left). */
export function attachSegmentRooms(client: SyncClient, set: StorySet): () => void {
  const storyId = set.root.guid;
  for (const n of set.loaded()) {
    const doc = set.segment(n);
    if (doc) client.attach(segmentGuid(storyId, n), doc);
  }
  const stop = set.observe((event) => {
    if (event.kind === 'added') client.attach(segmentGuid(storyId, event.n), event.doc);
    else client.detach(segmentGuid(storyId, event.n));
  });
  return () => {
    stop();
    for (const n of set.loaded()) client.detach(segmentGuid(storyId, n));
  };
}
