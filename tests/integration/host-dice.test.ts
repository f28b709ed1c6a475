// Dice through the worker's DriverApi over comlink, against a local OpenAI-protocol server: a roll is
// made by the program (no model is asked), sent as the user's turn, shown in the transcript, and it
// stands — regenerating the character's answer after it does not roll it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';

let answers = 0;
function answer(body: ChatBody): string {
  if (bodyKind(body) === 'project') return 'Wren rolls the dice.';
  answers += 1;
  return answers % 2 ? 'I watch the dice.' : 'I lean closer to the dice.';
}

let server: OpenAIServer;
let host: HostHarness;
let storyId: string;

beforeAll(async () => {
  server = await startOpenAIServer({ answer });
  host = await startHost(server);
  storyId = await newStory(host.api);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

describe('dice through the worker', () => {
  it('[DI1] a notation that is not a roll is refused, saying what to write', async () => {
    const r = await host.api.rollDice(storyId, '2d6 please');
    expect(!r.ok && r.code).toBe('invalid');
    expect(!r.ok && r.detail).toContain('Write dice as 2d6+1');
  });

  it('[DI3] rolls without a model, and the roll sent as the turn stands through a regeneration', async () => {
    const requests = server.requests.length;
    const r = await host.api.rollDice(storyId, '3d6+2');
    if (!r.ok) throw new Error(r.detail);
    expect(server.requests.length).toBe(requests);
    expect(r.roll.dice).toHaveLength(3);
    expect(r.roll.total).toBe(r.roll.dice.reduce((a, b) => a + b, 2));
    expect(r.text).toBe(`I roll 3d6+2: ${r.roll.dice.join(' + ')} + 2 = ${r.roll.total}.`);
    const sent = await host.api.send(storyId, { text: r.text });
    if (!sent.ok) throw new Error(sent.detail);
    const shown = await host.api.transcript(storyId);
    if (!shown.ok) throw new Error(shown.detail);
    expect(shown.rows.map((row) => row.text)).toContain(r.text);
    const answerTurn = shown.rows.at(-1)!.turnId;
    const again = await host.api.regenerateFrom(storyId, answerTurn);
    if (!again.ok) throw new Error(again.detail);
    const after = await host.api.transcript(storyId);
    if (!after.ok) throw new Error(after.detail);
    expect(after.rows.at(-1)?.turnId).not.toBe(answerTurn);
    expect(after.rows.map((row) => row.text)).toContain(r.text);
    const rolled = await host.api.inspectTurn(storyId, sent.turnId);
    expect(rolled.ok && rolled.turn.source).toBe(r.text);
  });
});
