// The import's model step: a card split into world pieces. The request holds the card and nothing
// else; an answer of an unknown kind, without the character first, or naming one thing twice is
// asked again with the reason; after the retries nothing is returned.
import { describe, expect, it } from 'vitest';
import { makeEnv } from '../support/driver-env.ts';
import { cardWorldPieces } from '../../src/driver/turns/card-world.ts';

const card = {
  description: 'Mira tends the lanterns of the night market by the Old Bridge.',
  scenario: 'The Lantern Guild meets at dusk.',
};
const good = {
  pieces: [
    { kind: 'character', name: 'Mira', body: 'Tends the lanterns of the night market.' },
    { kind: 'place', name: 'The Old Bridge', body: 'Where the night market is held.' },
    { kind: 'faction', name: 'The Lantern Guild', body: 'Meets at dusk.' },
  ],
};

describe('a card split into world pieces', () => {
  it('[K9] returns the pieces of a valid answer; the request holds the card, a JSON schema and the kinds', async () => {
    const env = makeEnv(() => JSON.stringify(good));
    const r = await cardWorldPieces(env, { name: 'Mira', card, language: 'en' });
    expect(r.ok && r.pieces).toEqual(good.pieces);
    const call = env.model.calls[0];
    expect(call?.messages[0]?.content).toContain(
      'Mira tends the lanterns of the night market by the Old Bridge.',
    );
    expect(call?.messages[1]?.content).toContain('character, place, faction, thing, lore');
    expect(call?.response_format?.json_schema.name).toBe('world_pieces');
    expect(call?.max_tokens).toBe(1500);
  });

  it.each([
    ['an unknown kind', { pieces: [{ kind: 'monster', name: 'Mira', body: 'x' }] }, /known kind/],
    [
      'the character not first',
      { pieces: [{ kind: 'place', name: 'The Old Bridge', body: 'x' }] },
      /first piece must be Mira/,
    ],
    [
      'a thing twice',
      { pieces: [...good.pieces, { kind: 'place', name: 'the old bridge', body: 'y' }] },
      /given twice/,
    ],
  ])('[K9] %s is asked again with the reason, and the next answer is used', async (_, bad, reason) => {
    const env = makeEnv((_r, n) => JSON.stringify(n === 1 ? bad : good));
    const r = await cardWorldPieces(env, { name: 'Mira', card, language: 'en' });
    expect(r.ok).toBe(true);
    expect(env.model.calls[1]?.messages.at(-1)?.content).toMatch(reason);
  });

  it('[K9] after the retries, nothing: the failure says why', async () => {
    const env = makeEnv(() => 'not json');
    const r = await cardWorldPieces(env, { name: 'Mira', card, language: 'zh' });
    expect(r.ok).toBe(false);
    expect(env.model.calls).toHaveLength(3);
    expect(env.model.calls[0]?.messages[0]?.content).toContain('角色卡');
  });
});
