// The app's reading of a sync server's pairing link and a shared story's link (the links
// sync-server/pairing.ts makes), where each room syncs, and the overall sync state the header shows
// (the worst room's).
import { describe, expect, it } from 'vitest';
import { pairingUrl } from '../../sync-server/pairing.ts';
import { LIBRARY_ROOM, MAX_TOKEN_LENGTH, PAIRING_FRAGMENT, ROOM_NAME } from '../../sync-server/protocol.ts';
import { RoomNameSchema, tokenParam } from '../../sync-server/routes.ts';
import { sharedStorySchema } from '../../src/workers/store/device-settings.ts';
import { pairingProblemText } from '../../src/app/sync/pairing-problem.ts';
import { readPairing } from '../../src/workers/sync/pairing-link.ts';
import { overallStatus, syncOff } from '../../src/workers/sync/status.ts';
import { accessProbeUrl, routeFor, syncPlan, websocketBase } from '../../src/workers/sync/target.ts';

/** A pairing link's fragment carrying `pairing`, spelled with the protocol's constant. */
const linkTo = (pairing: object) =>
  `${PAIRING_FRAGMENT}${Buffer.from(JSON.stringify(pairing)).toString('base64url')}`;

const problemOf = (read: ReturnType<typeof readPairing>) =>
  read && !read.ok ? pairingProblemText(read) : 'no problem';

describe('pairing link', () => {
  it('[SV9] reads what the server prints', () => {
    const url = new URL(pairingUrl('http://192.168.1.20:8787/', 'tok-EN_123'));
    expect(readPairing(url.hash)).toEqual({
      ok: true,
      pairing: { server: 'http://192.168.1.20:8787', token: 'tok-EN_123' },
    });
  });

  it('[SV9][SV8] reads a shared story’s link (with its room), whole or as a fragment', () => {
    const link = pairingUrl('http://192.168.1.20:8787/', 'room-tok', 'story-1');
    const pairing = { server: 'http://192.168.1.20:8787', token: 'room-tok', room: 'story-1' };
    expect(readPairing(new URL(link).hash)).toEqual({ ok: true, pairing });
    expect(readPairing(`  ${link}\n`)).toEqual({ ok: true, pairing });
    expect(readPairing('http://192.168.1.20:8787/')).toBeNull();
    // The library is not a story: a link naming its room is refused.
    const library = new URL(pairingUrl('http://h:1/', 't', 'library')).hash;
    expect(problemOf(readPairing(library))).toMatch(/room/);
  });

  it('[SV8][S3] the settings and the app’s links take exactly the protocol’s room names, never the library', () => {
    // Both read the protocol's constants; the server's own schema too.
    const rooms = ['a', 'A-z_09', 'x'.repeat(128), 'x'.repeat(129), '', 'a.b', 'a b', 'no/slash', 'é', 'a\n'];
    for (const room of [...rooms, LIBRARY_ROOM, 'Library', 'library-2']) {
      const story = ROOM_NAME.test(room) && room !== LIBRARY_ROOM;
      expect(RoomNameSchema.safeParse(room).success, room).toBe(ROOM_NAME.test(room));
      const joined = sharedStorySchema.safeParse({ room, serverURL: 'http://h:1', token: 't' });
      expect(joined.success, room).toBe(story);
      expect(readPairing(linkTo({ server: 'http://h:1', token: 't', room }))?.ok, room).toBe(story);
    }
  });

  it('[SV9][S1] the app’s links take the tokens the server takes, up to the protocol’s bound', () => {
    for (const length of [1, MAX_TOKEN_LENGTH, MAX_TOKEN_LENGTH + 1]) {
      const token = 'x'.repeat(length);
      const taken = length <= MAX_TOKEN_LENGTH;
      expect(tokenParam(new URLSearchParams({ token })), `${length}`).toBe(taken ? token : null);
      expect(readPairing(linkTo({ server: 'http://h:1', token }))?.ok, `${length}`).toBe(taken);
    }
  });

  it('[SV9] ignores other hashes and explains broken links', () => {
    expect(readPairing('#/stories/s1')).toBeNull();
    expect(readPairing('')).toBeNull();
    expect(problemOf(readPairing('#pair=%%%'))).toMatch(/damaged/);
    const bad = Buffer.from(JSON.stringify({ server: 'javascript:alert(1)', token: 't' })).toString(
      'base64url',
    );
    expect(problemOf(readPairing(`#pair=${bad}`))).toMatch(/server/);
    const noToken = Buffer.from(JSON.stringify({ server: 'http://h:1' })).toString('base64url');
    expect(readPairing(`#pair=${noToken}`)).toMatchObject({ ok: false });
  });
});

describe('sync addresses and overall state', () => {
  it('[SV14] derives the WebSocket base and the access probe from the server address', () => {
    const target = { serverURL: 'https://example.org/rashomon/', token: 'a b' };
    expect(websocketBase(target)).toBe('wss://example.org/rashomon/sync');
    expect(accessProbeUrl(target, 'library')).toBe(
      'https://example.org/rashomon/sync/library/access?token=a%20b',
    );
  });

  it('[SV6] shows the worst room, naming it', () => {
    const label = (room: string) => (room === 'library' ? 'The story list' : `“${room}”`);
    expect(
      overallStatus([{ room: 'library', status: 'connected', detail: 'Up to date.' }], label),
    ).toMatchObject({
      status: 'connected',
      detail: 'Up to date.',
    });
    const mixed = overallStatus(
      [
        { room: 'library', status: 'connected', detail: 'ok' },
        { room: 's1', status: 'offline', detail: 'no answer' },
        { room: 's2', status: 'refused', detail: 'wrong token' },
        { room: 's3', status: 'refused', detail: 'wrong token' },
      ],
      label,
    );
    expect(mixed).toMatchObject({ status: 'refused', detail: '“s2” (and 1 more): wrong token' });
    expect(syncOff().status).toBe('off');
  });

  it('[SF5] a segmented story’s rooms are one row for the story, in the worst of their states', () => {
    const label = (room: string) => `“${room}”`;
    const folded = overallStatus(
      [
        { room: 'library', status: 'connected', detail: 'ok' },
        { room: 's1', status: 'connected', detail: 'ok' },
        { room: 's1~0', status: 'connected', detail: 'ok' },
        { room: 's1~3', status: 'offline', detail: 'no answer' },
      ],
      label,
    );
    expect(folded.rooms).toEqual([
      { room: 'library', status: 'connected', detail: 'ok' },
      { room: 's1', status: 'offline', detail: 'no answer' },
    ]);
    expect(folded).toMatchObject({ status: 'offline', detail: '“s1”: no answer' });
  });

  it('[SV5] routes a joined story to its own server and token, and never the library', () => {
    const own = { serverURL: 'http://home:8787', token: 'owner' };
    const friend = { serverURL: 'http://friend:8787', token: 'room-a' };
    const shared = [{ room: 'a', ...friend }];
    const both = syncPlan({ sync: own, sharedStories: shared });
    expect(routeFor(both, 'library')).toEqual({ target: own, shared: false });
    expect(routeFor(both, 'a')).toEqual({ target: friend, shared: true });
    expect(routeFor(both, 'b')).toEqual({ target: own, shared: false });
    // A collaborator with no server of their own opens the joined story's room only.
    const roomOnly = syncPlan({ sharedStories: shared });
    expect(routeFor(roomOnly, 'library')).toBeUndefined();
    expect(routeFor(roomOnly, 'b')).toBeUndefined();
    expect(routeFor(roomOnly, 'a')).toEqual({ target: friend, shared: true });
  });
});
