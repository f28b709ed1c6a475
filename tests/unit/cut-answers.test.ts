// Answers that stop at their length limit (issue 33): a projection's room grows with what it rewrites
// (B5); a prose answer cut at its limit is asked to go on, and what still is cut is stored saying so,
// in the document and in Story JSON (B6).
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { kindOf, makeEnv } from '../support/driver-env.ts';
import { createScriptedModel, scriptedTokens } from '../support/scripted-model.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { projectBatch } from '../../src/driver/turns/batch-projection.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { MAX_CONTINUATIONS, goOnWhileCut, keptOfCut } from '../../src/driver/turns/cut-answer.ts';
import { DEFAULT_MAX_TOKENS, budgetOf } from '../../src/driver/budget/request-budget.ts';
import { createTokenGauge } from '../../src/driver/budget/token-gauge.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { editPovText, readPov } from '../../src/driver/doc/pov.ts';
import { readTurn } from '../../src/driver/doc/turns.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { inspect, transcriptSlice } from '../../src/workers/host/views.ts';

const CONTINUE = /stopped at its length limit before it was done/;
const asksToGoOn = (messages: Array<{ role: string; content: string }>) =>
  messages.at(-1)?.role === 'user' && CONTINUE.test(messages.at(-1)?.content ?? '');

/** A story where Jane's long turn waits for its views. */
function longTurn(words = 400) {
  const s = makeStory();
  const text = `I walk down the hall with the lantern, ${'step after careful step, '.repeat(words / 4)}and stop.`;
  return { s, turn: s.say(JANE, text), text };
}

describe('a projection’s answer room (B5)', () => {
  it('[B5] a long turn’s view is given room for it, so it is not cut: one request, the whole view stored', async () => {
    const { s, turn, text } = longTurn();
    const view = `You see Jane ${text.slice(2)}`;
    const model = createScriptedModel(() => view, { cutAtMaxTokens: true });
    const env = makeEnv(() => '', { models: { selector: model, projector: model, actor: model } });
    expect(await projectTurn(s, env, turn, USER)).toEqual({ ok: true });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.max_tokens).toBeGreaterThan(DEFAULT_MAX_TOKENS.projector);
    expect(model.calls[0]?.max_tokens).toBeGreaterThanOrEqual(scriptedTokens(view));
    expect(readPov(s.doc, turn, USER)).toMatchObject({ text: view });
    expect(readPov(s.doc, turn, USER)?.cut).toBeUndefined();
  });
});

describe('a batch’s answer room (B5)', () => {
  it('[B5] a batch has room for a whole view of a long turn for each of its audiences', async () => {
    const { s, turn, text } = longTurn();
    const view = `You see Jane ${text.slice(2)}`;
    const model = createScriptedModel(() => JSON.stringify({ User: view, Jess: view }), {
      cutAtMaxTokens: true,
    });
    const env = makeEnv(() => '', { models: { selector: model, projector: model, actor: model } });
    expect(await projectBatch(s, env, turn, [USER, JESS])).toEqual({ ok: true, remaining: [] });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.max_tokens).toBeGreaterThanOrEqual(2 * scriptedTokens(view));
    expect(readPov(s.doc, turn, JESS)).toMatchObject({ text: view });
  });
});

