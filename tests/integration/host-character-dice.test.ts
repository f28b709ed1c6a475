// A character's dice through the worker's DriverApi over comlink, against a real server speaking tool
// calls on 127.0.0.1: the roll tool is offered only with the story's setting on, its calls are answered
// with the program's roll, the rolls stand with the turn (a regeneration or continue gives them back,
// never rolls again), refused calls are told to the model, a greedy model is stopped, and the witnesses'
// projections hold the roll but nothing the model wrote in its call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { ChatBody, OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind, isFor } from '../support/body-kinds.ts';
import type { RowRoll } from '../../src/workers/api.ts';

const TURN = 'I throw my shoulder against the gate.';
const CONTINUED = 'It groans open.';
/** Only in the model's call arguments: no projection may hold it. */
const SECRET = 'the gate key is sewn into my cloak';

type Mode = 'roll' | 'bad' | 'greedy' | 'secret';
let mode: Mode = 'roll';

const isActor = (body: ChatBody) => isFor(body, 'actor', 'Jane');
const offered = (body: ChatBody) => Array.isArray(body.tools) && body.tools.length > 0;
const call = (id: string, args: object) => ({
  calls: [{ id, name: 'roll', arguments: JSON.stringify(args) }],
});

function reply(body: ChatBody, n: number): ToolReply {
  if (!isActor(body)) return { text: 'Jane shoves at the gate.' };
  const last = body.messages.at(-1);
  const continuing = body.messages.some((m) => m.role === 'user' && m.content.includes('Go on from exactly'));
  const text = continuing ? CONTINUED : TURN;
  if (!offered(body)) return { text };
  if (mode === 'greedy') return call(`g${n}`, { notation: '1d6' });
  if (last?.role === 'tool') return { text };
  switch (mode) {
    case 'roll':
      return call(`c${n}`, { notation: '1d20 + 2' });
    case 'bad':
      return call(`c${n}`, { notation: '2d6 please' });
    case 'secret':
      return call(`c${n}`, { notation: 'd20', why: SECRET });
  }
}

let server: OpenAIServer;
let host: HostHarness;
let storyId: string;
let jane: string;

