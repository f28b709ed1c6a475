// The turn loop with a scripted model: order of requests (the person's view at once, the others' when
// the background runs), what each request may carry, minimum request counts, bases written as
// requested, and nothing stored on failure or cancel.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { modelFailure } from '../support/scripted-model.ts';
import { authorTurn, projectNewTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { readTurn, activeLeaf } from '../../src/driver/doc/turns.ts';
import { addParticipant, updateParticipant, setPresent } from '../../src/driver/doc/participants.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

/** Answers every request kind plausibly; projections quote who they are for. */
function plausible(request: ChatRequest, n: number): string {
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: 'Jane' });
    case 'project':
      return `You hear footsteps nearby. (answer ${n})`;
    case 'batch': {
      const names = request.response_format?.json_schema.schema.required as string[];
      return JSON.stringify(
        Object.fromEntries(names.map((x) => [x, `You hear footsteps nearby. (answer ${n})`])),
      );
    }
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `I step forward and wave. (answer ${n})`;
  }
}

describe('turn loop', () => {
  it('[L1] a user turn asks nothing at once; the background projects it to every other present audience, and to no one absent', async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(plausible);
    const r = await authorTurn(s, env, USER, 'I knock on the door.');
    expect(r.ok).toBe(true);
    const leaf = activeLeaf(s.doc) as string;
    // The user wrote it: their transcript shows the source, so nobody's view is on their wait.
    expect(env.model.calls).toHaveLength(0);
    expect(readTurn(s.doc, leaf).pov).toEqual({});
    expect((await completeBackground(s, env)).ok).toBe(true);
    const turn = readTurn(s.doc, leaf);
    expect(turn.audiences.sort()).toEqual([JANE, USER]);
    expect(Object.keys(turn.pov)).toEqual([JANE]);
    expect(env.model.calls.map((c) => subjectOf(c))).toEqual(['Jane']);
  });

  it('[L1] a sent turn is written before the prompt window is loaded, and projected after, by the background', async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(plausible);
    const order: string[] = [];
    const r = await authorTurn(
      s,
      {
        ...env,
        window: async () => {
          order.push(`window, leaf ${readTurn(s.doc, activeLeaf(s.doc) as string).source}`);
          order.push(`requests before: ${env.model.calls.length}`);
        },
      },
      USER,
      'I knock on the door.',
    );
    expect(r.ok).toBe(true);
    expect(order).toEqual(['window, leaf I knock on the door.', 'requests before: 0']);
    expect(env.model.calls).toHaveLength(0);
    await completeBackground(s, env);
    expect(env.model.calls.map((c) => subjectOf(c))).toEqual(['Jane']);
  });

  it.each([
    ['first', false],
    ['last', true],
  ])(
    "[L1][L8][P1] a character's turn: only it generates; the user's view at once (user listed %s), the others only when the background runs, and they exist after it",
    async (_, userLast) => {
      const s = makeStory({ userLast });
      const env = makeEnv(plausible);
      const r = await takeTurn(s, env, { actor: JANE });
      expect(r.ok).toBe(true);
      const kinds = () => env.model.calls.map((c) => `${kindOf(c)}:${subjectOf(c)}`);
      expect(kinds()).toEqual(['actor:Jane', 'project:User']);
      const leaf = activeLeaf(s.doc) as string;
      expect(readTurn(s.doc, leaf)).toMatchObject({ origin: 'generated', author: JANE });
      expect(Object.keys(readTurn(s.doc, leaf).pov)).toEqual([USER]);
      expect((await completeBackground(s, env)).ok).toBe(true);
      expect(kinds()).toEqual(['actor:Jane', 'project:User', 'project:Jess']);
      expect(Object.keys(readTurn(s.doc, leaf).pov).sort()).toEqual([JESS, USER]);
    },
  );

  it("[L1][O4] batched, a character's turn still gives the user's view at once and alone; the background batches the others'", async () => {
    const s = makeStory();
    const { updateSettings } = await import('../../src/driver/doc/story-doc.ts');
    updateSettings(s.doc, { batchReprojection: true });
    addParticipant(s.doc, { id: 'c1', kind: 'character', name: 'Extra', present: true, card: {} });
    const env = makeEnv(plausible);
    const r = await takeTurn(s, env, { actor: JANE });
    expect(r.ok).toBe(true);
    expect(env.model.calls.map((c) => `${kindOf(c)}:${subjectOf(c)}`)).toEqual([
      'actor:Jane',
      'project:User',
    ]);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['actor', 'project', 'batch']);
    const schema = env.model.calls[2]?.response_format?.json_schema.schema as { required: string[] };
    expect(schema.required.sort()).toEqual(['Extra', 'Jess']);
    expect(Object.keys(readTurn(s.doc, activeLeaf(s.doc) as string).pov).sort()).toEqual(['c1', JESS, USER]);
  });

  it.each([
    [2, 2],
    [undefined, 4],
  ])(
    'projecting a turn to every audience (as a rewrite does) stays within the concurrency limit (%s → at most %s at once)',
    async (limit, most) => {
      const s = makeStory();
      for (const n of [1, 2, 3, 4, 5])
        addParticipant(s.doc, {
          id: `c${n}`,
          kind: 'character',
          name: `Extra ${n}`,
          present: true,
          card: {},
        });
      let inFlight = 0;
      let peak = 0;
      const env = makeEnv(
        async (req, n) => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          // Settle a few turns of the event loop later, so the others have every chance to start.
          for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
          inFlight--;
          return plausible(req, n);
        },
        limit === undefined ? {} : { concurrency: limit },
      );
      const t1 = s.say(USER, 'I ring the bell.');
      const r = await projectNewTurn(s, env, t1);
      expect(r.ok).toBe(true);
      expect(env.model.calls).toHaveLength(7);
      expect(peak).toBe(most);
    },
  );

  it('[O1][L6] auto selection asks once with an enum of present characters, never the user', async () => {
    const s = makeStory();
    const env = makeEnv(plausible);
    await authorTurn(s, env, USER, 'Hello?');
    const r = await takeTurn(s, env, { auto: true });
    expect(r.ok && r.actor).toBe(JANE);
    const selector = env.model.calls.filter((c) => kindOf(c) === 'selector');
    expect(selector).toHaveLength(1);
    const schema = selector[0]?.response_format?.json_schema.schema as {
      properties: { next: { enum: string[] } };
    };
    expect(schema.properties.next.enum.sort()).toEqual(['Jane', 'Jess']);
    // At once: selector; the user's turn to Jane (before she acts); actor; Jane's turn to the user.
    expect(env.model.calls).toHaveLength(4);
    // Deferred, not skipped: the background adds the user's and Jane's turns to Jess.
    await completeBackground(s, env);
    expect(env.model.calls).toHaveLength(6);
  });

  it('[O1] the selector sees sources but no card, persona or projection', async () => {
    const s = makeStory();
    updateParticipant(s.doc, JANE, { card: { description: 'CARD-SECRET' } });
    updateParticipant(s.doc, USER, { persona: 'PERSONA-SECRET' });
    const env = makeEnv((req, n) => (kindOf(req) === 'project' ? `You hear PROJ-${n}.` : plausible(req, n)));
    await authorTurn(s, env, USER, 'I whisper SOURCE-SECRET.');
    await takeTurn(s, env, { auto: true });
    const text = JSON.stringify(env.model.calls.find((c) => kindOf(c) === 'selector')?.messages);
    expect(text).toContain('SOURCE-SECRET');
    expect(text).not.toMatch(/CARD-SECRET|PERSONA-SECRET|PROJ-/);
  });

  it('[O2] a projection request has the target history before the turn, the speaker, the one source, nothing private', async () => {
    const s = makeStory();
    updateParticipant(s.doc, JESS, { card: { description: 'JESS-CARD' } });
    const t1 = s.say(USER, 'I knock. (secret U1)');
    s.project(t1, JANE, 'JANE-VIEW-1');
    s.project(t1, JESS, 'JESS-VIEW-1');
    const env = makeEnv(plausible);
    await takeTurn(s, env, { actor: JANE });
    await completeBackground(s, env);
    const toJess = env.model.calls.find((c) => kindOf(c) === 'project' && subjectOf(c) === 'Jess');
    const text = JSON.stringify(toJess?.messages);
    expect(text).toContain('JESS-VIEW-1');
    expect(text).toContain('I step forward and wave.');
    expect(text).not.toMatch(/JANE-VIEW-1|secret U1|JESS-CARD|A guard\./);
    // The new source comes last, in the final message.
    expect(toJess?.messages.at(-1)?.content).toContain('I step forward and wave.');
  });

  it('[O3][P5] the actor gets its own history with <empty>, its card and the persona; never a source it did not see', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I hide the key. (USER-THOUGHT)');
    s.project(t1, JANE, null);
    s.project(t1, JESS, 'You hear a scrape.');
    const t2 = s.say(JESS, 'I hum a tune. (JESS-THOUGHT)');
    s.project(t2, JANE, 'You hear humming.');
    s.project(t2, USER, 'Jess hums.');
    const env = makeEnv(plausible);
    await takeTurn(s, env, { actor: JANE });
    const act = env.model.calls.find((c) => kindOf(c) === 'actor');
    const text = act?.messages.map((m) => m.content).join('\n') ?? '';
    expect(text).toContain('User: <empty>');
    expect(text).toContain('Jess: You hear humming.');
    expect(text).toContain('A guard.');
    expect(text).toContain('A traveller.');
    expect(text).not.toMatch(/USER-THOUGHT|JESS-THOUGHT|You hear a scrape|Jess hums/);
  });

  it('[L2] an actor with a missing projection gets it completed first, in order', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.project(t1, JESS, 'You see a wave.');
    const env = makeEnv(plausible);
    const r = await takeTurn(s, env, { actor: JANE });
    expect(r.ok).toBe(true);
    expect(env.model.calls.map((c) => `${kindOf(c)}:${subjectOf(c)}`).slice(0, 2)).toEqual([
      'project:Jane',
      'actor:Jane',
    ]);
    expect(readTurn(s.doc, t1).pov[JANE]?.perceived).toBe(true);
  });

  it('[L3][D6] after a source edit, acting on the stale history is refused: nothing is requested or written', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    const { editSource } = await import('../../src/driver/doc/turns.ts');
    editSource(s.doc, t1, { text: 'I wave twice.' });
    expect(
      s.views
        .staleItems()
        .map((i) => i.audience)
        .sort(),
    ).toEqual([JANE, JESS]);
    const before = JSON.stringify(exportStory(s.doc));
    const env = makeEnv(plausible);
    const refused = await takeTurn(s, env, { actor: JANE });
    expect(!refused.ok && refused.code).toBe('stale-history');
    expect(!refused.ok && refused.stale?.turns).toEqual([t1]);
    expect(env.model.calls).toHaveLength(0);
    expect(JSON.stringify(exportStory(s.doc))).toBe(before);
  });

  it('[L4] a result is written with the basis it was requested with: a moved history shows it stale', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    let editDuringCall = true;
    const env = makeEnv(async (req, n) => {
      if (kindOf(req) === 'actor' && editDuringCall) {
        editDuringCall = false;
        s.project(t1, JANE, 'You see a different wave.', 'edited');
      }
      return plausible(req, n);
    });
    const r = await takeTurn(s, env, { actor: JANE });
    expect(r.ok).toBe(true);
    const acted = r.ok ? r.turnId : '';
    expect(s.views.staleItems()).toContainEqual({ turnId: acted });
  });

  it('[L5] a failed or cancelled call stores nothing', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    const before = JSON.stringify(exportStory(s.doc));
    const failing = makeEnv(() => modelFailure('unreachable'));
    const r = await takeTurn(s, failing, { actor: JANE });
    expect(!r.ok && r.code).toBe('unreachable');
    expect(JSON.stringify(exportStory(s.doc))).toBe(before);
    const controller = new AbortController();
    const cancelled = makeEnv(() => new Promise<string>(() => queueMicrotask(() => controller.abort())), {
      signal: controller.signal,
    });
    const c = await takeTurn(s, cancelled, { actor: JANE });
    expect(!c.ok && c.code).toBe('cancelled');
    expect(JSON.stringify(exportStory(s.doc))).toBe(before);
  });

  it('[V7] a refused answer is retried with the reason; after the retries nothing is stored', async () => {
    const s = makeStory();
    const env = makeEnv(
      (req, n) => (kindOf(req) === 'project' ? 'You stumble backward in surprise.' : plausible(req, n)),
      { retries: 2 },
    );
    const r = await authorTurn(s, env, USER, 'I shout.');
    expect(r.ok).toBe(true);
    const bg = await completeBackground(s, env);
    expect(!bg.ok && bg.code).toBe('invalid');
    const toJane = env.model.calls.filter((c) => subjectOf(c) === 'Jane');
    expect(toJane).toHaveLength(3);
    // The retry is the same request with the reason added; the refused text is not sent back.
    expect(toJane[1]?.messages.slice(0, -1)).toEqual(toJane[0]?.messages.slice(0, -1));
    expect(toJane[1]?.messages.at(-1)?.content).toMatch(/could not be used: .*reaction/s);
    expect(toJane[1]?.messages.some((m) => m.role === 'assistant')).toBe(false);
    expect(readTurn(s.doc, activeLeaf(s.doc) as string).pov[JANE]).toBeUndefined();
  });

  it('[V7] streamed tokens say their attempt and turn, so a retry voids what a refused answer streamed', async () => {
    const s = makeStory();
    const seen: string[] = [];
    let first = true;
    const env = makeEnv(
      (req, n) => {
        if (kindOf(req) === 'project' && subjectOf(req) === 'Jane' && first) {
          first = false;
          return 'You stumble backward.';
        }
        return plausible(req, n);
      },
      { onToken: (src, delta) => seen.push(`${src.audience}:${src.turnId}:${src.attempt}:${delta}`) },
    );
    const r = await authorTurn(s, env, USER, 'I shout.');
    expect(r.ok).toBe(true);
    expect((await completeBackground(s, env)).ok).toBe(true);
    const jane = seen.filter((x) => x.startsWith(`${JANE}:`));
    expect(new Set(jane.map((x) => x.split(':')[2]))).toEqual(new Set(['0', '1']));
    expect(jane.every((x) => x.split(':')[1] === (r.ok ? r.turnId : ''))).toBe(true);
  });

  it('[O4][L6] batched mode: one request, each name required once, <empty> stored as perceived nothing', async () => {
    const s = makeStory();
    const { updateSettings } = await import('../../src/driver/doc/story-doc.ts');
    updateSettings(s.doc, { batchReprojection: true });
    const env = makeEnv((req, n) =>
      kindOf(req) === 'batch'
        ? JSON.stringify({ Jane: 'You hear a knock.', Jess: '<empty>' })
        : plausible(req, n),
    );
    // A user's turn: nobody's view is asked at once, so the background has all of them to batch.
    const r = await authorTurn(s, env, USER, 'I knock.');
    expect(r.ok).toBe(true);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['batch']);
    const schema = env.model.calls[0]?.response_format?.json_schema.schema as {
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.required.sort()).toEqual(['Jane', 'Jess']);
    expect(schema.additionalProperties).toBe(false);
    const turn = readTurn(s.doc, activeLeaf(s.doc) as string);
    expect(turn.pov[JESS]).toMatchObject({ perceived: false, text: '' });
    expect(turn.pov[JANE]).toMatchObject({ perceived: true, text: 'You hear a knock.' });
  });

  it('[O4] a batch answer with an unknown or missing name is retried, then the rest falls back to isolated calls', async () => {
    const s = makeStory();
    const { updateSettings } = await import('../../src/driver/doc/story-doc.ts');
    updateSettings(s.doc, { batchReprojection: true });
    const env = makeEnv((req, n) =>
      kindOf(req) === 'batch'
        ? JSON.stringify({ Jane: 'You hear a knock.', Jessica: 'x' })
        : plausible(req, n),
    );
    await authorTurn(s, env, USER, 'I knock.');
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['batch', 'batch', 'batch', 'project']);
    expect(env.model.calls.map((c) => subjectOf(c))[3]).toBe('Jess');
    expect(readTurn(s.doc, activeLeaf(s.doc) as string).pov[JANE]?.text).toBe('You hear a knock.');
  });

  it('[O4][V7] a batch answer naming one audience twice is retried with the reason; nothing of it is stored', async () => {
    const s = makeStory();
    const { updateSettings } = await import('../../src/driver/doc/story-doc.ts');
    updateSettings(s.doc, { batchReprojection: true });
    let batches = 0;
    const env = makeEnv((req, n) => {
      if (kindOf(req) !== 'batch') return plausible(req, n);
      // JSON.parse alone would keep the second Jess and accept this.
      return ++batches === 1
        ? '{"Jane": "You hear a knock. (refused answer)", "Jess": "You hear a knock.", "Jess": "<empty>"}'
        : JSON.stringify({ Jane: 'You hear a knock.', Jess: 'You hear footsteps.' });
    });
    await authorTurn(s, env, USER, 'I knock.');
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['batch', 'batch']);
    const [first, retry] = env.model.calls;
    expect(retry?.messages.slice(0, -1)).toEqual(first?.messages.slice(0, -1));
    expect(retry?.messages.at(-1)?.content).toMatch(
      /could not be used: names given more than once Jess \(one key per name\)/,
    );
    const turn = readTurn(s.doc, activeLeaf(s.doc) as string);
    expect(turn.pov[JANE]).toMatchObject({ perceived: true, text: 'You hear a knock.' });
    expect(turn.pov[JESS]).toMatchObject({ perceived: true, text: 'You hear footsteps.' });
    expect(JSON.stringify(exportStory(s.doc))).not.toContain('refused answer');
  });

  it('[P3] an absent character cannot act; one who joins sees only what happens after', async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(plausible);
    const absent = await takeTurn(s, env, { actor: JESS });
    expect(!absent.ok && absent.code).toBe('not-present');
    await authorTurn(s, env, USER, 'EARLY-TURN');
    setPresent(s.doc, JESS, true);
    await authorTurn(s, env, USER, 'LATE-TURN');
    await takeTurn(s, env, { actor: JESS });
    const act = JSON.stringify(env.model.calls.find((c) => kindOf(c) === 'actor')?.messages);
    expect(act).not.toContain('EARLY-TURN');
  });
});
