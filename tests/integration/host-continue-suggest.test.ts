// Continue and Suggest my turn through the worker's DriverApi over comlink, against a local
// OpenAI-protocol server: the continued turn is a new alternative the path now ends with, and the
// suggestion's draft reaches the page's callback as it streams, never as a `tokens` event.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';

const SUGGESTION = 'I raise my empty hands and say that I mean no harm to anyone here.';

function answer(body: ChatBody): string {
  const kind = bodyKind(body);
  const last = body.messages.at(-1)?.content ?? '';
  if (kind === 'suggest') return SUGGESTION;
  if (kind === 'project') return 'A guard lifts a lantern.';
  if (last.includes('stopped before it was done')) return 'Then I lower it again.';
  return 'I lift my lantern.';
}

let server: OpenAIServer;
let host: HostHarness;
let storyId: string;

beforeAll(async () => {
  server = await startOpenAIServer({ answer });
  host = await startHost(server);
  storyId = await newStory(host.api);
  const sent = await host.api.send(storyId, { text: 'I knock on the gate.' });
  if (!sent.ok) throw new Error(sent.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

describe('continue and suggest through the worker', () => {
  it('[CT2] continues the last turn as a new alternative at its place', async () => {
    const before = await host.api.transcript(storyId);
    if (!before.ok) throw new Error(before.detail);
    const last = before.rows.at(-1)!;
    const r = await host.api.continueTurn(storyId, last.turnId);
    if (!r.ok) throw new Error(r.detail);
    const after = await host.api.transcript(storyId);
    if (!after.ok) throw new Error(after.detail);
    expect(after.length).toBe(before.length);
    expect(after.rows.at(-1)?.turnId).toBe(r.turnId);
    expect(after.rows.at(-1)?.sibling.count).toBe(2);
    const inspected = await host.api.inspectTurn(storyId, r.turnId);
    if (!inspected.ok) throw new Error(inspected.detail);
    expect(inspected.turn.source).toBe('I lift my lantern. Then I lower it again.');
  });

  it('[SU2] streams the draft to the callback, not as tokens events, and stores nothing', async () => {
    const drafts: string[] = [];
    const tokensBefore = host.events.filter((e) => e.kind === 'tokens').length;
    const before = await host.api.transcript(storyId);
    const r = await host.api.suggestTurn(
      storyId,
      Comlink.proxy((draft: string) => void drafts.push(draft)),
    );
    expect(r.ok && r.text).toBe(SUGGESTION);
    // The callback's calls cross on a port of their own: the last may land after the answer.
    await vi.waitFor(() => expect(drafts.at(-1)).toBe(SUGGESTION));
    expect(host.events.filter((e) => e.kind === 'tokens').length).toBe(tokensBefore);
    const after = await host.api.transcript(storyId);
    expect(after.ok && after.length).toBe(before.ok && before.length);
    expect(after.ok && after.rows.every((row) => !row.text.includes(SUGGESTION))).toBe(true);
  });
});
