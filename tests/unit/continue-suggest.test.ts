// Continue (a character's last turn taken further) and Suggest my turn (a draft of the user's), with a
// scripted model: what each request holds and lacks, what is stored, and that a cancel stores nothing.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, completeBackground } from '../support/driver-env.ts';
import { continueTurn } from '../../src/driver/turns/continue-turn.ts';
import { joinContinuation } from '../../src/driver/turns/join-continuation.ts';
import { suggestTurn } from '../../src/driver/turns/suggest-turn.ts';
import { activeLeaf, editSource, readTurn } from '../../src/driver/doc/turns.ts';
import { StaleChoice } from '../../src/driver/turns/stale-history.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { TokenSource } from '../../src/driver/env.ts';

const CARD_CANARY = 'CANARY-JANE-CARD';
const SOURCE_CANARY = 'CANARY-JANE-THOUGHT';
const JESS_CANARY = 'CANARY-JESS-SOURCE';

/** A story where Jane (card and private thought hold canaries) spoke last, after the user and Jess. */
function scene() {
  const s = makeStory();
  updateParticipant(s.doc, JANE, { card: { description: CARD_CANARY } });
  const knock = s.say(USER, 'I knock on the gate.');
  s.projectAll(knock);
  const jess = s.say(JESS, `I hide behind the cart. ${JESS_CANARY}`, { origin: 'generated' });
  s.project(jess, USER, 'Someone rustles near the cart.');
  s.project(jess, JANE, 'A cart creaks.');
  const jane = s.say(JANE, `I open the gate a crack. (${SOURCE_CANARY})`, { origin: 'generated' });
  s.project(jane, USER, 'The gate opens a crack.');
  s.project(jane, JESS, 'The gate opens a crack.');
  return { s, jane, jess };
}

const text = (r: { messages: ChatRequest['messages'] }) => r.messages.map((m) => m.content).join('\n');

describe('continue a turn', () => {
  it("[CT1] asks the turn's own actor with its text so far and the instruction, nobody else's private text", async () => {
    const { s, jane } = scene();
    const env = makeEnv((r) =>
      kindOf(r) === 'actor' ? '"Who goes there?" I ask.' : 'A voice asks who goes there.',
    );
    const r = await continueTurn(s, env, jane);
    expect(r.ok).toBe(true);
    const [actor] = env.model.calls;
    expect(actor && subjectOf(actor)).toBe('Jane');
    const asked = text(actor!);
    expect(asked).toContain(`I open the gate a crack. (${SOURCE_CANARY})`);
    expect(asked).toContain(CARD_CANARY);
    expect(actor!.messages.at(-1)?.content).toMatch(/stopped before it was done/);
    expect(asked).not.toContain(JESS_CANARY);
    expect(asked).toContain('A cart creaks.');
    expect(asked).not.toContain('Someone rustles near the cart.');
  });

  it("[CT2][L1] stores the extended text as a new alternative, projected for every audience (the user's view at once, the others' by the background); the old turn stays", async () => {
    const { s, jane } = scene();
    const env = makeEnv((r) =>
      kindOf(r) === 'actor' ? '"Who goes there?" I ask.' : 'A voice asks who goes there.',
    );
    const r = await continueTurn(s, env, jane);
    if (!r.ok) throw new Error(r.detail);
    expect(r.turnId).not.toBe(jane);
    expect(activeLeaf(s.doc)).toBe(r.turnId);
    const made = readTurn(s.doc, r.turnId);
    const old = readTurn(s.doc, jane);
    expect(made.parent).toBe(old.parent);
    expect(made.author).toBe(JANE);
    expect(made.origin).toBe('generated');
    expect(made.source).toBe(`I open the gate a crack. (${SOURCE_CANARY}) "Who goes there?" I ask.`);
    expect(old.source).toBe(`I open the gate a crack. (${SOURCE_CANARY})`);
    expect(Object.keys(made.pov)).toEqual([USER]);
    expect(s.views.node(r.turnId).turnState).toBe('fresh');
    const projected = () => env.model.calls.filter((c) => kindOf(c) === 'project');
    expect(projected().map((c) => subjectOf(c))).toEqual(['User']);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(Object.keys(readTurn(s.doc, r.turnId).pov).sort()).toEqual([JESS, USER]);
    const projections = projected();
    expect(projections.map((c) => subjectOf(c))).toEqual(['User', 'Jess']);
    expect(text(projections[0]!)).toContain('"Who goes there?" I ask.');
  });

  it('[CT2] a cancelled continuation stores nothing and streams only as the actor', async () => {
    const { s, jane } = scene();
    const controller = new AbortController();
    const sources: TokenSource[] = [];
    const env = makeEnv(
      () => {
        controller.abort();
        return 'I go on.';
      },
      { signal: controller.signal, onToken: (source) => sources.push(source) },
    );
    const before = s.views.everyNode().length;
    const r = await continueTurn(s, env, jane);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe('cancelled');
    expect(s.views.everyNode().length).toBe(before);
    expect(activeLeaf(s.doc)).toBe(jane);
    expect(sources.every((x) => x.op === 'actor')).toBe(true);
  });

  it("[CT1] refuses a turn that is not the last, or not a character's generated turn, storing nothing", async () => {
    const { s, jess } = scene();
    const env = makeEnv(() => 'I go on.');
    const notLast = await continueTurn(s, env, jess);
    expect(!notLast.ok && notLast.detail).toBe('Only the last turn of the story can be continued.');
    s.say(USER, 'I wait.');
    const mine = await continueTurn(s, env, activeLeaf(s.doc) as string);
    expect(!mine.ok && mine.detail).toBe("Only a character's turn written by the model can be continued.");
    expect(env.model.calls).toHaveLength(0);
  });

  it('[CT2] on a stale history it asks first, storing nothing; with keep it continues', async () => {
    const { s, jane } = scene();
    editSource(s.doc, s.views.path()[0]!.id, { text: 'I knock twice on the gate.' });
    const env = makeEnv((r) => (kindOf(r) === 'actor' ? 'I listen.' : 'Someone listens.'));
    const before = s.views.everyNode().length;
    const refused = await continueTurn(s, env, jane);
    expect(!refused.ok && refused.code).toBe('stale-history');
    expect(env.model.calls).toHaveLength(0);
    expect(s.views.everyNode().length).toBe(before);
    const kept = await continueTurn(s, env, jane, { stale: StaleChoice.keep });
    if (!kept.ok) throw new Error(kept.detail);
    expect(readTurn(s.doc, kept.turnId).source).toBe(`I open the gate a crack. (${SOURCE_CANARY}) I listen.`);
  });

  it('[CT2] joins a continuation as the language reads it', () => {
    expect(joinContinuation('I wait', ', then I go.', 'en')).toBe('I wait, then I go.');
    expect(joinContinuation('I wait.', 'Then I go.', 'en')).toBe('I wait. Then I go.');
    expect(joinContinuation('I wait.', '\n\nLater, I go.', 'en')).toBe('I wait.\n\nLater, I go.');
    expect(joinContinuation('I wait.', 'I wait. Then I go.', 'en')).toBe('I wait. Then I go.');
    expect(joinContinuation('我等着。', '然后我走了。', 'zh')).toBe('我等着。然后我走了。');
  });
});

