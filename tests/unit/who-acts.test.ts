// Who generates after a turn is sent (H7, P1): after the user's own turn in a story whose turns are
// chosen automatically, one character acts (the selector's, or the one asked for) and nobody else
// writes a turn; with manual selection nobody does, nor after a turn written by hand for a character,
// nor when no character is present.
import { describe, expect, it } from 'vitest';
import { makeStory, pathIds, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { send } from '../../src/driver/turns/commands.ts';
import { readTurn } from '../../src/driver/doc/turns.ts';
import { setPresent } from '../../src/driver/doc/participants.ts';
import { updateSettings } from '../../src/driver/doc/story-doc.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

function answer(request: ChatRequest, n: number): string {
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: 'Jess' });
    case 'actor':
      return `I nod and look around. (answer ${n})`;
    default:
      return `You hear footsteps nearby. (answer ${n})`;
  }
}

const actors = (calls: readonly ChatRequest[]) =>
  calls.filter((c) => kindOf(c) === 'actor').map((c) => subjectOf(c));
const authors = (s: ReturnType<typeof makeStory>) => pathIds(s.doc).map((id) => readTurn(s.doc, id).author);

describe('who acts after a turn is sent (H7, P1)', () => {
  it('[H7][P1] after the user’s turn, automatic: the selector’s choice acts, and only it', async () => {
    const s = makeStory();
    const env = makeEnv(answer);
    const r = await send(s, env, { author: USER, text: 'Who is there?' });
    expect(r.ok && r.acted).toBeTruthy();
    expect(env.model.calls.filter((c) => kindOf(c) === 'selector')).toHaveLength(1);
    expect(actors(env.model.calls)).toEqual(['Jess']);
    expect(authors(s)).toEqual([USER, JESS]);
    expect(readTurn(s.doc, r.ok ? (r.acted as string) : '').origin).toBe('generated');
  });

  it('[H7][P1] the character asked for acts instead of the selector’s choice', async () => {
    const s = makeStory();
    const env = makeEnv(answer);
    const r = await send(s, env, { author: USER, text: 'Jane?', next: { actor: JANE } });
    expect(r.ok).toBe(true);
    expect(env.model.calls.some((c) => kindOf(c) === 'selector')).toBe(false);
    expect(actors(env.model.calls)).toEqual(['Jane']);
    expect(authors(s)).toEqual([USER, JANE]);
  });

  it('[H7] with manual turn selection nobody acts after the user’s turn', async () => {
    const s = makeStory();
    updateSettings(s.doc, { turnSelection: 'manual' });
    const env = makeEnv(answer);
    const r = await send(s, env, { author: USER, text: 'Hello?' });
    expect(r.ok && r.acted).toBeUndefined();
    expect(env.model.calls).toHaveLength(0);
    expect(authors(s)).toEqual([USER]);
  });

  it('[H7] nobody acts after a turn written by hand for a character, nor when no character is present', async () => {
    const s = makeStory();
    const env = makeEnv(answer);
    const byHand = await send(s, env, { author: JANE, text: 'I wave from the door.' });
    expect(byHand.ok && byHand.acted).toBeUndefined();
    expect(actors(env.model.calls)).toEqual([]);
    setPresent(s.doc, JANE, false);
    setPresent(s.doc, JESS, false);
    const alone = await send(s, env, { author: USER, text: 'Nobody here, then.' });
    expect(alone.ok && alone.acted).toBeUndefined();
    expect(actors(env.model.calls)).toEqual([]);
    expect(env.model.calls.some((c) => kindOf(c) === 'selector')).toBe(false);
    expect(authors(s)).toEqual([JANE, USER]);
  });
});
