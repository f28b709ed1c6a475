// A character's dice in the driver, with models of our own: a backend without tool calls is never
// offered the tool, a stored roll that does not add up reads as none, a rewrite writes the turn again
// from its rolls, a batched projection is given them, and a "perceived nothing" row shows none.
import { describe, expect, it } from 'vitest';
import { makeStory, JANE, JESS, USER } from '../support/story-fixture.ts';
import { kindOf, makeEnv } from '../support/driver-env.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { batchRequest } from '../../src/driver/turns/batch-projection.ts';
import { rewriteStale } from '../../src/driver/turns/rewrite.ts';
import { requestBudget } from '../../src/driver/budget/request-budget.ts';
import { updateSettings } from '../../src/driver/doc/story-doc.ts';
import { editSource, readTurn, turnMap } from '../../src/driver/doc/turns.ts';
import { seededRandom } from '../../src/driver/dice/seeded-random.ts';
import { transcriptSlice } from '../../src/workers/host/views.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { ChatModel, ChatRequest, ChatResult } from '../../src/driver/model.ts';

const TURN = 'I try the lock.';

/** A model that records the actor's requests; with tool calls, it rolls 2d6 once when offered the tool. */
function diceModel(toolCalls: boolean): ChatModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    ...(toolCalls ? { toolCalls } : {}),
    async complete(request): Promise<ChatResult> {
      if (kindOf(request) === 'project') return { ok: true, text: 'You hear a lock rattle.' };
      requests.push(request);
      const offered = request.tools?.some((t) => t.name === 'roll') === true;
      if (offered && request.messages.at(-1)?.role !== 'tool')
        return {
          ok: true,
          text: '',
          toolCalls: [{ id: 'c1', name: 'roll', arguments: '{"notation":"2d6"}' }],
        };
      return { ok: true, text: TURN };
    },
  };
}

function diceStory() {
  const s = makeStory();
  updateSettings(s.doc, { characterDice: true });
  s.projectAll(s.say(USER, 'Open it, Jane.'));
  return s;
}

const envWith = (model: ChatModel) =>
  makeEnv(() => TURN, {
    models: { selector: model, projector: model, actor: model },
    random: seededRandom(7),
  });

async function rolledTurn(s: ReturnType<typeof makeStory>, model = diceModel(true)) {
  const acted = await actAs(s, envWith(model), JANE);
  if (!acted.ok) throw new Error(acted.detail);
  return acted.turnId;
}

describe("a character's dice", () => {
  it('[DI4] a backend without tool calls is offered no tool and told nothing of dice, the setting on', async () => {
    const s = diceStory();
    const model = diceModel(false);
    const turn = await rolledTurn(s, model);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.tools).toBeUndefined();
    expect(model.requests[0]?.messages.map((m) => m.content).join('\n')).not.toContain('`roll`');
    expect(readTurn(s.doc, turn).rolls).toBeUndefined();
  });

  it('[DI5] a stored roll that does not add up reads as none', async () => {
    const s = diceStory();
    const turn = await rolledTurn(s);
    const [roll] = readTurn(s.doc, turn).rolls ?? [];
    expect(roll?.notation).toBe('2d6');
    turnMap(s.doc, turn)?.set('rolls', [{ ...roll, total: 99 }]);
    expect(readTurn(s.doc, turn).rolls).toBeUndefined();
    turnMap(s.doc, turn)?.set('rolls', [{ ...roll, notation: 'I rolled a 12, trust me' }]);
    expect(readTurn(s.doc, turn).rolls).toBeUndefined();
    turnMap(s.doc, turn)?.set('rolls', [roll]);
    expect(readTurn(s.doc, turn).rolls).toEqual([roll]);
  });

  it('[DI5] a validation retry is given the roll made, never rolling again', async () => {
    const s = diceStory();
    const model = diceModel(true);
    const complete = model.complete.bind(model);
    let answers = 0;
    // The first answer after the roll is blank (refused); the retry then writes the turn.
    model.complete = async (request) => {
      const answer = await complete(request);
      return answer.ok && answer.text === TURN && answers++ === 0 ? { ...answer, text: ' ' } : answer;
    };
    const turn = await rolledTurn(s, model);
    const [roll] = readTurn(s.doc, turn).rolls ?? [];
    expect(readTurn(s.doc, turn).rolls).toHaveLength(1);
    expect(model.requests).toHaveLength(3);
    const retry = model.requests[2];
    expect(retry?.messages.at(-2)).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'roll-1' }] });
    expect(retry?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining(`= ${roll?.total}.`),
    });
  });

  it('[DI5] the rolls travel with the turn through Story JSON; one that does not add up refuses the file', async () => {
    const s = diceStory();
    const turn = await rolledTurn(s);
    const json = exportStory(s.doc);
    const back = importStory(json, '2025-02-01T00:00:00.000Z');
    if (!back.ok) throw new Error(back.detail);
    expect(readTurn(back.doc, turn).rolls).toEqual(readTurn(s.doc, turn).rolls);
    const forged = structuredClone(json);
    const t = forged.turns.find((x) => x.id === turn)!;
    t.rolls = [{ ...t.rolls![0]!, total: 1000 }];
    expect(importStory(forged, '2025-02-01T00:00:00.000Z').ok).toBe(false);
  });

  it('[DI5] a rewrite writes the stale turn again from its rolls, never rolling again', async () => {
    const s = diceStory();
    const model = diceModel(true);
    const env = envWith(model);
    const acted = await actAs(s, env, JANE);
    if (!acted.ok) throw new Error(acted.detail);
    const rolls = readTurn(s.doc, acted.turnId).rolls;
    s.projectAll(acted.turnId);
    const first = s.views.path()[0]!.id;
    expect(editSource(s.doc, first, { text: 'Open it now, Jane.' }).ok).toBe(true);
    const asked = model.requests.length;
    const rewritten = await rewriteStale(s, env, acted.turnId, new Set());
    if (!rewritten.ok) throw new Error(rewritten.detail);
    expect(rewritten.leaf).not.toBe(acted.turnId);
    expect(readTurn(s.doc, rewritten.leaf!).rolls).toEqual(rolls);
    const again = model.requests.slice(asked);
    expect(again).toHaveLength(1);
    expect(again[0]?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'roll-1' });
  });

  it('[DI7] a batched projection is given the roll before the source', async () => {
    const s = diceStory();
    const turn = await rolledTurn(s);
    const [roll] = readTurn(s.doc, turn).rolls ?? [];
    const env = envWith(diceModel(true));
    const fitted = batchRequest(
      s,
      env,
      turn,
      [USER, JESS],
      await requestBudget(env, 'projector', env.models.projector),
    );
    const shown = `${roll?.dice.join(' + ')} = ${roll?.total}`;
    expect(fitted.request.messages.at(-1)?.content).toContain(`I roll 2d6: ${shown}.\n\n${TURN}`);
  });

  it('[DI8] the roll is shown on a row the user perceived, never on a "perceived nothing" row', async () => {
    const s = diceStory();
    const turn = await rolledTurn(s);
    s.project(turn, USER, 'Jane rattles the lock.');
    expect(transcriptSlice(s).rows.at(-1)?.rolls?.[0]?.notation).toBe('2d6');
    s.project(turn, USER, null);
    const row = transcriptSlice(s).rows.at(-1);
    expect(row?.kind).toBe('nothing');
    expect(row?.rolls).toBeUndefined();
  });
});
