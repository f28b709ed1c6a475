// The context budget: windows that move in coarse steps (so consecutive requests share a prefix), a
// gauge that learns a backend's counts, and requests that never exceed context − max_tokens, whether
// the backend counts exactly or the driver estimates.
import { describe, expect, it } from 'vitest';
import { WINDOW_FILL, windowStart } from '../../src/driver/budget/window.ts';
import { createTokenGauge } from '../../src/driver/budget/token-gauge.ts';
import { estimateMessages, estimateTokens } from '../../src/driver/budget/tokens.ts';
import {
  ASSUMED_CONTEXT_TOKENS,
  DEFAULT_MAX_TOKENS,
  requestBudget,
} from '../../src/driver/budget/request-budget.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { send, continueFor } from '../../src/driver/turns/commands.ts';
import type { ChatModel, ChatRequest } from '../../src/driver/model.ts';
import {
  makeEnv,
  kindOf,
  chronicleAnswer,
  smallContextEnv,
  completeBackground,
} from '../support/driver-env.ts';
import { makeStory, USER } from '../support/story-fixture.ts';
import { mulberry32 } from '../support/prng.ts';

describe('[B3] windows', () => {
  it('grow turn by turn, then step: the start moves only when the next turn would overflow', () => {
    const rng = mulberry32(7);
    const costs: number[] = [];
    let start = 0;
    let steps = 0;
    for (let n = 0; n < 400; n++) {
      costs.push(5 + rng.int(60));
      const next = windowStart(costs, 500);
      const total = costs.slice(next).reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(500);
      expect(next).toBeGreaterThanOrEqual(start);
      if (next !== start) {
        steps++;
        // A step leaves the window at most the fill, so it can grow for a while again.
        expect(total).toBeLessThanOrEqual(500 * WINDOW_FILL + (costs.at(-1) as number));
      }
      start = next;
    }
    // Coarse: far fewer steps than turns.
    expect(steps).toBeGreaterThan(5);
    expect(steps).toBeLessThan(80);
  });

  it('keeps the newest entry even when it alone is over the budget', () => {
    expect(windowStart([10, 10, 900], 100)).toBe(2);
    expect(windowStart([], 100)).toBe(0);
  });
});

describe('the gauge and the estimate', () => {
  it('errs high on prose, counts CJK per character, and adds the chat template', () => {
    expect(estimateTokens('a'.repeat(35))).toBe(10);
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('𠀀')).toBe(1);
    expect(estimateMessages([{ role: 'user', content: 'a'.repeat(35) }])).toBeGreaterThan(10);
  });

  it('learns the highest of the last ratios, ignoring counts of something else', () => {
    const gauge = createTokenGauge();
    expect(gauge.factor).toBe(1);
    gauge.learn(100, 80);
    expect(gauge.factor).toBeCloseTo(0.8);
    gauge.learn(100, 120);
    expect(gauge.factor).toBeCloseTo(1.2);
    gauge.learn(100, 10_000);
    gauge.learn(100, 1);
    expect(gauge.factor).toBeCloseTo(1.2);
    for (let i = 0; i < 8; i++) gauge.learn(100, 90);
    expect(gauge.factor).toBeCloseTo(0.9);
  });

  it('states max_tokens per operation, never more than half the context, and assumes a context when none is known', async () => {
    const env = makeEnv(() => '');
    const unknown = await requestBudget(env, 'actor', env.model);
    expect(unknown).toMatchObject({ context: ASSUMED_CONTEXT_TOKENS, source: 'assumed' });
    expect(unknown.maxTokens).toBe(DEFAULT_MAX_TOKENS.actor);
    const small: ChatModel = { ...env.model, limits: async () => ({ contextTokens: 600, source: 'server' }) };
    const capped = await requestBudget({ ...env, maxTokens: { actor: 5000 } }, 'actor', small);
    expect(capped).toMatchObject({ context: 600, source: 'server', maxTokens: 300 });
    expect(capped.promptTokens).toBeLessThan(300);
  });
});

