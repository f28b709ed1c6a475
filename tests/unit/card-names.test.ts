// A card brought from SillyTavern names the character and the user by macro; the import makes them
// ${name} and ${user}, and the actor's request tells them with this story's names.
import { describe, expect, it } from 'vitest';
import { makeStory, JANE, USER } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import { actAs } from '../../src/driver/turns/actor.ts';

describe('names in an imported card', () => {
  it('[O3] ${name} and ${user} in a card and the persona are the story’s names; other ${…} stay', async () => {
    const s = makeStory();
    updateParticipant(s.doc, JANE, {
      card: { description: '${name} guards the gate and distrusts ${user}. Costs ${price}.' },
    });
    updateParticipant(s.doc, USER, { persona: '${user} owes ${name} a favour.' });
    s.projectAll(s.say(USER, 'Hello.'));
    const env = makeEnv(() => 'I nod.');
    expect((await actAs(s, env, JANE)).ok).toBe(true);
    const system = env.model.calls.at(-1)?.messages[0]?.content ?? '';
    expect(system).toContain('Jane guards the gate and distrusts User. Costs ${price}.');
    expect(system).toContain('User owes Jane a favour.');
  });
});
