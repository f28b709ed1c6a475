// readyToSendMs for docScale: a worker host (DriverApi over comlink, tests/support/host-harness.ts) on
// the IndexedDB the story is stored in (a segmented store for a segmented story, as the worker's), not holding it open yet, as after a reload, is asked to send
// the user's turn. Timed from `send` until the turn is in the document (its `story-changed` event):
// the host has opened the story, derived its views and found its history fresh, and accepted the
// command. The model server never answers, so the generation is then cancelled; that is not timed.
import * as Comlink from 'comlink';
import * as Y from 'yjs';
import { LIBRARY_ROOM } from '../../sync-server/protocol.ts';
import { putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import type { DriverEvent } from '../../src/workers/api.ts';
import { createStoryStore, persisted, stored } from '../../src/workers/store/story-store.ts';
import { startHost } from '../support/host-harness.ts';
import { startOpenAIServer } from '../support/openai-server.ts';
import { now } from './stats.ts';

/** Longer than any run: the model's answer must not arrive while the send is timed. */
const NEVER_MS = 10 * 60_000;

/** The IndexedDB databases of a store with `prefix`, named as story-store.ts names them. */
export const storeDbs = (prefix: string) => ({
  story: (storyId: string) => `${prefix}-story-${storyId}`,
  library: `${prefix}-library`,
});

/** Lists the story in the store's library, as creating or importing it there would. */
export async function listStory(prefix: string, entry: { id: string; title: string; turns: number }) {
  const library = new Y.Doc({ guid: LIBRARY_ROOM });
  const persistence = await persisted(storeDbs(prefix).library, library);
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  putStoryEntry(library, { ...entry, createdAt: at, lastActivity: at, participants: [] });
  await stored(persistence);
  await persistence.destroy();
  library.destroy();
}

/**
 * Milliseconds from `send` until the user's turn is stored, on a host that opens the story for it: a
 * segmented store (the worker's), or one that keeps every story in one document (the comparison).
 */
export async function readyToSend(prefix: string, storyId: string, segmented: boolean): Promise<number> {
  const server = await startOpenAIServer({ answer: () => ({ text: 'unused', delayMs: NEVER_MS }) });
  const host = await startHost(server, createStoryStore({ prefix, segmented }));
  try {
    let turnStored: (ids: string[]) => void = () => {};
    const storedTurn = new Promise<string[]>((resolve) => (turnStored = resolve));
    await host.api.subscribe(
      Comlink.proxy((e: DriverEvent) => {
        if (e.kind === 'story-changed' && e.storyId === storyId && e.turnIds.length) turnStored(e.turnIds);
      }),
    );
    const start = now();
    const sending = host.api.send(storyId, { text: 'I close the gate behind me.', next: null });
    const first = await Promise.race([
      storedTurn.then((ids) => ({ ids })),
      sending.then((answer) => ({ answer })),
    ]);
    const ms = now() - start;
    if ('answer' in first)
      throw new Error(`send answered before storing a turn: ${JSON.stringify(first.answer)}`);
    await host.api.cancel(storyId);
    await sending;
    return ms;
  } finally {
    await host.close();
    await server.close();
  }
}
