// An open story's segments and sync: once the story is segmented (at opening, or when a new device's
// first sync of the root says so), its loaded segments join their rooms and the segments this device
// has never had are fetched in the background (segment-rooms.ts, segment-fetch.ts).
import { storySetOf } from '../../driver/doc/story-set.ts';
import type { OpenStory } from '../store/story-store.ts';
import type { SyncClient } from './client.ts';
import { createSegmentFetcher, type SegmentFetcher } from './segment-fetch.ts';
import { attachSegmentRooms } from './segment-rooms.ts';

export interface SegmentSync {
  /** The background fetch, once the story is segmented. */
  fetcher(): SegmentFetcher | undefined;
  /** Stops the fetch and leaves every segment room (the story is closing or leaving sync). */
  stop(): void;
}

export function syncSegments(client: SyncClient, story: OpenStory): SegmentSync {
  let leaveRooms = () => {};
  let fetcher: SegmentFetcher | undefined;
  const stopListening =
    story.onSegmented?.((segments) => {
      const set = storySetOf(story.doc);
      if (!set) return;
      leaveRooms = attachSegmentRooms(client, set);
      fetcher = createSegmentFetcher({ client, segments, root: story.doc });
      fetcher.start();
    }) ?? (() => {});
  return {
    fetcher: () => fetcher,
    stop() {
      stopListening();
      fetcher?.stop();
      leaveRooms();
    },
  };
}
