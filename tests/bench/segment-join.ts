// For the sync group (sync.ts): a new device joining a shared segmented story by its link (issue 21).
// Device A has the bench story (story-gen.ts's shape, segmented-story-gen.ts's layout) in its store,
// opens it with every segment loaded and uploads it (root + segments, each its own room) to the sync
// server (in this process, LevelDB in a temporary folder); device B, with its own fake-indexeddb prefix
// and the story's room token, opens it empty and syncs as the worker does (root, then the leaf's
// segments, then the rest in the background).
//   playableMs    from B's open until the root and the leaf's segments (its own and the one below) are
//                 in B's documents and stored in its IndexedDB, and its views want nothing more (the
//                 checkpoint below them arrived with the root): B shows the last rows and can send
//   everythingMs  until the background fetch has stored every other segment
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { SEGMENT_DEPTHS, segmentOf, segmentStart } from '../../src/driver/doc/segment-key.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import type { OpenStory } from '../../src/workers/store/story-store.ts';
import { startSyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { segmentDevice } from '../support/segment-devices.ts';
import { waitFor } from '../support/sync-clients.ts';
import { writeSegmentedStory } from './segmented-story-gen.ts';
import { median, now, progress, round } from './stats.ts';

/** Whether every segment the leaf needs is in `story` whole (a chain: its band's turns up to the leaf). */
function playable(story: OpenStory, turns: number): boolean {
  const segments = story.segments?.();
  const set = storySetOf(story.doc);
  const leaf = readLeafRef(story.doc);
  if (!segments || !set || leaf?.depth !== turns - 1) return false;
  const needed = segments.needed();
  const whole = (n: number) => {
    const doc = set.segment(n);
    return doc !== undefined && turnsMap(doc).size === Math.min(SEGMENT_DEPTHS, turns - segmentStart(n));
  };
  return needed.length > 0 && needed.every(whole) && story.views.wants().length === 0;
}

export async function segmentJoin(turns: number, runs: number) {
  const work = mkdtempSync(join(tmpdir(), 'rashomon-segment-join-'));
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir: join(work, 'data'), staticRoot: null },
    () => {},
  );
  try {
    const owner = segmentDevice('owner', {
      device: { serverURL: server.url, token: server.data.secrets.ownerToken },
    });
    progress(`sync: writing a ${turns}-turn segmented story`);
    const built = await writeSegmentedStory({ turns, prefix: owner.prefix, seed: 11 });
    const story = built.storyId;
    const segments = segmentOf(turns - 1) + 1;
    const opened = await owner.store.open(story);
    if (!opened.ok) throw new Error(opened.detail);
    const uploaded = owner.attach(opened.story);
    for (let n = 0; n < segments; n++) await owner.store.loadSegment(story, n);
    const rooms = [story, ...Array.from({ length: segments }, (_, n) => `${story}~${n}`)];
    const uploadStart = now();
    await waitFor(() => rooms.every((room) => owner.client.synced(room)), 'the upload', 120_000);
    // The upload's last updates are stored by the server after the first sync: let them land.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    progress(`sync: ${rooms.length} rooms uploaded in ${(now() - uploadStart).toFixed(0)} ms`);
    uploaded.stop();

    const token = roomToken(server.data.secrets.roomSecret, story);
    const playableMs: number[] = [];
    const everythingMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const friend = segmentDevice(`friend${run}`, { shared: { [story]: { serverURL: server.url, token } } });
      const start = now();
      const joined = await friend.store.open(story);
      if (!joined.ok) throw new Error(joined.detail);
      const sync = friend.attach(joined.story);
      await waitFor(() => playable(joined.story, turns), 'the leaf and the segment below', 60_000);
      await friend.store.flush();
      playableMs.push(now() - start);
      await waitFor(() => sync.fetcher() !== undefined, 'the fetch');
      const { fetched } = (await sync.fetcher()?.done()) ?? { fetched: [] };
      everythingMs.push(now() - start);
      const expected = segments - (joined.story.segments?.()?.needed().length ?? 0);
      if (fetched.length !== expected) throw new Error(`fetched ${fetched.join(', ')}, not ${expected}`);
      progress(`sync: new device ${run + 1}/${runs} ${playableMs.at(-1)?.toFixed(0)} ms playable`);
      await friend.close();
    }
    await owner.close();
    return {
      turns,
      segments,
      playableMs: round(median(playableMs)),
      everythingMs: round(median(everythingMs)),
      detail: {
        rootBytes: built.rootBytes,
        segmentBytes: Math.round(median(built.segmentBytes)),
        playableRunsMs: playableMs.map((x) => round(x)),
        everythingRunsMs: everythingMs.map((x) => round(x)),
      },
    };
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
