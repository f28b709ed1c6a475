// Stories joined with a collaborator's room token. Each is opened and attached to its room as soon as
// it is joined (it arrives without being opened), and once its content is here it is listed in this
// device's library with its title and cast, kept current as they change (the owner's library, if this
// device is paired with it later, merges with that entry by story id). Leaving stops the listing's
// upkeep; the local copy stays, an ordinary story of this device from then on. The entry names the
// server it was joined from, so the person's other devices know where it syncs before they download it
// (SV19).
import type * as Y from 'yjs';
import { listStories, putStoryEntry } from '../../driver/doc/library-doc.ts';
import { listParticipants } from '../../driver/doc/participants.ts';
import { readLeafRef } from '../../driver/doc/leaf-ref.ts';
import { bandMayExist } from '../../driver/doc/segment-clocks.ts';
import { segmentOf } from '../../driver/doc/segment-key.ts';
import { metaMap, readMeta, turnsMap } from '../../driver/doc/story-doc.ts';
import type { OpenStory } from '../store/story-store.ts';
import type { SharedStory } from '../store/device-settings.ts';
import { SYNC_ORIGINS } from '../store/origins.ts';

export interface SharedStories {
  /** Follows the joined stories: opens and lists the new ones, stops keeping the left ones' listing. */
  follow(stories: readonly Pick<SharedStory, 'room' | 'serverURL'>[]): Promise<void>;
  joined(room: string): boolean;
  close(): void;
}

export function createSharedStories(deps: {
  library: Y.Doc;
  /** Opens the story and attaches it to its room; null when it cannot be opened on this device. */
  open(room: string): Promise<OpenStory | null>;
  clock: () => number;
  /** The library list changed here (local changes are not announced by the library's own events). */
  onListed(): void;
}): SharedStories {
  /** Joined rooms, each with how to stop keeping its listing (undefined while it opens). */
  const joined = new Map<string, (() => void) | undefined>();
  /** The server each joined room syncs with (a new link may write it another way). */
  const servers = new Map<string, string>();

  const keepListed = (story: OpenStory): (() => void) => {
    let turnsListed: number | undefined;
    let seen = '';
    const update = () => {
      if (metaMap(story.doc).size === 0) return;
      const meta = readMeta(story.doc);
      const participants = listParticipants(story.doc).map((p) => p.name);
      // A segmented root holds no turns: its leaf's depth grows with the story instead.
      const leaf = readLeafRef(story.doc);
      // A leaf at a depth no device wrote at (U5) counts no turns rather than a billion.
      const told = leaf && bandMayExist(story.doc, segmentOf(leaf.depth));
      const turns = told ? leaf.depth + 1 : turnsMap(story.doc).size;
      // Most transactions are edits of turn texts: nothing the list shows.
      const joinedFrom = servers.get(story.id);
      const shown = JSON.stringify([meta.title, participants, turns, joinedFrom]);
      if (shown === seen) return;
      seen = shown;
      const entry = listStories(deps.library).find((s) => s.id === story.id);
      const same =
        entry?.title === meta.title &&
        JSON.stringify(entry.participants) === JSON.stringify(participants) &&
        entry.joinedFrom === joinedFrom;
      // New turns (not known at start: a reload keeps the listed time) make it the latest activity.
      const newTurns = turnsListed !== undefined && turns !== turnsListed;
      turnsListed = turns;
      if (same && !newTurns) return;
      const now = new Date(deps.clock()).toISOString();
      putStoryEntry(
        deps.library,
        {
          id: story.id,
          title: meta.title,
          createdAt: entry?.createdAt ?? (meta.createdAt || now),
          lastActivity: newTurns || !entry ? now : entry.lastActivity,
          participants,
          joinedFrom,
        },
        SYNC_ORIGINS.sharedStoryListing,
      );
      deps.onListed();
    };
    story.doc.on('afterTransaction', update);
    update();
    return () => story.doc.off('afterTransaction', update);
  };

  return {
    async follow(stories) {
      for (const s of stories) servers.set(s.room, s.serverURL);
      const wanted = new Set(stories.map((s) => s.room));
      for (const [room, stop] of joined)
        if (!wanted.has(room)) {
          stop?.();
          joined.delete(room);
          servers.delete(room);
        }
      const opening = [...wanted]
        .filter((room) => !joined.has(room))
        .map(async (room) => {
          joined.set(room, undefined);
          const story = await deps.open(room);
          // Left (or closed) while it was opening: nothing to keep.
          if (!story || !joined.has(room) || joined.get(room) !== undefined) return;
          joined.set(room, keepListed(story));
        });
      await Promise.all(opening);
    },
    joined: (room) => joined.has(room),
    close() {
      for (const stop of joined.values()) stop?.();
      joined.clear();
    },
  };
}
