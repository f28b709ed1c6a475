// SillyTavern's macros for the character and the user, typed in an editor or kept in a book as it came,
// are stored as written and become the story's names wherever a request is built from them: the card,
// the persona, lore entries (at the tail, at depth, a projection's), the Author's Note, a world's node.
import { describe, expect, it } from 'vitest';
import { makeStory, JANE, USER } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { getParticipant, updateParticipant } from '../../src/driver/doc/participants.ts';
import { readSettings, updateSettings } from '../../src/driver/doc/story-doc.ts';
import { writeStoryBook, writeStoryWorld } from '../../src/driver/doc/story-world.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { withNames } from '../../src/driver/prompts/card-names.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

const answer = (request: ChatRequest) =>
  kindOf(request) === 'project' ? 'You notice it.' : 'I look around and say nothing.';
const text = (call: RecordedCall | undefined) => (call?.messages ?? []).map((m) => m.content).join('\n');
/** Any spelling of SillyTavern's character and user macros, or our variables, left in a request. */
const RAW = /\{\{\s*(char|user)\s*\}\}|<(bot|char|user)>|\$\{(name|user)\}/i;

describe('[K10] macros become the story’s names where a request is built', () => {
  it('[K10] every spelling SillyTavern reads, in any case; other macros and variables stay', () => {
    const names = { name: 'Jane', user: 'Sam' };
    expect(withNames('{{char}} {{Char}} {{CHAR}} <BOT> <bot> <CHAR> ${name}', names)).toBe(
      'Jane Jane Jane Jane Jane Jane Jane',
    );
    expect(withNames('{{user}} {{User}} <USER> <user> ${user}', names)).toBe('Sam Sam Sam Sam Sam');
    expect(withNames('{{random::a,b}} ${price} ${NAME} {{persona}}', names)).toBe(
      '{{random::a,b}} ${price} ${NAME} {{persona}}',
    );
  });

  it('[K10][AN1][WP1] card, persona, lore at the tail and at depth, the Author’s Note and a world node reach the actor with names, keys match by them; the story keeps them as written', async () => {
    const s = makeStory({ jessPresent: false });
    const description = '{{char}} guards the gate. <BOT> distrusts {{User}}.';
    updateParticipant(s.doc, JANE, { card: { description } });
    updateParticipant(s.doc, USER, { persona: '<USER> owes {{char}} a favour.' });
    updateSettings(s.doc, { authorNote: '{{Char}} must not forget {{user}}.', authorNoteDepth: 0 });
    writeStoryBook(s.doc, {
      id: 'b1',
      name: 'Gate lore',
      attachments: [{ kind: 'story' }],
      entries: [
        { id: 'tail', keys: [], constant: true, content: '{{char}} fears <USER>’s sword.' },
        {
          id: 'deep',
          keys: [],
          constant: true,
          position: 'at-depth',
          depth: 1,
          content: '<CHAR> remembers what {{user}} said.',
        },
        // Keyed by name, as SillyTavern matches a key after filling its macros: in the window (never by
        // the other entries' content, which names Jane too).
        {
          id: 'keyed',
          keys: ['{{char}}'],
          secondaryKeys: ['<user>'],
          excludeRecursion: true,
          content: 'The gate knows its keeper.',
        },
      ],
    });
    writeStoryWorld(s.doc, {
      name: 'The gate',
      nodes: [
        { id: 'n-jane', kind: 'character', name: 'Jane', body: '{{char}} keeps the key for {{user}}.' },
      ],
      relationships: [],
      characters: { [JANE]: 'n-jane' },
      knowledge: {},
    });
    s.projectAll(s.say(USER, 'Hello, Jane. User here.'));
    const env = makeEnv(answer);
    const acted = await actAs(s, env, JANE);
    if (!acted.ok) throw new Error(acted.detail);
    const request = text(env.model.calls.filter((c) => kindOf(c) === 'actor').at(-1));
    for (const told of [
      'Jane guards the gate. Jane distrusts User.',
      'User owes Jane a favour.',
      'Jane fears User’s sword.',
      'Jane remembers what User said.',
      'Jane must not forget User.',
      'You, Jane: Jane keeps the key for User.',
      'The gate knows its keeper.',
    ])
      expect(request, told).toContain(told);
    expect(request).not.toMatch(RAW);
    // The projection of Jane's turn to the user carries the lore the user's window fired, named too.
    expect((await projectTurn(s, env, acted.turnId, USER)).ok).toBe(true);
    const projection = text(
      env.model.calls.filter((c) => kindOf(c) === 'project' && subjectOf(c) === 'User').at(-1),
    );
    expect(projection).toContain('User fears User’s sword.');
    expect(projection).not.toMatch(RAW);
    // Stored as the person wrote them: the editors show their own way of writing.
    expect(getParticipant(s.doc, JANE)?.card?.description).toBe(description);
    expect(readSettings(s.doc).authorNote).toBe('{{Char}} must not forget {{user}}.');
  });
});
