// What a story copies of a world at its start: who is which character node (by name or alias), what
// each knows (the start dialog's choice, else the world's row, plus what its own card names), and the
// copy's status against the library.
import { describe, expect, it } from 'vitest';
import type { Participant } from '../../src/driver/doc/schema.ts';
import { worldSchema } from '../../src/driver/doc/world.ts';
import { reappliedWorld, startWorld, worldHash } from '../../src/driver/world/start.ts';
import { copyState } from '../../src/driver/doc/copy-state.ts';
import { mentions } from '../../src/driver/world/mentions.ts';

const world = worldSchema.parse({
  id: 'w',
  name: 'Valley',
  nodes: [
    { id: 'mara', kind: 'character', name: 'Mara Vell', aliases: ['Mara'] },
    { id: 'chapel', kind: 'place', name: 'The Chapel' },
    { id: 'key', kind: 'thing', name: 'Ashen Key' },
    { id: 'mill', kind: 'place', name: '磨坊' },
  ],
  relationships: [{ id: 'r', from: 'key', to: 'chapel', label: 'hidden in' }],
  knowledge: { mara: { nodes: ['key'], relationships: ['r'] } },
});

const people: Participant[] = [
  { id: 'u', kind: 'user', name: 'Wren', present: true, persona: 'A pilgrim bound for the chapel.' },
  { id: 'm', kind: 'character', name: 'mara', present: true, card: { description: 'She keeps the Chapel.' } },
  { id: 'p', kind: 'character', name: 'Pell', present: true, card: { description: '住在磨坊旁边。' } },
];

describe('starting a story with a world', () => {
  it('[WK4] matches participants to character nodes by alias, and takes the world’s rows plus what each card names', () => {
    const copy = startWorld(world, people, {}, 'then');
    expect(copy.characters).toEqual({ m: 'mara' });
    expect(copy.knowledge).toEqual({
      u: { nodes: ['chapel'], relationships: [] },
      m: { nodes: ['key', 'chapel'], relationships: ['r'] },
      p: { nodes: ['mill'], relationships: [] },
    });
  });

  it('[WK4] the start dialog’s choice replaces the world’s row (what the card names still counts)', () => {
    const copy = startWorld(world, people, { knowledge: { mara: { nodes: [], relationships: [] } } }, 'then');
    expect(copy.knowledge.m).toEqual({ nodes: ['chapel'], relationships: [] });
  });

  it('[WK4] the status: current, edited in the story, changed in the library, missing; re-applying keeps knowledge', () => {
    const copy = startWorld(world, people, {}, 'then');
    const from = copy.from;
    expect(copyState(from, worldHash(copy), worldHash(world))).toBe('current');
    const edited = { ...copy, nodes: copy.nodes.slice(1) };
    expect(copyState(from, worldHash(edited), worldHash(world))).toBe('edited-in-story');
    const changed = { ...world, nodes: world.nodes.slice(0, 3) };
    expect(copyState(from, worldHash(copy), worldHash(changed))).toBe('changed-in-library');
    expect(copyState(from, worldHash(copy), null)).toBe('missing');
    const again = reappliedWorld(copy, changed, 'later');
    expect(copyState(again.from, worldHash(again), worldHash(changed))).toBe('current');
    // Pell knew the mill, which the library dropped: that row goes; the others stay.
    expect(again.knowledge.p).toEqual({ nodes: [], relationships: [] });
    expect(again.knowledge.m).toEqual(copy.knowledge.m);
  });

  it('a name is a mention as a whole word in spaced scripts, anywhere in Chinese', () => {
    expect(mentions('the Ashen Keys', { name: 'Ashen Key', aliases: [] })).toBe(false);
    expect(mentions('the ashen key, at last', { name: 'Ashen Key', aliases: [] })).toBe(true);
    expect(mentions('他走进磨坊。', { name: '磨坊', aliases: [] })).toBe(true);
  });
});