describe('an answer cut at its length limit (B6)', () => {
  it('[B6] a view cut at its limit is asked to go on from its whole words, and stored whole', async () => {
    const { s, turn } = longTurn(8);
    const env = makeEnv((request) =>
      asksToGoOn(request.messages)
        ? 'lantern high, then walks on.'
        : { text: 'You see Jane raise the lante', finishReason: 'length' },
    );
    expect(await projectTurn(s, env, turn, USER)).toEqual({ ok: true });
    expect(readPov(s.doc, turn, USER)).toMatchObject({
      text: 'You see Jane raise the lantern high, then walks on.',
    });
    expect(readPov(s.doc, turn, USER)?.cut).toBeUndefined();
    const [first, second] = env.model.calls;
    // The same request, the answer so far (without its half word) as the assistant's, then the instruction.
    expect(second?.messages.slice(0, -2)).toEqual(first?.messages);
    expect(second?.messages.at(-2)).toEqual({ role: 'assistant', content: 'You see Jane raise the' });
    expect(env.model.calls).toHaveLength(2);
  });

  it('[B6] a view still cut after the continuations is stored marked cut, kept by Story JSON, whole once edited', async () => {
    const { s, turn } = longTurn(8);
    const env = makeEnv((request, n) => ({
      text: `${asksToGoOn(request.messages) ? 'and ' : 'You see '}part ${n}`,
      finishReason: 'length',
    }));
    expect(await projectTurn(s, env, turn, USER)).toEqual({ ok: true });
    expect(env.model.calls).toHaveLength(1 + MAX_CONTINUATIONS);
    expect(readPov(s.doc, turn, USER)).toMatchObject({ text: 'You see part and part and part 3', cut: true });
    const file = exportStory(s.doc);
    expect(file.turns.find((t) => t.id === turn)?.pov[USER]).toMatchObject({ cut: true });
    const back = importStory(JSON.parse(JSON.stringify(file)), '2025-02-01T00:00:00.000Z');
    expect(back.ok && readPov(back.doc, turn, USER)?.cut).toBe(true);
    // The person is told: the row and the inspector say it is cut.
    expect(transcriptSlice(s).rows.find((r) => r.turnId === turn)).toMatchObject({ cut: true });
    expect(inspect(s, turn).variants.find((v) => v.audience === USER)).toMatchObject({ cut: true });
    editPovText(s.doc, turn, USER, { text: 'You see Jane walk on.' }, s.expectedPov(turn, USER));
    expect(readPov(s.doc, turn, USER)?.cut).toBeUndefined();
  });

  it('[B6] an actor’s turn cut at its limit goes on; one still cut is stored marked cut', async () => {
    const s = makeStory();
    const knock = s.say(USER, 'I knock.');
    s.project(knock, JANE, 'You hear a knock.');
    s.project(knock, JESS, 'You hear a knock.');
    const whole = makeEnv((request) => {
      if (kindOf(request) !== 'actor') return 'You see Jane open the door.';
      return asksToGoOn(request.messages)
        ? 'door and look out.'
        : { text: 'I open the do', finishReason: 'length' };
    });
    const opened = await actAs(s, whole, JANE);
    expect(opened.ok && readTurn(s.doc, opened.turnId)).toMatchObject({
      source: 'I open the door and look out.',
    });
    expect(opened.ok && readTurn(s.doc, opened.turnId).cut).toBeUndefined();

    const rambling = makeEnv(() => ({ text: 'I talk and talk', finishReason: 'length' }), {
      newId: () => 'long',
    });
    const long = await actAs(s, rambling, JANE, { parent: knock, audiences: [USER, JANE, JESS] });
    expect(long.ok && readTurn(s.doc, long.turnId)).toMatchObject({ cut: true });
    expect(exportStory(s.doc).turns.find((t) => t.id === 'long')).toMatchObject({ cut: true });
    expect(inspect(s, 'long')).toMatchObject({ cut: true });
  });
});

describe('going on with a cut answer (B6)', () => {
  it('[B6] what is sent back is the answer’s whole words: a spaced script’s trailing part-word is left out', () => {
    expect(keptOfCut('You see Jane raise the lante')).toBe('You see Jane raise the');
    expect(keptOfCut('You see Jane raise the lantern. ')).toBe('You see Jane raise the lantern.');
    expect(keptOfCut('你看见简举起了灯')).toBe('你看见简举起了灯');
    expect(keptOfCut('Lantern')).toBe('Lantern');
  });

  it('[B6] no continuation is asked when the context has no room for one: the answer stays cut', async () => {
    const first = { ok: true as const, text: 'You see Jane raise the lante', finishReason: 'length' };
    const asked: number[] = [];
    const ask = async (_messages: unknown, room: number) => {
      asked.push(room);
      return { ok: true as const, text: 'lantern.', finishReason: 'stop' };
    };
    const messages = [{ role: 'user' as const, content: 'The story so far. '.repeat(80) }];
    const ctx = { messages, language: 'en' as const, prompts: shippedPrompts(), ask };
    const small = budgetOf('projector', { contextTokens: 600 }, 200, createTokenGauge());
    expect(await goOnWhileCut(first, { ...ctx, budget: small })).toEqual({
      ok: true,
      text: first.text,
      cut: true,
    });
    expect(asked).toEqual([]);
    const roomy = budgetOf('projector', { contextTokens: 8192 }, 200, createTokenGauge());
    expect(await goOnWhileCut(first, { ...ctx, budget: roomy })).toEqual({
      ok: true,
      text: 'You see Jane raise the lantern.',
      cut: false,
    });
    expect(asked).toEqual([200]);
  });
});
