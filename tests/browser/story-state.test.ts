// The story screen's state over a scripted driver: Send is one command (who acts after it is the
// driver's rule), a command refused for stale history waits for the person's choice, a cancellation
// is a notice (not an error), failures show their detail, and only the user's own projection is
// offered as streaming text.
import { describe, expect, it } from 'vitest';
import { setUiLanguage } from '../../src/app/i18n/ui-text.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID, overview, row, USER_ID } from './fake-driver.ts';
import { storyStateOver } from './driver-mount.ts';

type Fake = ReturnType<typeof createFakeDriver>;

async function open(configure: (fake: Fake) => void = () => {}) {
  const fake = createFakeDriver();
  configure(fake);
  const { state, dispose } = storyStateOver(fake);
  await expect.poll(() => state.overview()).toBeDefined();
  return { fake, state, dispose };
}

const commands = (fake: Fake) =>
  fake.calls.map(([name]) => name).filter((n) => ['send', 'act', 'resolveStale'].includes(n));
const argsOf = (fake: Fake, name: string) => fake.calls.filter(([n]) => n === name).map(([, args]) => args);

const STALE = { turns: ['t2', 't3'], from: 1, byHand: 0 };
const refusedStale = {
  ok: false as const,
  code: 'stale-history' as const,
  detail: '2 turns were written from an earlier version of the story.',
  stale: STALE,
};

