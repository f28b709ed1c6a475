// The story list's view of a story, kept current: a change to an open story (a turn played, edited or
// deleted, a branch chosen) makes it the latest played and recounts the turns on its active path and
// the parts of it that cannot be read.
import type * as Y from 'yjs';
import { observeStoryChanges } from '../../driver/doc/changes.ts';
import { recordStoryActivity } from '../../driver/doc/library-doc.ts';
import { activeLeaf, hasTurn, turnParent } from '../../driver/doc/turns.ts';
import { storyProblems } from '../../driver/views/story-problems.ts';
import type { OpenStory } from '../store/story-store.ts';
import { pathLength } from './views.ts';

/** The list shows the time to the minute: another change within the same minute shows nothing new. */
const LISTED_TIME_STEP_MS = 60_000;

/** Turns from the first to the active leaf (up to the oldest one present while the rest syncs in). */
export function activePathLength(doc: Y.Doc): number {
  const seen = new Set<string>();
  for (let id = activeLeaf(doc); id !== null && !seen.has(id) && hasTurn(doc, id); id = turnParent(doc, id))
    seen.add(id);
  return seen.size;
}

export interface ListingDeps {
  library: Y.Doc;
  clock: () => number;
  /** The library's list changed (this worker wrote it, so no sync event says so). */
  onListed: () => void;
}

/** Keeps `story`'s entry in the list current until the returned function is called. */
export function followStoryListing(deps: ListingDeps, story: OpenStory): () => void {
  let written: { minute: number; turns: number; unreadable: number } | undefined;
  return observeStoryChanges(story.doc, () => {
    const at = deps.clock();
    const listed = {
      minute: Math.floor(at / LISTED_TIME_STEP_MS),
      turns: pathLength(story),
      // A story a peer wrote something unreadable into is listed with it, and still listed.
      unreadable: storyProblems(story.doc).length,
    };
    if (
      written?.minute === listed.minute &&
      written.turns === listed.turns &&
      written.unreadable === listed.unreadable
    )
      return;
    written = listed;
    recordStoryActivity(deps.library, story.id, {
      lastActivity: new Date(at).toISOString(),
      turns: listed.turns,
      unreadable: listed.unreadable,
    });
    deps.onListed();
  });
}
