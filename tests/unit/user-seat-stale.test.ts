// Suggest my turn and Hint read the user's views: on a stale history they ask the stale-history
// question as every generating command does (H1), and run once the person has chosen (issue 33).
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';
import { editSource } from '../../src/driver/doc/turns.ts';
import { plotHint } from '../../src/driver/turns/plot-hint.ts';
import { suggestTurn } from '../../src/driver/turns/suggest-turn.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';

/** The user knocks, Jane answers; then the user's turn is edited, so Jane's turn and every view are stale. */
function staleScene() {
  const s = makeStory();
  const knock = s.say(USER, 'I knock on the gate.');
  s.projectAll(knock);
  const jane = s.say(JANE, 'I open the gate a crack.', { origin: 'generated' });
  s.project(jane, USER, 'The gate opens a crack.');
  s.project(jane, JESS, 'The gate opens a crack.');
  editSource(s.doc, knock, { text: 'I hammer on the gate.' });
  return s;
}

const helpers = [
  ['Suggest my turn', suggestTurn, 'I step inside.'],
  ['Hint', plotHint, 'You could ask who opened the gate.'],
] as const;

describe('Suggest my turn and Hint on a stale history', () => {
  for (const [name, helper, answer] of helpers) {
    it(`[H1] ${name} asks the stale-history question first: no request, nothing written`, async () => {
      const s = staleScene();
      const stale = staleHistory(s);
      expect(stale).not.toBeNull();
      const env = makeEnv(() => answer);
      const refused = await helper(s, env);
      expect(!refused.ok && refused.code).toBe('stale-history');
      expect(!refused.ok && refused.stale).toEqual(stale);
      expect(env.model.calls).toHaveLength(0);
    });

    it(`[H1] ${name} runs once the person has chosen (keep)`, async () => {
      const s = staleScene();
      const env = makeEnv(() => answer);
      const r = await helper(s, env, { stale: 'keep' });
      expect(r.ok && r.text).toBe(answer);
      expect(staleHistory(s)).toBeNull();
    });
  }
});
