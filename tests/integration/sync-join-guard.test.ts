// A join link never moves a story this device already has to another server (SV19), end to end in the
// worker host against real sync servers: a link naming one of the person's own stories and a stranger's
// server is refused, saying where the story syncs now; the stranger's server hears nothing of that
// room, and the story's next turn still reaches the person's own server. A local-only story is refused
// the same way, and a story new to the device still joins. A story the synced library lists but this
// device has not downloaded yet is decided from its entry: one of the person's own, or one joined from a
// friend's server, is refused for any other server, and the friend's link still joins it here.
import { describe, expect, it } from 'vitest';
import type { SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import type { DriverApi, StorySummary } from '../../src/workers/api.ts';
import { eventually, ok, statusIs, syncScene } from '../support/sync-devices.ts';

const { start, device } = syncScene('rashomon-join-guard-');

async function story(api: DriverApi) {
  const { storyId } = ok(
    await api.createStory({
      title: 'My own diary',
      language: 'en',
      user: { name: 'Wren', persona: 'A private persona.' },
      characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
    }),
  );
  ok(await api.send(storyId, { next: null, text: 'Nobody may read this.' }));
  return storyId;
}

const texts = async (api: DriverApi, storyId: string) =>
  ok(await api.transcript(storyId)).rows.map((r) => r.text);

const listed = (api: DriverApi, id: string) =>
  eventually(
    () => api.listStories(),
    (list) => list.some((s) => s.id === id),
    'the story listed',
  );

/** A link to `server` for `room`, with a token that server accepts for it. */
const linkTo = (server: SyncServer, room: string) => ({
  room,
  serverURL: server.url,
  token: roomToken(server.data.secrets.roomSecret, room),
});

/** Waits until `id`'s room is connected on the device of `api`: the story is on its server. */
const uploaded = (api: DriverApi, id: string) =>
  eventually(
    () => api.syncStatus(),
    (s) => !!s.rooms?.some((r) => r.room === id && r.status === 'connected'),
    'the story to upload',
  );

/** Joins `link` on the device of `api`: refused, saying each of `said`, and nothing joined. */
async function refusedSaying(api: DriverApi, link: ReturnType<typeof linkTo>, said: string[]) {
  const refused = await api.joinSharedStory(link);
  expect(refused).toMatchObject({ ok: false, code: 'invalid' });
  const detail = refused.ok ? '' : refused.detail;
  for (const words of said) expect(detail).toContain(words);
  expect((await api.getDeviceSettings()).sharedStories).toEqual([]);
}

/** Opens `id` on the device of `api` and waits until its transcript shows `text` (come from its server). */
async function opensWith(api: DriverApi, id: string, text: string, what: string) {
  ok(await api.openStory(id));
  await eventually(
    () => texts(api, id),
    (t) => t.includes(text),
    what,
  );
}

/** What a server's log says of a room, a moment after the last step (time for a joined room to connect). */
async function heardOf(log: string[], room: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return log.filter((line) => line.includes(room));
}

/** A server (`home`) with a story on it from `owner`'s device, and a stranger's server that logs what it hears. */
async function aStoryAndAStranger(owner: string) {
  const home = await start();
  const strangerLog: string[] = [];
  const stranger = await start(strangerLog);
  const made = await device(owner, home);
  const id = await story(made.api);
  await uploaded(made.api, id);
  return { home, stranger, strangerLog, device: made, id };
}

describe('a join link naming a story this device has', () => {
  it('[SV19] is refused: the stranger’s server hears nothing of it, and it keeps syncing with its own', async () => {
    const { home: mine, stranger, strangerLog, device: me, id } = await aStoryAndAStranger('me');

    await refusedSaying(me.api, linkTo(stranger, id), [
      `“My own diary” is already on this device and syncs with ${new URL(mine.url).host}`,
      new URL(stranger.url).host,
      'Nothing was sent',
    ]);

    // The next turn goes to my server, where another device of mine reads it.
    ok(await me.api.send(id, { next: null, text: 'Still only mine.' }));
    const other = await device('my-other', mine);
    await listed(other.api, id);
    await opensWith(other.api, id, 'Still only mine.', 'the new turn on my server');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangerLog.filter((line) => line.includes(id))).toEqual([]);
    expect((await me.api.syncStatus()).rooms?.every((r) => r.status === 'connected')).toBe(true);
  });

  it('[SV19] a local-only story is refused too, saying it syncs with no server', async () => {
    const strangerLog: string[] = [];
    const stranger = await start(strangerLog);
    const me = await device('local');
    const id = await story(me.api);
    await refusedSaying(me.api, linkTo(stranger, id), ['syncs with no server']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me.api.syncStatus()).status).toBe('off');
    expect(strangerLog.filter((line) => line.includes(id))).toEqual([]);
  });

  it('[SV19][SV7] a story new to this device joins, and a new link to the same server replaces the token', async () => {
    const server = await start();
    const owner = await device('owner', server);
    const id = await story(owner.api);
    await eventually(
      () => owner.api.syncStatus(),
      (s) => !!s.rooms?.some((r) => r.room === id && r.status === 'connected'),
      'the owner’s story to upload',
    );
    const friend = await device('friend');
    ok(await friend.api.joinSharedStory(linkTo(server, id)));
    await listed(friend.api, id);
    expect(ok(await friend.api.openStory(id)).story.title).toBe('My own diary');
    await statusIs(friend.api, 'connected', 'the friend to be connected');
    // Held now, and joined with this server: the same server's link is still a join again.
    ok(await friend.api.joinSharedStory({ ...linkTo(server, id), serverURL: `${server.url}/` }));
    const stranger = await start();
    expect(await friend.api.joinSharedStory(linkTo(stranger, id))).toMatchObject({ ok: false });
    expect((await friend.api.getDeviceSettings()).sharedStories).toEqual([
      expect.objectContaining({ room: id, serverURL: `${server.url}/` }),
    ]);
  });
});

