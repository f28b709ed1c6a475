// A room token's limits on the real sync server (127.0.0.1, real LevelDB, y-websocket clients): a link
// that opens segment room after segment room stops at its bound with a clear refusal, and meanwhile the
// owner's library and stories, and another link's story, still open and sync; busy links together leave
// rooms for a link that comes later. And the refusal log under a flood stays a few lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../sync-server/config.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { syncClient, tryUpgrade, waitFor, type SyncClient } from '../support/sync-clients.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-token-limits-'));
const servers: SyncServer[] = [];
const clients: SyncClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start(
  limits: NonNullable<ServerConfigInput['limits']>,
  log: (line: string) => void = () => {},
) {
  const dataDir = join(work, `data-${++dirs}`);
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir, staticRoot: null, limits: { roomIdleMs: 60_000, ...limits } },
    log,
  );
  servers.push(server);
  return server;
}

function client(server: SyncServer, room: string, token: string) {
  const made = syncClient(server.url, room, token);
  clients.push(made);
  return made;
}

const wsUrl = (server: SyncServer, room: string, token: string) =>
  `${server.url.replace(/^http/, 'ws')}sync/${room}?token=${encodeURIComponent(token)}`;

/** A raw socket held open on a room (a flooding client), or the HTTP status and error of its refusal. */
function openRaw(url: string): Promise<{ status: number; error?: string; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('error', () => {});
    ws.on('open', () => resolve({ status: 101, ws }));
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        ws.terminate();
        resolve({
          status: response.statusCode ?? 0,
          error: (JSON.parse(body) as { error: string }).error,
        });
      });
    });
  });
}

type Answer = { status: number; error?: string };

/** A link opening `count` segment rooms of `story` one after another: every answer (open sockets go to `held`). */
async function floodSegments(server: SyncServer, story: string, count: number, held: WebSocket[]) {
  const link = roomToken(server.data.secrets.roomSecret, story);
  const answers: Answer[] = [];
  for (let n = 0; n < count; n++) {
    const { ws, ...answer } = await openRaw(wsUrl(server, `${story}~${n}`, link));
    if (ws) held.push(ws);
    answers.push(answer);
  }
  return answers;
}

/** Two clients on a room, one writing: resolves once the other has it (the room opens and syncs). */
async function syncsIn(server: SyncServer, room: string, token: string) {
  const writer = client(server, room, token);
  const reader = client(server, room, token);
  await Promise.all([writer.synced(), reader.synced()]);
  writer.text.insert(0, `hello ${room}`);
  await waitFor(() => reader.text.toString() === `hello ${room}`, `${room} to sync`);
}

