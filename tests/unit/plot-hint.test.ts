// The plot author's hint: built only from the user's own transcript and persona, shown, never stored.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';
import { plotHint } from '../../src/driver/turns/plot-hint.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { setLanguage } from '../../src/driver/doc/story-doc.ts';

const CARD_CANARY = 'CANARY-JANE-CARD';
const THOUGHT_CANARY = 'CANARY-JANE-THOUGHT';
const JESS_CANARY = 'CANARY-JESS-SOURCE';

/** Jane's card and private thought, and Jess's source, hold canaries the user never perceived. */
function scene() {
  const s = makeStory();
  updateParticipant(s.doc, JANE, { card: { description: CARD_CANARY } });
  const knock = s.say(USER, 'I knock on the gate.');
  s.projectAll(knock);
  const jess = s.say(JESS, `I hide behind the cart. ${JESS_CANARY}`, { origin: 'generated' });
  s.project(jess, USER, 'Someone rustles near the cart.');
  s.project(jess, JANE, 'A cart creaks.');
  const jane = s.say(JANE, `I open the gate a crack. (${THOUGHT_CANARY})`, { origin: 'generated' });
  s.project(jane, USER, 'The gate opens a crack.');
  s.project(jane, JESS, 'The gate opens a crack.');
  return s;
}

const text = (r: { messages: ChatRequest['messages'] }) => r.messages.map((m) => m.content).join('\n');

describe('plot hint', () => {
  it("[PH1] asks roleplay/plot-hint with the user's own story and persona only: no character's card or thoughts", async () => {
    const s = scene();
    const env = makeEnv(() => 'You could ask who is hiding by the cart.');
    const r = await plotHint(s, env);
    expect(r.ok && r.text).toBe('You could ask who is hiding by the cart.');
    expect(env.model.calls).toHaveLength(1);
    const asked = text(env.model.calls[0]!);
    expect(asked).toContain('You are the plot author');
    expect(asked).toContain('Give User a hint');
    expect(asked).toContain('A traveller.');
    expect(asked).toContain('I knock on the gate.');
    expect(asked).toContain('Someone rustles near the cart.');
    for (const secret of [CARD_CANARY, THOUGHT_CANARY, JESS_CANARY, 'A cart creaks.'])
      expect(asked).not.toContain(secret);
  });

  it('[PH2] stores nothing; an empty hint is asked for again', async () => {
    const s = scene();
    const env = makeEnv((_, n) => (n === 1 ? '   ' : 'Follow the rustling.'));
    const before = s.views.everyNode().length;
    const r = await plotHint(s, env);
    expect(r.ok && r.text).toBe('Follow the rustling.');
    expect(env.model.calls).toHaveLength(2);
    expect(text(env.model.calls[1]!)).toContain('The hint was empty');
    expect(s.views.everyNode().length).toBe(before);
  });

  it('[PH3][V6] in a Chinese story a hint in English is asked for again with the reason in Chinese', async () => {
    const s = scene();
    setLanguage(s.doc, 'zh');
    const chinese = '你可以问问是谁躲在马车后面，也许他知道城门为什么关着。';
    const env = makeEnv((_, n) =>
      n === 1 ? 'You could ask who is hiding behind the cart and why the gate is shut tonight.' : chinese,
    );
    const r = await plotHint(s, env);
    expect(r.ok && r.text).toBe(chinese);
    expect(env.model.calls).toHaveLength(2);
    expect(text(env.model.calls[1]!)).toContain('这个故事是中文的');
  });
});
