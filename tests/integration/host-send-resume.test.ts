// A send whose turn was stored before what followed it failed is resumed, not sent again: the worker
// finishes it by the driver's rule for who acts next (the app no longer restates that rule).
import { afterEach, describe, expect, it } from 'vitest';
import { openAIError, startOpenAIServer, type ChatBody } from '../support/openai-server.ts';
import { newStory, startHost } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const refuseActor = { on: false };

function answer(body: ChatBody) {
  const kind = bodyKind(body);
  if (kind === 'selector') return JSON.stringify({ next: 'Jane' });
  if (kind === 'project') return 'You see Jane raise her lantern.';
  if (refuseActor.on) return openAIError(401, 'bad key');
  return 'I raise my lantern.';
}

/** A host on a local server that answers `answer`, with a new story. */
async function start() {
  const server = await startOpenAIServer({ answer });
  cleanups.push(() => server.close());
  const host = await startHost(server);
  cleanups.push(() => host.close());
  return { api: host.api, storyId: await newStory(host.api) };
}

describe('send, resumed after a failure that followed its stored turn', () => {
  it('stores the turn once; the resumed send makes the next actor act', async () => {
    const { api, storyId } = await start();
    refuseActor.on = true;
    const failed = await api.send(storyId, { text: 'I knock on the gate.' });
    expect(failed.ok).toBe(false);
    const stored = failed.ok ? undefined : failed.turnId;
    expect(stored).toBeDefined();
    refuseActor.on = false;
    const resumed = await api.send(storyId, { text: 'I knock on the gate.', resume: stored });
    expect(resumed.ok, JSON.stringify(resumed)).toBe(true);
    expect(resumed.ok && resumed.turnId).toBe(stored);
    expect(resumed.ok && resumed.acted).toBeDefined();
    const t = await api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    expect(t.rows.map((r) => [r.authorName, r.text])).toEqual([
      ['Wren', 'I knock on the gate.'],
      ['Jane', 'You see Jane raise her lantern.'],
    ]);
  });

  it('with nobody to act next (turns chosen by hand), the resumed send completes the views only', async () => {
    const { api, storyId } = await start();
    const sent = await api.send(storyId, { text: 'I knock on the gate.', next: null });
    expect(sent.ok).toBe(true);
    const turnId = sent.ok ? sent.turnId : '';
    expect((await api.updateStorySettings(storyId, { turnSelection: 'manual' })).ok).toBe(true);
    const resumed = await api.send(storyId, { text: 'I knock on the gate.', resume: turnId });
    expect(resumed.ok && resumed.turnId).toBe(turnId);
    expect(resumed.ok && resumed.acted).toBeUndefined();
    const t = await api.transcript(storyId);
    expect(t.ok && t.rows.length).toBe(1);
  });
});