beforeAll(async () => {
  server = await startToolServer(reply);
  host = await startHost(server);
  storyId = await newStory(host.api);
  const opened = await host.api.openStory(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  jane = opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '';
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const actorBodies = (from: number) =>
  server.requests
    .slice(from)
    .filter((r) => isActor(r.body))
    .map((r) => r.body);
const projectorBodies = (from: number) =>
  server.requests
    .slice(from)
    .filter((r) => bodyKind(r.body) === 'project')
    .map((r) => r.body);
const told = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');

async function act(): Promise<string> {
  const acted = await host.api.act(storyId, { actor: jane });
  if (!acted.ok) throw new Error(acted.detail);
  return acted.turnIds.at(-1) as string;
}

async function sourceOf(turnId: string): Promise<string> {
  const inspected = await host.api.inspectTurn(storyId, turnId);
  if (!inspected.ok) throw new Error(inspected.detail);
  return inspected.turn.source;
}

async function lastRow() {
  const shown = await host.api.transcript(storyId);
  if (!shown.ok) throw new Error(shown.detail);
  return shown.rows.at(-1)!;
}

const expectSound = (roll: RowRoll, sides: number, modifier: number) => {
  expect(roll.dice.every((d) => d >= 1 && d <= sides)).toBe(true);
  expect(roll.total).toBe(roll.dice.reduce((a, b) => a + b, modifier));
};

async function setDice(on: boolean) {
  const r = await host.api.setStoryGeneration(storyId, { characterDice: on ? true : null });
  if (!r.ok) throw new Error(r.detail);
}

describe("a character's dice through the worker", () => {
  it('[DI4] with the setting off (the default) the actor is offered no tool and told nothing of dice', async () => {
    const from = server.requests.length;
    await act();
    const [body, ...more] = actorBodies(from);
    expect(more).toHaveLength(0);
    expect(body && offered(body)).toBe(false);
    expect(told(body!)).not.toContain('`roll`');
    expect((await lastRow()).rolls).toBeUndefined();
  });

  let rolled: string;
  let roll: RowRoll;
  it('[DI4][DI5] with it on, the roll call is answered with the program’s roll, stored and shown with the turn', async () => {
    await setDice(true);
    mode = 'roll';
    const from = server.requests.length;
    rolled = await act();
    const [asked, answered, ...more] = actorBodies(from);
    expect(more).toHaveLength(0);
    expect((asked?.tools as Array<{ function: { name: string } }>).map((t) => t.function.name)).toEqual([
      'roll',
    ]);
    expect(asked?.messages.at(-1)?.content).toContain('call the `roll` tool');
    const row = await lastRow();
    expect(row.turnId).toBe(rolled);
    expect(await sourceOf(row.turnId)).toBe(TURN);
    expect(row.rolls).toHaveLength(1);
    roll = row.rolls![0]!;
    expect(roll.notation).toBe('1d20+2');
    expectSound(roll, 20, 2);
    expect(roll.shown).toBe(`${roll.dice[0]} + 2 = ${roll.total}`);
    expect(answered?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: `Rolled 1d20+2: ${roll.shown}.`,
    });
  });

  it('[DI7] the witnesses’ projection is given the roll in the author’s words, before the source', async () => {
    mode = 'secret';
    const from = server.requests.length;
    await act();
    const row = await lastRow();
    const [secretRoll] = row.rolls ?? [];
    expect(secretRoll?.notation).toBe('1d20');
    const projections = projectorBodies(from);
    expect(projections.length).toBeGreaterThan(0);
    for (const body of projections) {
      const task = body.messages.at(-1)?.content ?? '';
      expect(task).toContain(`I roll 1d20: ${secretRoll?.total}.\n\n${TURN}`);
      expect(told(body)).not.toContain(SECRET);
      expect(told(body)).not.toContain('A guard.');
    }
  });

  it('[DI5] a regeneration gives the stored roll back as the tool’s answer and does not roll again', async () => {
    mode = 'roll';
    const from = server.requests.length;
    const again = await host.api.regenerateFrom(storyId, rolled);
    if (!again.ok) throw new Error(again.detail);
    const [body, ...more] = actorBodies(from);
    expect(more).toHaveLength(0);
    expect(body?.messages.slice(-2)).toMatchObject([
      { role: 'assistant', tool_calls: [{ function: { name: 'roll', arguments: '{"notation":"1d20+2"}' } }] },
      { role: 'tool', content: `Rolled 1d20+2: ${roll.shown}.` },
    ]);
    const row = await lastRow();
    expect(row.turnId).not.toBe(rolled);
    expect(row.rolls).toEqual([roll]);
  });

  it('[DI5] a continue keeps the roll and gives it back too', async () => {
    const turn = (await lastRow()).turnId;
    const from = server.requests.length;
    const continued = await host.api.continueTurn(storyId, turn);
    if (!continued.ok) throw new Error(continued.detail);
    const [body] = actorBodies(from);
    expect(body?.messages.at(-1)).toMatchObject({ role: 'tool', content: `Rolled 1d20+2: ${roll.shown}.` });
    const row = await lastRow();
    expect(await sourceOf(row.turnId)).toBe(`${TURN} ${CONTINUED}`);
    expect(row.rolls).toEqual([roll]);
  });

  it('[DI6] a notation that is not a roll is answered as an error the model reads; the turn still completes', async () => {
    mode = 'bad';
    const from = server.requests.length;
    await act();
    const [, answered] = actorBodies(from);
    expect(answered?.messages.at(-1)?.role).toBe('tool');
    expect(answered?.messages.at(-1)?.content).toContain(
      'The dice were not rolled: "2d6 please" is not a roll',
    );
    const row = await lastRow();
    expect(await sourceOf(row.turnId)).toBe(TURN);
    expect(row.rolls).toBeUndefined();
  });

  it('[DI6] a model that keeps calling roll is stopped after 3 rolls and asked without the tool', async () => {
    mode = 'greedy';
    const from = server.requests.length;
    await act();
    const bodies = actorBodies(from);
    expect(bodies.map(offered)).toEqual([true, true, true, false]);
    expect(bodies[3]?.messages.at(-1)?.content).toContain('That was the last roll of this turn');
    const row = await lastRow();
    expect(await sourceOf(row.turnId)).toBe(TURN);
    expect(row.rolls).toHaveLength(3);
    for (const r of row.rolls ?? []) expectSound(r, 6, 0);
  });

  it('[DI4] turned off again, the actor is offered no tool', async () => {
    await setDice(false);
    mode = 'greedy';
    const from = server.requests.length;
    await act();
    expect(actorBodies(from).map(offered)).toEqual([false]);
  });
});