describe('story state', () => {
  it('Send is one command that says who should act next; the driver decides whether anyone does', async () => {
    const { fake, state, dispose } = await open();
    expect(await state.send('Hello?', { actor: JANE_ID })).toBe(true);
    expect(commands(fake)).toEqual(['send']);
    expect(argsOf(fake, 'send')).toEqual([['s1', { text: 'Hello?', next: { actor: JANE_ID } }]]);
    dispose();
  });

  it('a command refused for stale history waits for the choice, then runs with it; the draft stays until then', async () => {
    let calls = 0;
    const { fake, state, dispose } = await open((f) => {
      f.stale = STALE;
      f.handlers.send = async () => (++calls === 1 ? refusedStale : { ok: true, turnId: 't4' });
    });
    await expect.poll(() => state.stale()).toEqual(STALE);
    const sent = state.send('Hello?', { auto: true });
    await expect.poll(() => state.question()?.command).toBe('send');
    // A question, not an error.
    expect(state.error()).toBe('');
    await state.question()?.choose('rewrite');
    expect(await sent).toBe(true);
    expect(argsOf(fake, 'send')).toEqual([
      ['s1', { text: 'Hello?', next: { auto: true } }],
      ['s1', { text: 'Hello?', next: { auto: true }, stale: 'rewrite' }],
    ]);
    expect(state.question()).toBeNull();
    dispose();
  });

  it('[H1] Suggest my turn and Hint refused for stale history wait for the choice, then run with it', async () => {
    const answers = new Map<string, number>();
    const refusedFirst = (name: string) => async () => {
      const n = (answers.get(name) ?? 0) + 1;
      answers.set(name, n);
      return n === 1 ? refusedStale : { ok: true as const, text: `${name} ${n}` };
    };
    const { fake, state, dispose } = await open((f) => {
      f.stale = STALE;
      f.handlers.plotHint = refusedFirst('hint');
      f.handlers.suggestTurn = refusedFirst('suggestion');
    });
    const copy = { rewrite: { copy: ['t3'] } };
    const hint = state.plotHint();
    await expect.poll(() => state.question()?.command).toBe('hint');
    expect(state.error()).toBe('');
    await state.question()?.choose(copy);
    expect(await hint).toBe('hint 2');
    expect(argsOf(fake, 'plotHint')).toEqual([
      ['s1', {}],
      ['s1', { stale: copy }],
    ]);
    const suggested = state.suggestTurn(() => {});
    await expect.poll(() => state.question()?.command).toBe('suggest');
    await state.question()?.choose('keep');
    expect(await suggested).toBe('suggestion 2');
    expect(argsOf(fake, 'suggestTurn').map((args) => args[2])).toEqual([{}, { stale: 'keep' }]);
    dispose();
  });

  it('a dismissed question runs nothing and keeps the draft; the banner alone settles the history', async () => {
    const { fake, state, dispose } = await open((f) => {
      f.stale = STALE;
      f.handlers.act = async () => refusedStale;
    });
    const acting = state.act({ auto: true });
    await expect.poll(() => state.question()?.command).toBe('act');
    state.question()?.dismiss();
    await acting;
    expect(commands(fake)).toEqual(['act']);
    expect(await state.send('Later', { auto: true }).then(() => state.question())).toBeNull();
    fake.handlers.send = async () => refusedStale;
    const kept = state.send('Kept?', { auto: true });
    await expect.poll(() => state.question()?.command).toBe('send');
    state.question()?.dismiss();
    expect(await kept).toBe(false);
    await state.resolveStale('keep');
    expect(argsOf(fake, 'resolveStale')).toEqual([['s1', 'keep']]);
    dispose();
  });

  it('a cancellation is a notice, a failure an error with its detail', async () => {
    let answer: Awaited<ReturnType<DriverApi['act']>> = { ok: false, code: 'cancelled', detail: 'x' };
    const { state, dispose } = await open((f) => {
      f.handlers.act = async () => answer;
    });
    await state.act({ auto: true });
    expect(state.notice()).toBe('Cancelled. Nothing was stored.');
    expect(state.error()).toBe('');
    answer = { ok: false, code: 'unreachable', detail: 'Nothing answers at http://localhost:11434/v1.' };
    await state.act({ actor: JANE_ID });
    expect(state.error()).toBe('Nothing answers at http://localhost:11434/v1.');
    expect(state.notice()).toBe('');
    dispose();
  });

  it('says the outcome in the interface language of that moment', async () => {
    const { state, dispose } = await open((f) => {
      f.handlers.act = async () => ({ ok: false, code: 'cancelled', detail: 'x' });
    });
    await setUiLanguage('zh');
    try {
      await state.act({ auto: true });
      expect(state.notice()).toBe('已取消，未保存任何内容。');
    } finally {
      setUiLanguage('en');
      dispose();
    }
  });

  it('keeps the draft when the turn was not stored, clears it when it was', async () => {
    const { fake, state, dispose } = await open((f) => {
      f.handlers.send = async () => ({ ok: false, code: 'busy', detail: 'busy' });
    });
    expect(await state.send('Hello?', { auto: true })).toBe(false);
    // Stored, but its projection failed: the draft must not be sent twice.
    fake.handlers.send = async () => {
      fake.rows = [row('t1', { text: 'Again?' })];
      return { ok: false, code: 'server', detail: 'projection failed' };
    };
    expect(await state.send('Again?', { auto: true })).toBe(true);
    expect(state.rows.map((r) => r.turnId)).toEqual(['t1']);
    dispose();
  });

  it("[isolation] offers only the user's own projection as streaming text", async () => {
    const { fake, state, dispose } = await open();
    fake.push({
      kind: 'phase',
      storyId: 's1',
      phase: { kind: 'projecting', turnId: 't2', audiences: [JANE_ID] },
    });
    fake.push({
      kind: 'tokens',
      attempt: 0,
      storyId: 's1',
      op: 'projector',
      audience: JANE_ID,
      text: 'You hear',
    });
    expect(state.streaming()).toBeNull();
    fake.push({
      kind: 'tokens',
      attempt: 0,
      storyId: 's1',
      op: 'projector',
      audience: USER_ID,
      text: 'A lantern',
    });
    expect(state.streaming()).toEqual({ turnId: 't2', text: 'A lantern' });
    expect(state.generating()).toBe(true);
    dispose();
  });

  it('a turn written as a character is sent as that character, with no one named to act next', async () => {
    const { fake, state, dispose } = await open();
    expect(await state.send('*I bow.*', { auto: true }, JANE_ID)).toBe(true);
    expect(argsOf(fake, 'send')).toEqual([['s1', { text: '*I bow.*', as: JANE_ID }]]);
    dispose();
  });

  it('"Let them continue" asks for several automatic turns at once', async () => {
    const { fake, state, dispose } = await open();
    await state.continueFor(4);
    expect(fake.calls.find(([n]) => n === 'act')?.[1]).toEqual(['s1', { auto: true }, { turns: 4 }]);
    dispose();
  });

  it('reads only the end of a long story, and the part the virtual list asks for', async () => {
    const { fake, state, dispose } = await open((f) => {
      f.handlers.openStory = async () => ({ ok: true, story: overview({ length: 500 }) });
      f.handlers.transcript = async (_id, range) => ({
        ok: true,
        rows: [row(`t${range?.start ?? 0}`, { index: range?.start ?? 0 })],
        length: 500,
        stale: null,
        notHere: 0,
        missing: 0,
      });
    });
    const ranges = () => fake.calls.filter(([n]) => n === 'transcript').map(([, args]) => args[1]);
    await expect.poll(() => state.length()).toBe(500);
    expect(ranges()).toEqual([{ start: 460 }]);
    expect(state.loaded()).toEqual({ start: 460, end: 500 });
    state.showRange({ start: 100, end: 140 });
    await expect.poll(() => state.loaded()).toEqual({ start: 100, end: 140 });
    expect(ranges().at(-1)).toEqual({ start: 100, end: 140 });
    expect(state.rows.map((r) => r.turnId)).toEqual(['t100']);
    dispose();
  });

  it('re-reads the transcript when the worker says the story changed', async () => {
    const { fake, state, dispose } = await open();
    fake.rows = [row('t1', { text: 'Hello?' })];
    fake.push({ kind: 'story-changed', storyId: 's1', turnIds: ['t1'], participants: false, meta: false });
    await expect.poll(() => state.rows.length).toBe(1);
    dispose();
  });
});