describe('suggest my turn', () => {
  it("[SU1] the request holds the user's own story and persona only: no character's source or card", async () => {
    const { s } = scene();
    const env = makeEnv(() => 'I step through the gate.');
    const r = await suggestTurn(s, env);
    expect(r.ok && r.text).toBe('I step through the gate.');
    expect(env.model.calls).toHaveLength(1);
    const asked = text(env.model.calls[0]!);
    expect(asked).toContain('You suggest the next turn of User');
    expect(asked).toContain('A traveller.');
    expect(asked).toContain('I knock on the gate.');
    expect(asked).toContain('The gate opens a crack.');
    expect(asked).toContain('Someone rustles near the cart.');
    for (const secret of [CARD_CANARY, SOURCE_CANARY, JESS_CANARY, 'A cart creaks.'])
      expect(asked).not.toContain(secret);
  });

  it('[SU2] nothing is stored; a draft speaking for a character is asked for again; tokens stream as a suggestion', async () => {
    const { s } = scene();
    const sources: TokenSource[] = [];
    const env = makeEnv((_, n) => (n === 1 ? 'Jane: "Come in," she says.' : 'I nod and step in.'), {
      onToken: (source) => sources.push(source),
    });
    const before = s.views.everyNode().length;
    const r = await suggestTurn(s, env);
    expect(r.ok && r.text).toBe('I nod and step in.');
    expect(env.model.calls).toHaveLength(2);
    expect(s.views.everyNode().length).toBe(before);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((x) => x.op === 'suggestion')).toBe(true);
  });

  it('[SU2] a cancelled suggestion answers cancelled', async () => {
    const { s } = scene();
    const controller = new AbortController();
    const env = makeEnv(
      () => {
        controller.abort();
        return 'I go.';
      },
      { signal: controller.signal },
    );
    const r = await suggestTurn(s, env);
    expect(!r.ok && r.code).toBe('cancelled');
  });
});
