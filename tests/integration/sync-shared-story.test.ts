// A collaborator's room token, end to end in the worker host against the real sync server: the owner
// makes stories A and B; a device that joins A with A's room token (from the owner's link) gets A's
// turns and title in its library, its edits reach the owner, it gets nothing of the library or of B,
// and its status reads connected, not refused. A wrong room token shows that story refused and says
// what to do; leaving stops syncing and keeps the local copy.
import { describe, expect, it } from 'vitest';
import type { SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { eventually, ok, statusIs, syncScene } from '../support/sync-devices.ts';

const { start, device } = syncScene('rashomon-sync-shared-');

async function story(api: DriverApi, title: string, turn: string) {
  const { storyId } = ok(
    await api.createStory({
      title,
      language: 'en',
      user: { name: 'Wren', persona: 'A traveller.' },
      characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
    }),
  );
  ok(await api.send(storyId, { next: null, text: turn }));
  return storyId;
}

const texts = async (api: DriverApi, storyId: string) =>
  ok(await api.transcript(storyId)).rows.map((r) => r.text);

/** The owner with stories A and B on the server, both uploaded. */
async function ownerWithTwoStories(server: SyncServer) {
  const owner = await device('owner', server);
  const a = await story(owner.api, 'The lantern bridge', 'I cross the bridge.');
  const b = await story(owner.api, 'A private diary', 'Nobody may read this.');
  await eventually(
    () => owner.api.syncStatus(),
    (s) =>
      s.status === 'connected' &&
      [a, b, 'library'].every((room) => s.rooms?.some((r) => r.room === room && r.status === 'connected')),
    'the owner’s stories to upload',
  );
  return { owner, a, b };
}

describe('a collaborator’s room token', () => {
  it('[SV7][SV5][SV6][S2] joins one story: its turns and title arrive, edits go both ways, nothing else is shared', async () => {
    const log: string[] = [];
    const server = await start(log);
    const { owner, a, b } = await ownerWithTwoStories(server);
    const friend = await device('friend');
    expect((await friend.api.syncStatus()).status).toBe('off');

    const token = roomToken(server.data.secrets.roomSecret, a);
    ok(await friend.api.joinSharedStory({ room: a, serverURL: server.url, token }));
    const listed = await eventually(
      () => friend.api.listStories(),
      (list) => list.length === 1,
      'A in the friend’s library',
    );
    expect(listed[0]).toMatchObject({ id: a, title: 'The lantern bridge', participants: ['Wren', 'Jane'] });
    expect(friend.events.some((e) => e.kind === 'library-changed')).toBe(true);
    expect(ok(await friend.api.openStory(a)).story.title).toBe('The lantern bridge');
    // Its turns come in their segment's room after the root: a command waits for the newest of them.
    expect(await texts(friend.api, a)).toEqual(['I cross the bridge.']);

    // Connected, truthfully: only A's room is open, and the library is never tried with the room token.
    const status = await statusIs(friend.api, 'connected', 'the friend to be connected');
    expect(status.rooms).toEqual([expect.objectContaining({ room: a, status: 'connected' })]);
    expect(friend.events.some((e) => e.kind === 'sync' && e.status === 'refused')).toBe(false);
    expect(log.some((line) => line.includes(`room "${a}"`))).toBe(true);
    expect(log.filter((line) => line.includes('refused'))).toEqual([]);
    expect(log.join('\n')).not.toContain(token);

    // Edits go both ways.
    ok(await friend.api.send(a, { next: null, text: 'I wave from the far end.' }));
    await eventually(
      () => texts(owner.api, a),
      (t) => t.includes('I wave from the far end.'),
      'the friend’s turn to reach the owner',
    );
    ok(await owner.api.send(a, { next: null, text: 'I wave back.' }));
    await eventually(
      () => texts(friend.api, a),
      (t) => t.includes('I wave back.'),
      'the owner’s turn to reach the friend',
    );

    // Nothing of B or of the owner's library: not listed, not openable, no room.
    expect((await friend.api.listStories()).map((s) => s.id)).toEqual([a]);
    expect(await friend.api.openStory(b)).toMatchObject({ ok: false, code: 'not-found' });
    expect((await friend.api.libraryCast()).characters).toEqual([]);
    expect((await friend.api.syncStatus()).rooms?.map((r) => r.room)).toEqual([a]);

    // Leaving stops syncing; the copy on this device stays and still opens.
    ok(await friend.api.leaveSharedStory(a));
    expect((await friend.api.syncStatus()).status).toBe('off');
    expect((await friend.api.getDeviceSettings()).sharedStories).toEqual([]);
    ok(await owner.api.send(a, { next: null, text: 'Are you still there?' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await texts(friend.api, a)).not.toContain('Are you still there?');
    expect((await friend.api.listStories()).map((s) => s.id)).toEqual([a]);
  });

  it('[SV2][SV7][SV5] a wrong room token shows that story refused and says what to do; a new link fixes it', async () => {
    const server = await start();
    const { a, b } = await ownerWithTwoStories(server);
    const friend = await device('friend');
    // A's token used for B (another room's token) is what a revoked or mistyped token looks like.
    ok(
      await friend.api.joinSharedStory({
        room: b,
        serverURL: server.url,
        token: roomToken(server.data.secrets.roomSecret, a),
      }),
    );
    const refused = await statusIs(friend.api, 'refused', 'B to be refused');
    expect(refused.rooms).toEqual([expect.objectContaining({ room: b, status: 'refused' })]);
    expect(refused.detail).toMatch(/refused the token of this shared story/);
    expect(refused.detail).toMatch(/Ask whoever shared the story for a new link/);
    expect(await friend.api.listStories()).toEqual([]);

    // Joining again with the right link replaces the token.
    ok(
      await friend.api.joinSharedStory({
        room: b,
        serverURL: server.url,
        token: roomToken(server.data.secrets.roomSecret, b),
      }),
    );
    await statusIs(friend.api, 'connected', 'B with the right token');
    expect((await friend.api.getDeviceSettings()).sharedStories).toHaveLength(1);
    await eventually(
      () => friend.api.listStories(),
      (list) => list.some((s) => s.id === b && s.title === 'A private diary'),
      'B in the friend’s library',
    );
    // A device that has its own pairing keeps it: the library still syncs with the owner token there.
    const mine = await start();
    await friend.setSync({ serverURL: mine.url, token: mine.data.secrets.ownerToken });
    const both = await statusIs(friend.api, 'connected', 'both servers');
    expect(both.rooms?.map((r) => r.room).sort()).toEqual([b, 'library'].sort());
  });

  it('[SV8] refuses to join the story list or a malformed room', async () => {
    const friend = await device('friend');
    for (const room of ['library', 'no/slash', ''])
      expect(
        await friend.api.joinSharedStory({ room, serverURL: 'http://127.0.0.1:9/', token: 't' }),
      ).toMatchObject({ ok: false, code: 'invalid' });
    expect((await friend.api.getDeviceSettings()).sharedStories).toEqual([]);
  });
});
