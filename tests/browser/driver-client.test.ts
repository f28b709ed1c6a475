// The app's client of the driver worker: pushes become per-story state. A character's own streamed
// tokens are never kept (only that it is typing, and how many words it has written); the user's
// projection streams per turn; the story's background work is what the worker last said of it.
import { describe, expect, it } from 'vitest';
import { createComponent, createRoot } from 'solid-js';
import {
  createClientFor,
  DriverProvider,
  useDriver,
  type DriverClient,
} from '../../src/app/shell/driver-client.ts';
import { createFakeDriver, JANE_ID, USER_ID } from './fake-driver.ts';

function setup(): { client: DriverClient; fake: ReturnType<typeof createFakeDriver>; dispose: () => void } {
  const fake = createFakeDriver();
  return createRoot((dispose) => ({ client: createClientFor(fake.api), fake, dispose }));
}

describe('driver client', () => {
  it('[isolation] keeps no actor token text, only that the character is typing and its word count', () => {
    const { client, fake, dispose } = setup();
    fake.push({ kind: 'phase', storyId: 's1', phase: { kind: 'acting', actor: JANE_ID } });
    fake.push({
      kind: 'tokens',
      attempt: 0,
      storyId: 's1',
      op: 'actor',
      actor: JANE_ID,
      text: 'I think of the secret',
    });
    expect(client.stream('s1')).toEqual({
      turnId: null,
      projections: {},
      attempts: {},
      typing: JANE_ID,
      written: { words: 5, open: true, attempt: 0 },
    });
    expect(JSON.stringify(client.stream('s1'))).not.toContain('secret');
    dispose();
  });

  it("accumulates each audience's projection of the turn being projected, and resets per turn", () => {
    const { client, fake, dispose } = setup();
    const projecting = (turnId: string, audience: string) =>
      fake.push({
        kind: 'phase',
        storyId: 's1',
        phase: { kind: 'projecting', turnId, audiences: [audience] },
      });
    const tokens = (audience: string, text: string) =>
      fake.push({ kind: 'tokens', attempt: 0, storyId: 's1', op: 'projector', audience, text });
    projecting('t1', USER_ID);
    tokens(USER_ID, 'A lantern ');
    tokens(USER_ID, 'rises.');
    projecting('t1', JANE_ID);
    tokens(JANE_ID, 'You hear');
    expect(client.stream('s1')?.projections).toEqual({
      [USER_ID]: 'A lantern rises.',
      [JANE_ID]: 'You hear',
    });
    projecting('t2', USER_ID);
    expect(client.stream('s1')).toMatchObject({ turnId: 't2', projections: {} });
    fake.push({ kind: 'phase', storyId: 's1', phase: null });
    expect(client.phase('s1')).toBeNull();
    expect(client.stream('s1')).toEqual({
      turnId: null,
      projections: {},
      attempts: {},
      typing: null,
      written: { words: 0, open: false, attempt: 0 },
    });
    dispose();
  });

  it('a retried answer replaces the text a refused attempt streamed', () => {
    const { client, fake, dispose } = setup();
    const push = (attempt: number, text: string) =>
      fake.push({
        kind: 'tokens',
        attempt,
        storyId: 's1',
        op: 'projector',
        audience: USER_ID,
        turnId: 't9',
        text,
      });
    push(0, 'You stumble ');
    push(0, 'backward.');
    expect(client.stream('s1')?.projections[USER_ID]).toBe('You stumble backward.');
    push(1, 'A hand ');
    push(1, 'grabs you.');
    expect(client.stream('s1')).toMatchObject({
      turnId: 't9',
      projections: { [USER_ID]: 'A hand grabs you.' },
    });
    dispose();
  });

  it('tells each story its own changes, counts library changes and keeps download progress', () => {
    const { client, fake, dispose } = setup();
    const seen: string[] = [];
    const stop = client.onStoryChanged('s1', (change) => seen.push(change.turnIds.join()));
    const change = (storyId: string, turnIds: string[]) =>
      fake.push({ kind: 'story-changed', storyId, turnIds, participants: false, meta: false });
    change('s1', ['t1']);
    change('s2', ['x']);
    stop();
    change('s1', ['t2']);
    expect(seen).toEqual(['t1']);
    fake.push({ kind: 'library-changed' });
    expect(client.libraryVersion()).toBe(1);
    const download = {
      kind: 'download',
      modelId: 'm',
      progress: 0.5,
      loadedMB: 5,
      totalMB: 10,
      text: '',
    } as const;
    fake.push(download);
    expect(client.download('m')).toEqual(download);
    dispose();
  });

  it('keeps what the worker last said of each story’s background, a failure gone once it runs again', () => {
    const { client, fake, dispose } = setup();
    expect(client.background('s1')).toEqual({ pending: 0, running: false });
    fake.push({
      kind: 'background',
      storyId: 's1',
      pending: 2,
      running: false,
      failure: 'The server refused.',
    });
    fake.push({ kind: 'background', storyId: 's2', pending: 7, running: true });
    expect(client.background('s1')).toEqual({ pending: 2, running: false, failure: 'The server refused.' });
    fake.push({ kind: 'background', storyId: 's1', pending: 2, running: true });
    expect(client.background('s1')).toEqual({ pending: 2, running: true });
    expect(client.background('s2')).toEqual({ pending: 7, running: true });
    dispose();
  });

  it('useDriver throws outside its provider and returns the client inside', () => {
    expect(() => createRoot(() => useDriver())).toThrow(/outside <DriverProvider>/);
    const { client, dispose } = setup();
    let inside: DriverClient | undefined;
    createRoot(() =>
      createComponent(DriverProvider, {
        client,
        get children() {
          inside = useDriver();
          return null;
        },
      }),
    );
    expect(inside).toBe(client);
    dispose();
  });
});