describe('a join link naming a story the library lists but this device has not downloaded', () => {
  /** My second device, paired with my server, with `id` listed there (and never opened). */
  const secondDevice = async (
    mine: SyncServer,
    id: string,
    entry: (s: StorySummary) => boolean = () => true,
  ) => {
    const second = await device('my-second', mine);
    await eventually(
      () => second.api.listStories(),
      (list) => list.some((s) => s.id === id && entry(s)),
      'the story listed on my second device',
    );
    return second;
  };

  it('[SV19] one of my own is refused for a stranger’s server: nothing is sent, and it still arrives from mine', async () => {
    const { home: mine, stranger, strangerLog, id } = await aStoryAndAStranger('me');
    const second = await secondDevice(mine, id);

    await refusedSaying(second.api, linkTo(stranger, id), [
      `“My own diary” is in your story list and syncs with ${new URL(mine.url).host}`,
      new URL(stranger.url).host,
      'Nothing was sent',
    ]);

    await opensWith(second.api, id, 'Nobody may read this.', 'my story from my server');
    expect(await heardOf(strangerLog, id)).toEqual([]);
  });

  it('[SV19] one joined from a friend’s server joins with the friend’s link, never with a stranger’s', async () => {
    const { home: friends, stranger, strangerLog, id } = await aStoryAndAStranger('friend');
    const mine = await start();
    const me = await device('me', mine);
    ok(await me.api.joinSharedStory(linkTo(friends, id)));
    const second = await secondDevice(mine, id, (s) => s.joinedFrom === friends.url);

    await refusedSaying(second.api, linkTo(stranger, id), [
      `syncs with ${new URL(friends.url).host}`,
      new URL(stranger.url).host,
    ]);

    ok(await second.api.joinSharedStory({ ...linkTo(friends, id), serverURL: `${friends.url}/` }));
    await opensWith(second.api, id, 'Nobody may read this.', 'the friend’s story on my second device');
    expect(await heardOf(strangerLog, id)).toEqual([]);
  });
});
