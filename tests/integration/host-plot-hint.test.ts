// The plot author's hint through the worker's DriverApi over comlink, against a local OpenAI-protocol
// server: the request holds the user's own transcript only (a character's card and thoughts, with
// canaries, never reach it), the hint comes back, and nothing is stored; a stale history asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';

const HINT = 'You could ask the guard why the gate is barred tonight.';
const CARD_CANARY = 'CANARY-JANE-CARD';
const THOUGHT_CANARY = 'CANARY-JANE-THOUGHT';

const hintRequests: string[] = [];
function answer(body: ChatBody): string {
  const kind = bodyKind(body);
  if (kind === 'hint') {
    hintRequests.push(body.messages.map((m) => m.content).join('\n'));
    return HINT;
  }
  if (kind === 'project') return 'The guard lifts a lantern.';
  return `I lift my lantern. (${THOUGHT_CANARY})`;
}

let server: OpenAIServer;
let host: HostHarness;
let storyId: string;

beforeAll(async () => {
  server = await startOpenAIServer({ answer });
  host = await startHost(server);
  const created = await host.api.createStory({
    title: 'Night watch',
    language: 'en',
    user: { name: 'Wren', persona: 'A traveller.' },
    characters: [{ name: 'Jane', card: { description: `A guard. ${CARD_CANARY}` } }],
  });
  if (!created.ok) throw new Error(created.detail);
  storyId = created.storyId;
  const sent = await host.api.send(storyId, { text: 'I knock on the gate.' });
  if (!sent.ok) throw new Error(sent.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

describe('plot hint through the worker', () => {
  it("[PH1][PH2] answers a hint from the user's own transcript, with no character's private text, and stores nothing", async () => {
    const before = await host.api.transcript(storyId);
    if (!before.ok) throw new Error(before.detail);
    // The character's own turn holds the thought canary: the story really has it.
    const inspected = await host.api.inspectTurn(storyId, before.rows.at(-1)!.turnId);
    expect(inspected.ok && inspected.turn.source).toContain(THOUGHT_CANARY);
    const r = await host.api.plotHint(storyId);
    expect(r.ok && r.text).toBe(HINT);
    expect(hintRequests).toHaveLength(1);
    const asked = hintRequests[0]!;
    expect(asked).toContain('I knock on the gate.');
    expect(asked).toContain('The guard lifts a lantern.');
    expect(asked).not.toContain(CARD_CANARY);
    expect(asked).not.toContain(THOUGHT_CANARY);
    const after = await host.api.transcript(storyId);
    if (!after.ok) throw new Error(after.detail);
    expect(after.length).toBe(before.length);
    expect(after.rows.every((row) => !row.text.includes(HINT))).toBe(true);
  });

  it('[H1] after an edit, the hint asks the stale-history question, and comes once the person has chosen', async () => {
    const rows = await host.api.transcript(storyId);
    if (!rows.ok) throw new Error(rows.detail);
    const edited = await host.api.editSource(storyId, rows.rows[0]!.turnId, [{ insert: 'Loudly, ' }]);
    expect(edited.ok).toBe(true);
    const asked = hintRequests.length;
    const refused = await host.api.plotHint(storyId);
    expect(!refused.ok && refused.code).toBe('stale-history');
    expect(hintRequests).toHaveLength(asked);
    const r = await host.api.plotHint(storyId, { stale: 'keep' });
    expect(r.ok && r.text).toBe(HINT);
    expect(hintRequests).toHaveLength(asked + 1);
    expect(hintRequests.at(-1)).toContain('Loudly, ');
  });
});
