// A new device joining a shared segmented story by its link (issue 21, WP4): device A uploads the
// story (root + segments, each its own room) to the sync server in this process (LevelDB in a temporary
// folder); device B, with its own fake-indexeddb prefix and the story's room token, opens it empty and
// syncs as the worker does (root, then the leaf's segments, then the rest in the background). Run by hand:
//   node --import tsx tests/bench/segment-join.ts [turns=10000] [runs=3]
//   leafMs  from B's open until the leaf's turn is in B's segment document
//   allMs   until the background fetch has stored every other segment
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { segmentOf } from '../../src/driver/doc/segment-key.ts';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import { startSyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { segmentDevice } from '../support/segment-devices.ts';
import { segmentedChain, turnAt, turnText } from '../support/segment-story.ts';
import { waitFor } from '../support/sync-clients.ts';
import { median, now, round } from './stats.ts';

const TURNS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 3);
/** A source as long as the bench story's (story-gen.ts: 800 characters). */
const SOURCE = 'The lantern swings over the ferry rail. '.repeat(20);
const STORY = 'bench-road';

const work = mkdtempSync(join(tmpdir(), 'rashomon-segment-join-'));
const server = await startSyncServer(
  { host: '127.0.0.1', port: 0, dataDir: join(work, 'data'), staticRoot: null },
  () => {},
);
try {
  const owner = segmentDevice('owner', {
    device: { serverURL: server.url, token: server.data.secrets.ownerToken },
  });
  const { root, set } = segmentedChain(STORY, TURNS, (depth) => `${depth}: ${SOURCE}`);
  const segments = segmentOf(TURNS - 1) + 1;
  const uploaded = owner.attach(await owner.store.adopt(root, set));
  const rooms = [STORY, ...Array.from({ length: segments }, (_, n) => `${STORY}~${n}`)];
  await waitFor(() => rooms.every((room) => owner.client.synced(room)), 'the upload', 120_000);
  // The upload's last updates are stored by the server after the first sync: let them land.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  uploaded.stop();

  const token = roomToken(server.data.secrets.roomSecret, STORY);
  const leafMs: number[] = [];
  const allMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const friend = segmentDevice(`friend${run}`, { shared: { [STORY]: { serverURL: server.url, token } } });
    const start = now();
    const opened = await friend.store.open(STORY);
    if (!opened.ok) throw new Error(opened.detail);
    const sync = friend.attach(opened.story);
    const leaf = () => readLeafRef(opened.story.doc);
    await waitFor(
      () => {
        const at = leaf();
        return (
          at !== null &&
          turnText(storySetOf(opened.story.doc)?.segment(segmentOf(at.depth)), at.id) !== undefined
        );
      },
      'the leaf',
      60_000,
    );
    leafMs.push(now() - start);
    await waitFor(() => sync.fetcher() !== undefined, 'the fetch');
    const { fetched } = (await sync.fetcher()?.done()) ?? { fetched: [] };
    allMs.push(now() - start);
    if (fetched.length !== Math.max(0, segments - 2)) throw new Error(`fetched only ${fetched.join(', ')}`);
    if (
      turnText(storySetOf(opened.story.doc)?.segment(segmentOf(TURNS - 1)), turnAt(TURNS - 1)) === undefined
    )
      throw new Error('the leaf went missing');
    await friend.close();
  }
  await owner.close();
  console.log(
    JSON.stringify(
      {
        turns: TURNS,
        segments,
        runs: RUNS,
        leafMs: { median: round(median(leafMs)), all: leafMs.map(round) },
        allMs: { median: round(median(allMs)), all: allMs.map(round) },
      },
      null,
      2,
    ),
  );
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
