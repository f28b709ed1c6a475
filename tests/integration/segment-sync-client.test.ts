// A segmented story over the real sync server (127.0.0.1, a LevelDB folder, y-websocket over `ws`):
// every loaded segment syncs in its room with the story's route, and a new device that joins by the
// story's link gets the root, then the leaf's segments, then the older ones in the background, newest
// first and one room at a time, each stored on the device and unloaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { routeFor } from '../../src/workers/sync/target.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { segmentedChain, turnAt, turnText } from '../support/segment-story.ts';
import { segmentDevice, type SegmentDevice } from '../support/segment-devices.ts';
import { waitFor } from '../support/sync-clients.ts';
import { eventually, ok, startDevice, type Device } from '../support/sync-devices.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-segment-client-'));
const servers: SyncServer[] = [];
const devices: SegmentDevice[] = [];
const hosts: Device[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
  for (const host of hosts.splice(0)) await host.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start() {
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir: join(work, `data-${++dirs}`), staticRoot: null },
    () => {},
  );
  servers.push(server);
  return server;
}

function device(...args: Parameters<typeof segmentDevice>) {
  const made = segmentDevice(...args);
  devices.push(made);
  return made;
}

const TURNS = 2000; // segments 0–3; the leaf (1999) in 3, and 2 below it within the window

/** Device A with the story stored, every segment loaded and uploaded to the server. */
async function ownerWithStory(server: SyncServer, storyId: string) {
  const owner = device('owner', { device: { serverURL: server.url, token: server.data.secrets.ownerToken } });
  const { root, set } = segmentedChain(storyId, TURNS);
  const story = await owner.store.adopt(root, set);
  owner.attach(story);
  const rooms = [storyId, ...[0, 1, 2, 3].map((n) => `${storyId}~${n}`)];
  await waitFor(() => rooms.every((room) => owner.client.synced(room)), 'the owner’s rooms to sync', 10_000);
  return { owner, story, rooms };
}

