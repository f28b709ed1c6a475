// The path commands through the worker's DriverApi (D12): Delete as a branch cut and its Undo, and
// "Branch from here" telling where the path ended, so the app can lead back there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';

let server: OpenAIServer;
let host: HostHarness;

beforeAll(async () => {
  server = await startOpenAIServer({ answer: () => 'You hear a voice.' });
  host = await startHost(server);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

/** A story of three turns by the user, A B C; their ids in path order. */
async function threeTurns(): Promise<{ storyId: string; ids: string[] }> {
  const storyId = await newStory(host.api);
  const ids: string[] = [];
  for (const text of ['A.', 'B.', 'C.']) {
    const sent = await host.api.send(storyId, { text, next: null });
    if (!sent.ok) throw new Error(sent.detail);
    ids.push(sent.turnId);
  }
  return { storyId, ids };
}

const pathOf = async (storyId: string): Promise<string[]> => {
  const slice = await host.api.transcript(storyId);
  if (!slice.ok) throw new Error(slice.detail);
  return slice.rows.map((row) => row.turnId);
};

describe('path commands', () => {
  it('[D12] cutPath takes a turn and its followers off the path; returnToLeaf brings them back', async () => {
    const { storyId, ids } = await threeTurns();
    const [a, b, c] = ids;
    expect(await host.api.cutPath(storyId, b!)).toEqual({ ok: true, leaf: c, cut: 2 });
    expect(await pathOf(storyId)).toEqual([a]);
    const again = await host.api.cutPath(storyId, c!);
    expect(!again.ok && again.code).toBe('invalid');
    expect(await pathOf(storyId)).toEqual([a]);
    const unknown = await host.api.cutPath(storyId, 'nope');
    expect(!unknown.ok && unknown.code).toBe('not-found');
    expect(await host.api.returnToLeaf(storyId, c!)).toEqual({ ok: true });
    expect(await pathOf(storyId)).toEqual(ids);
  });

  it('branchFrom tells the turn it branched from and the path’s end before it', async () => {
    const { storyId, ids } = await threeTurns();
    const [a, , c] = ids;
    expect(await host.api.branchFrom(storyId, a!)).toEqual({ ok: true, turn: 1, leaf: c });
    // Branching where the path already ends changes nothing: there is no way back to offer.
    expect(await host.api.branchFrom(storyId, a!)).toEqual({ ok: true, turn: 1, leaf: null });
  });
});