const prose = (request: ChatRequest, n: number): string => {
  switch (kindOf(request)) {
    case 'selector': {
      const names = (request.response_format?.json_schema.schema.properties as { next: { enum: string[] } })
        .next.enum;
      return JSON.stringify({ next: names[n % names.length] });
    }
    case 'project':
      return `You hear a long, careful sentence about the rain on the roof and the fire (${n}).`;
    case 'batch':
      throw new Error('not batched here');
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `I turn to the window, listen to the rain for a while, and say what I think (${n}).`;
  }
};

describe('[B1] no request exceeds context − max_tokens', () => {
  it('in a long story with a small context and an exact counter, every request fits and states max_tokens', async () => {
    // Small for the rules every request begins with (about 1,300 counted tokens of it before any turn).
    const context = 2048;
    const { env, model, exact } = smallContextEnv(context, prose);
    const s = makeStory();
    addParticipant(s.doc, { id: 'tobin', kind: 'character', name: 'Tobin', present: true, card: {} });
    // The background runs after each step, as while a person reads: its views and chronicles are requests too.
    const step = async (done: Promise<{ ok: true } | { ok: false; detail: string }>) => {
      const r = await done;
      if (!r.ok) throw new Error(r.detail);
      const after = await completeBackground(s, env);
      if (!after.ok) throw new Error(after.detail);
    };
    for (let i = 0; i < 25; i++) {
      await step(send(s, env, { author: USER, text: `I say something new, turn ${i}, at some length.` }));
      await step(continueFor(s, env, { choice: { auto: true }, turns: 1 }));
    }
    expect(model.calls.length).toBeGreaterThan(150);
    for (const call of model.calls) {
      expect(call.max_tokens, `request ${call.n}`).toBeGreaterThan(0);
      const prompt = exact(call.messages.map((m) => m.content).join('\n'));
      expect(
        prompt + (call.max_tokens ?? 0),
        `request ${call.n} (${kindOf(call)}${call.messages.at(-1)?.content.includes('could not be used') ? ', a retry' : ''})`,
      ).toBeLessThanOrEqual(context);
    }
    // The windows really moved: late actor requests hold only the end of the story.
    const lastActor = model.calls.filter((c) => kindOf(c) === 'actor').at(-1);
    expect(lastActor?.messages[0]?.content).toContain('Earlier turns of the story are not shown here.');
    expect(lastActor?.messages[0]?.content).not.toContain('turn 0,');
  });
});

describe('[B4] when even the newest turn is over the room', () => {
  it("the answer's room gives way first; below a sentence of answer nothing is asked and nothing stored", async () => {
    const s = makeStory();
    const long = 'I tell the whole long story of the road from the hills to the sea once more. '.repeat(5);
    const roomy = smallContextEnv(1400, prose);
    const r = await send(s, roomy.env, { author: USER, text: long, next: null });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    // The others' views of the user's turn are the background's.
    expect(await completeBackground(s, roomy.env)).toEqual({ ok: true });
    const projections = roomy.model.calls.filter((c) => kindOf(c) === 'project');
    expect(projections.length).toBeGreaterThan(0);
    for (const call of projections) {
      expect(call.max_tokens).toBeLessThan(DEFAULT_MAX_TOKENS.projector);
      expect(call.max_tokens).toBeGreaterThanOrEqual(48);
      const prompt = roomy.exact(call.messages.map((m) => m.content).join('\n'));
      expect(prompt + (call.max_tokens ?? 0)).toBeLessThanOrEqual(1400);
    }

    const before = s.views.path().length;
    let n = 0;
    const tiny = smallContextEnv(1200, prose, { newId: () => `tiny${++n}` });
    // Nobody's view is on the person's wait for their own turn: the background is refused instead.
    expect(await send(s, tiny.env, { author: USER, text: long, next: null })).toMatchObject({ ok: true });
    const refused = await completeBackground(s, tiny.env);
    expect(refused).toMatchObject({ ok: false, code: 'context-too-small' });
    expect(refused.ok ? '' : refused.detail).toMatch(/too small/);
    expect(tiny.model.calls).toHaveLength(0);
    // The person's turn is kept (it is theirs); no view of it was made.
    expect(s.views.path().length).toBe(before + 1);
    const last = s.views.path().at(-1);
    expect([...(last?.pov.values() ?? [])].every((v) => v.state === 'missing')).toBe(true);
  });
});