describe('segment rooms on the client', () => {
  it('[SC1][SV5] a segment room is routed as its story: the joined story’s server and token', () => {
    const own = { serverURL: 'http://own.example/', token: 'owner' };
    const joined = { serverURL: 'http://friend.example/', token: 'room' };
    const plan = { device: own, shared: new Map([['tale', joined]]) };
    expect(routeFor(plan, 'tale~3')).toEqual({ target: joined, shared: true });
    expect(routeFor(plan, 'tale')).toEqual({ target: joined, shared: true });
    expect(routeFor(plan, 'other~3')).toEqual({ target: own, shared: false });
    expect(routeFor({ shared: new Map() }, 'tale~3')).toBeUndefined();
  });

  it('[SC2][SC3][S42] a new device joining by link gets the root, the leaf’s segments, then every older one, newest first, one room at a time', async () => {
    const server = await start();
    const storyId = 'long-road';
    const { story: ownerStory } = await ownerWithStory(server, storyId);
    const token = roomToken(server.data.secrets.roomSecret, storyId);
    const friend = device('friend', { shared: { [storyId]: { serverURL: server.url, token } } });

    const opened = await friend.store.open(storyId);
    if (!opened.ok) throw new Error(opened.detail);
    const { story } = opened;
    /** What the friend's set did, in order, with how many segment rooms were open at that moment. */
    const log: string[] = [];
    const segmentRooms = () =>
      [0, 1, 2, 3].filter((n) => friend.client.room(`${storyId}~${n}`) !== undefined).length;
    story.onSegmented?.(() => {
      const set = storySetOf(story.doc);
      set?.observe((event) => log.push(`${event.kind} ${event.n}`));
    });
    const sync = friend.attach(story);
    await waitFor(
      () => turnText(storySetOf(story.doc)?.segment(3), turnAt(TURNS - 1)) !== undefined,
      'the leaf',
      10_000,
    );
    const set = storySetOf(story.doc);
    if (!set) throw new Error('not segmented');
    // The leaf's segments came first; nothing older was loaded before them.
    expect(log.slice(0, 2).sort()).toEqual(['added 2', 'added 3']);

    const fetched = await sync.fetcher()?.done();
    expect(fetched).toEqual({ fetched: [1, 0] });
    expect(log.slice(2)).toEqual(['added 1', 'removed 1', 'added 0', 'removed 0']);
    expect(set.loaded()).toEqual([2, 3]);
    expect(segmentRooms()).toBe(2);

    // Everything is stored on the friend's device: another store on its prefix reads every segment.
    const reread = createStoryStore({ prefix: friend.prefix, segmented: true });
    const again = await reread.open(storyId);
    expect(again.ok).toBe(true);
    for (const n of [0, 1]) {
      const segment = await reread.loadSegment(storyId, n);
      expect(turnText(segment, turnAt(n * 500 + 7)), `segment ${n}`).toBe(`Turn ${n * 500 + 7}.`);
    }
    await reread.closeAll();

    // Writes go both ways in a segment room, with the room token.
    const edit = turnsMap(set.segment(3) ?? new Y.Doc())
      .get(turnAt(TURNS - 1))
      ?.get('source');
    if (!(edit instanceof Y.Text)) throw new Error('no source');
    edit.insert(edit.length, ' (the friend)');
    await waitFor(
      () =>
        turnText(storySetOf(ownerStory.doc)?.segment(3), turnAt(TURNS - 1)) ===
        `Turn ${TURNS - 1}. (the friend)`,
      'the friend’s edit to reach the owner',
    );
  });

  it('[SC3] on a device that does not sync, the fetch waits without looking again until sync is turned on', async () => {
    const server = await start();
    const storyId = 'quiet-road';
    const solo = device('solo', {});
    const { root, set } = segmentedChain(storyId, TURNS);
    const story = await solo.store.adopt(root, set);
    let asked = 0;
    const synced = solo.client.synced;
    solo.client.synced = (room) => {
      asked++;
      return synced(room);
    };
    const sync = solo.attach(story);
    await waitFor(() => sync.fetcher() !== undefined, 'the fetch');
    // A poll would have asked a few times a second; the fetch asks once and then waits for a change.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toBeLessThanOrEqual(1);

    solo.client.configure({
      device: { serverURL: server.url, token: server.data.secrets.ownerToken },
      shared: new Map(),
    });
    // Every segment is stored here: nothing to fetch, and the fetch ends once the rooms have synced.
    expect(await sync.fetcher()?.done()).toEqual({ fetched: [] });
    expect(solo.client.synced(storyId)).toBe(true);
  });

  it('[SC3] a stopped fetch ends at once, even while it waits for a room that never syncs', async () => {
    const solo = device('stopped', {});
    const { root, set } = segmentedChain('still-road', TURNS);
    const sync = solo.attach(await solo.store.adopt(root, set));
    await waitFor(() => sync.fetcher() !== undefined, 'the fetch');
    sync.stop();
    expect(await sync.fetcher()?.done()).toEqual({ fetched: [] });
  });

  it('[SC2][SC3][SV7] the worker host joining a segmented story by link stores every segment of it', async () => {
    const server = await start();
    const storyId = 'hosted-road';
    await ownerWithStory(server, storyId);
    const friend = await startDevice('host-friend', undefined, { segmented: true });
    hosts.push(friend);
    const token = roomToken(server.data.secrets.roomSecret, storyId);
    ok(await friend.api.joinSharedStory({ room: storyId, serverURL: server.url, token }));
    const names = async () =>
      (await indexedDB.databases())
        .map((d) => d.name ?? '')
        .filter((n) => n.startsWith(`${friend.prefix}-story-`));
    const stored = await eventually(
      names,
      (list) => list.length === 5,
      'the root and four segment databases on the friend’s device',
      20_000,
    );
    expect(stored.sort()).toEqual(
      ['', '~0', '~1', '~2', '~3'].map((n) => `${friend.prefix}-story-${storyId}${n}`),
    );
    expect((await friend.api.listStories()).map((s) => s.id)).toEqual([storyId]);
    // The fetched ones have all their turns: another store on the friend's prefix reads them.
    const reread = createStoryStore({ prefix: friend.prefix, segmented: true });
    await eventually(
      async () => {
        const opened = await reread.open(storyId);
        const zero = opened.ok ? await reread.loadSegment(storyId, 0) : undefined;
        const text = turnText(zero, turnAt(499));
        await reread.close(storyId);
        return text;
      },
      (text) => text === 'Turn 499.',
      'segment 0 stored whole',
    );
    await reread.closeAll();
  });
});
