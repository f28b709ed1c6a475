// A rewrite and the person's turns after its fork (issue 33): each turn written or edited by hand
// answered a story that changed, so the stale-history answer names it and the rewrite copies it onto
// the new branch only when the person says so; a copy keeps where the turn came from.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS, type StoryFixture } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { editSource, readTurn } from '../../src/driver/doc/turns.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { continueFor, send, settleStale } from '../../src/driver/turns/commands.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';

let ids = 0;
let time = Date.UTC(2025, 0, 1);
const envOf = () => makeEnv(answer, { newId: () => `x${++ids}`, clock: () => (time += 1000) });

let answers = 0;
function answer(request: ChatRequest): string {
  const n = ++answers;
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: 'Jane' });
    case 'project':
      return `You hear something. (answer ${n})`;
    case 'batch':
      throw new Error('not batched here');
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `Where is the key? (answer ${n})`;
  }
}

const ANSWER = 'Under the mat, where it always is. (edited by hand)';
const WHISTLE = 'Jess whistles a tune. (written by hand for Jess)';

/**
 * The probe of issue 33: the user's turn, Jane's question, Jess's answer edited by hand, a turn the
 * person wrote for Jess, then Jane acts on the answer. The user's first turn is then edited, so Jane's
 * question is stale and a rewrite writes it again.
 */
async function probe(): Promise<StoryFixture & { turns: string[] }> {
  const s = makeStory();
  const env = envOf();
  const sent = await send(s, env, { author: USER, text: 'I enter the hall.', next: { actor: JANE } });
  if (!sent.ok) throw new Error(sent.detail);
  const answered = await continueFor(s, env, { choice: { actor: JESS }, turns: 1 });
  if (!answered.ok) throw new Error(answered.detail);
  const jess = answered.turnIds[0] as string;
  const whistled = await send(s, env, { author: JESS, text: WHISTLE });
  if (!whistled.ok) throw new Error(whistled.detail);
  const acted = await continueFor(s, env, { choice: { actor: JANE }, turns: 1 });
  if (!acted.ok) throw new Error(acted.detail);
  expect((await completeBackground(s, env)).ok).toBe(true);
  const turns = [sent.turnId, sent.acted as string, jess, whistled.turnId, acted.turnIds[0] as string];
  expect(editSource(s.doc, jess, { text: ANSWER }).ok).toBe(true);
  editSource(s.doc, turns[0] as string, { text: 'I enter the hall, and the key is in my hand.' });
  return Object.assign(s, { turns });
}

describe('a rewrite and the person’s turns after its fork', () => {
  it('[H9] the stale-history answer names each turn written or edited by hand after the first turn rewritten', async () => {
    const s = await probe();
    const [, , jess, whistle] = s.turns;
    expect(staleHistory(s)?.handTurns).toEqual([
      { turnId: jess, author: JESS, opening: 'Under the mat, where it always is. (edited by hand)' },
      {
        turnId: whistle,
        author: JESS,
        writtenBy: USER,
        opening: 'Jess whistles a tune. (written by hand for Jess)',
      },
    ]);
  });

  it('[H9] a long turn is named by its first words, cut at a word (or at a character where the script has no spaces)', () => {
    const s = makeStory();
    const knock = s.say(USER, 'I knock.');
    s.projectAll(knock);
    const jane = s.say(JANE, 'I open the gate.', { origin: 'generated' });
    s.projectAll(jane);
    const long =
      'I step through the gate and look around the courtyard for anyone who might have heard me knock.';
    const zh =
      '我穿过大门，环顾院子，想看看有没有人听见了我的敲门声。然后我又敲了一次门，声音比刚才更响，可是院子里依旧一片寂静，没有任何人回应我。';
    for (const text of [long, zh]) s.projectAll(s.say(USER, text));
    editSource(s.doc, knock, { text: 'I knock twice.' });
    expect(staleHistory(s)?.handTurns?.map((h) => h.opening)).toEqual([
      'I step through the gate and look around the courtyard for…',
      `${zh.slice(0, 60)}…`,
    ]);
  });

  it('[H9] a plain rewrite leaves them on the old branch: the answer to a question no longer asked is not current', async () => {
    const s = await probe();
    const [user, jane, jess, whistle, last] = s.turns as [string, string, string, string, string];
    const env = envOf();
    const r = await settleStale(s, env, last, 'rewrite');
    expect(r.ok && r.left).toEqual([jess, whistle]);
    const now = s.views.path().map((n) => n.turn);
    // Jane asks again and acts again; neither of the person's turns follows her new question.
    expect(now.map((t) => t.author)).toEqual([USER, JANE, JANE]);
    expect(now.map((t) => t.source).join('\n')).not.toContain('Under the mat');
    expect(now[1]?.id).not.toBe(jane);
    // Jane's second turn was written without the answer in her history.
    const janeActs = env.model.calls.filter((c) => kindOf(c) === 'actor' && subjectOf(c) === 'Jane');
    expect(janeActs).toHaveLength(2);
    expect(JSON.stringify(janeActs[1]?.messages)).not.toContain('Under the mat');
    // The old branch is whole, the person's turns on it.
    expect(s.views.path(last).map((n) => n.id)).toEqual([user, jane, jess, whistle, last]);
    expect(readTurn(s.doc, jess).source).toBe(ANSWER);
    expect(staleHistory(s)).toBeNull();
  });

  it('[H9] [H8] a turn the person chose to keep is copied after the new question, who wrote it and its mark kept', async () => {
    const s = await probe();
    const [, , jess, whistle, last] = s.turns as [string, string, string, string, string];
    const before = { jess: readTurn(s.doc, jess), whistle: readTurn(s.doc, whistle) };
    const r = await settleStale(s, envOf(), last, { rewrite: { copy: [jess, whistle] } });
    expect(r.ok && r.left).toEqual([]);
    const now = s.views.path().map((n) => n.turn);
    expect(now.map((t) => t.author)).toEqual([USER, JANE, JESS, JESS, JANE]);
    const [copied, written] = [now[2], now[3]];
    expect(copied?.id).not.toBe(jess);
    expect(copied).toMatchObject({ source: ANSWER, edited: true, createdAt: before.jess.createdAt });
    expect(written).toMatchObject({
      source: WHISTLE,
      origin: 'authored',
      writtenBy: USER,
      createdAt: before.whistle.createdAt,
    });
    expect(staleHistory(s)).toBeNull();
  });

  it('[H9] keeping one and leaving the other: each choice is the person’s, turn by turn', async () => {
    const s = await probe();
    const [, , jess, whistle, last] = s.turns as [string, string, string, string, string];
    const r = await settleStale(s, envOf(), last, { rewrite: { copy: [whistle] } });
    expect(r.ok && r.left).toEqual([jess]);
    const now = s.views.path().map((n) => n.turn);
    expect(now.map((t) => t.source)).toContain(WHISTLE);
    expect(now.map((t) => t.source)).not.toContain(ANSWER);
  });
});