describe('sync server: what one room token may hold', () => {
  it('[SV15][SV16] a link opening segment room after segment room stops at its bound (429), and the owner’s library and story, and another link’s story, still open and sync', async () => {
    // No rooms kept for new links here: this is each link's own bound (the rooms kept for new links: below).
    const limits = {
      maxRooms: 12,
      maxRoomsPerToken: 6,
      maxConnectionsPerToken: 64,
      ownerRooms: 4,
      newLinkRooms: 0,
    };
    const server = await start(limits);
    const { ownerToken, roomSecret } = server.data.secrets;
    const flooder = roomToken(roomSecret, 'story');
    const held: WebSocket[] = [];
    try {
      // A million segment rooms are names the link opens; 40 are enough to fill this server without limits.
      const answers = await floodSegments(server, 'story', 40, held);
      // Meanwhile the owner's library opens and syncs (without the bound: 503, "Syncing…" for good).
      await syncsIn(server, 'library', ownerToken);
      expect(held).toHaveLength(limits.maxRoomsPerToken);
      expect(answers.slice(limits.maxRoomsPerToken)).toEqual(
        Array(40 - limits.maxRoomsPerToken).fill({
          status: 429,
          error: 'this link has 6 rooms open, its limit',
        }),
      );
      // Its rooms still open for it: the bound is on rooms, not on the link.
      expect((await openRaw(wsUrl(server, 'story~0', flooder))).status).toBe(101);

      // A second link floods too: it gets its share until only the owner's rooms are left.
      const second = roomToken(roomSecret, 'other');
      const secondAnswers = await floodSegments(server, 'other', 10, held);
      const opened = secondAnswers.filter(({ status }) => status === 101).length;
      // The rooms in use (the first link's, the owner's library) leave it all but the owner's four.
      expect(opened).toBe(limits.maxRooms - limits.ownerRooms - limits.maxRoomsPerToken - 1);
      expect(secondAnswers.at(-1)).toEqual({
        status: 503,
        error: "the rooms left are kept for the server's owner (4)",
      });

      // The owner's library, a story not loaded yet and a segment of it open and sync.
      await syncsIn(server, 'library', ownerToken);
      await syncsIn(server, 'mine', ownerToken);
      await syncsIn(server, 'mine~0', ownerToken);
      // The second link's rooms, and the first link's, still sync.
      await syncsIn(server, 'other~0', second);
      await syncsIn(server, 'story~5', flooder);
    } finally {
      for (const ws of held) ws.terminate();
    }
  });

  it('[SV15][SV16] a link’s connections are bounded, over all its rooms and in each, leaving the owner room in its story', async () => {
    const server = await start({
      maxConnectionsPerRoom: 8,
      ownerConnectionsPerRoom: 2,
      maxConnectionsPerToken: 10,
    });
    const { ownerToken, roomSecret } = server.data.secrets;
    const link = roomToken(roomSecret, 'story');
    const held: WebSocket[] = [];
    try {
      const inRoom = await Promise.all(
        Array.from({ length: 8 }, () => openRaw(wsUrl(server, 'story', link))),
      );
      for (const answer of inRoom) if (answer.ws) held.push(answer.ws);
      expect(inRoom.filter(({ status }) => status === 101)).toHaveLength(6);
      expect(inRoom.find(({ status }) => status !== 101)).toEqual({
        status: 429,
        error: 'this link has 6 connections to this room, its limit',
      });
      // The owner's devices still get into the story.
      await syncsIn(server, 'story', ownerToken);
      const more = await Promise.all([1, 2, 3, 4, 5].map((n) => openRaw(wsUrl(server, `story~${n}`, link))));
      for (const answer of more) if (answer.ws) held.push(answer.ws);
      expect(more.filter(({ status }) => status === 101)).toHaveLength(4);
      expect(more.find(({ status }) => status !== 101)).toEqual({
        status: 429,
        error: 'this link has 10 connections open, its limit',
      });
      // Closing connections gives them back.
      for (const ws of held.splice(0, 2)) ws.close();
      let reopened = 0;
      for (let i = 0; i < 20 && reopened === 0; i++) {
        const answer = await openRaw(wsUrl(server, 'story~9', link));
        if (answer.ws) {
          held.push(answer.ws);
          reopened++;
        } else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(reopened).toBe(1);
    } finally {
      for (const ws of held) ws.terminate();
    }
  });

  it('[SV16] busy links together leave rooms for a link that comes later: it opens its story and two segments, and syncs', async () => {
    // 16 rooms: the owner's 2, 6 kept for new links, and 8 that busy links share.
    const server = await start({ maxRooms: 16, maxRoomsPerToken: 5, ownerRooms: 2, newLinkRooms: 6 });
    const held: WebSocket[] = [];
    /** A busy link: how many of its segment rooms it opened, and its last refusal. */
    const flood = async (story: string) => {
      const answers = await floodSegments(server, story, 10, held);
      return { opened: answers.filter(({ status }) => status === 101).length, refused: answers.at(-1) };
    };
    try {
      const busy = [await flood('a'), await flood('b'), await flood('c')];
      // A link that comes later still opens what one device needs to play, and it syncs there. (Without
      // the rooms kept for new links, the busy ones took 5 + 5 + 4: all but the owner's two.)
      const late = roomToken(server.data.secrets.roomSecret, 'late');
      const rooms = ['late', 'late~0', 'late~1'];
      const answers = await Promise.all(rooms.map((room) => openRaw(wsUrl(server, room, late))));
      for (const answer of answers) if (answer.ws) held.push(answer.ws);
      expect(answers.map(({ status }) => status)).toEqual([101, 101, 101]);
      for (const room of rooms) await syncsIn(server, room, late);
      // The first link took its own bound; the others stopped once they could play.
      const kept = {
        status: 503,
        error: "the rooms left are kept for new links (6) and the server's owner (2)",
      };
      expect(busy).toEqual([
        { opened: 5, refused: { status: 429, error: 'this link has 5 rooms open, its limit' } },
        { opened: 3, refused: kept },
        { opened: 3, refused: kept },
      ]);
      // The owner's library still opens and syncs.
      await syncsIn(server, 'library', server.data.secrets.ownerToken);
    } finally {
      for (const ws of held) ws.terminate();
    }
  });

  it('[SV18] a flood of refused connections logs a few lines, then how many were left out', async () => {
    const lines: string[] = [];
    const server = await start({ refusalLogIntervalMs: 1000 }, (line) => lines.push(line));
    const flood = 150;
    const refusals = await Promise.all(
      Array.from({ length: flood }, () => tryUpgrade(wsUrl(server, 'story', 'not-a-token'), undefined, 0)),
    );
    expect(refusals.every(({ status }) => status === 401)).toBe(true);
    // Every refusal is accounted for: printed, or counted in a line once its interval is over.
    const accounted = () =>
      lines.reduce((sum, line) => {
        if (line === 'room "story": refused a connection without a valid token') return sum + 1;
        const left = /^(\d+) more connections refused \(no valid token\) in the last 1 s$/.exec(line);
        return sum + (left ? Number(left[1]) : 0);
      }, 0);
    await waitFor(() => accounted() === flood, 'every refusal counted', 4000);
    expect(lines.length).toBeLessThanOrEqual(6);
  });
});
