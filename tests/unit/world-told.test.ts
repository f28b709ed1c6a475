// How the known world and the lore are told within their room: the actor's world block in its order
// (its own node, the nodes its window names, the rest, then relationships) with a node that does not
// fit left out whole (WK3), and the lore's budget, the story's share for the actor and half of it for a
// projection (WP5).
import { describe, expect, it } from 'vitest';
import { makeStory, JANE, JESS, USER } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { writeLoreSettings, writeStoryBook, writeStoryWorld } from '../../src/driver/doc/story-world.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

const answer = (request: ChatRequest) =>
  kindOf(request) === 'project' ? 'You notice it.' : 'I look around and say nothing.';
const text = (call: RecordedCall | undefined) => (call?.messages ?? []).map((m) => m.content).join('\n');
const last = (calls: RecordedCall[], kind: 'actor' | 'project', name: string) =>
  calls.filter((c) => kindOf(c) === kind && subjectOf(c) === name).at(-1);

/** Jane's own node, four places she knows (the first too big to tell, the last named in her window), and a relationship. */
const WORLD = {
  name: 'The valley',
  nodes: [
    { id: 'n-huge', kind: 'place' as const, name: 'The Archive', body: 'Shelves. '.repeat(1500) },
    { id: 'n-a', kind: 'place' as const, name: 'The Orchard', body: 'Apples, rows of them.' },
    { id: 'n-b', kind: 'place' as const, name: 'The Weir', body: 'Water over stone.' },
    { id: 'n-c', kind: 'place' as const, name: 'The Chapel', body: 'A ruin on the hill.' },
    { id: 'n-jane', kind: 'character' as const, name: 'Jane', body: 'Gatekeeper of the valley.' },
  ],
  relationships: [{ id: 'r1', from: 'n-a', to: 'n-b', label: 'drains into' }],
  characters: { [JANE]: 'n-jane' },
  knowledge: { [JANE]: { nodes: ['n-huge', 'n-a', 'n-b', 'n-c'], relationships: ['r1'] } },
};

describe('the world told at the actor’s tail (WK3)', () => {
  it('[WK3] its own node first, then what its window names, then the rest, then relationships; a node too big is left out whole', async () => {
    const s = makeStory({ jessPresent: false });
    writeStoryWorld(s.doc, WORLD);
    s.projectAll(s.say(USER, 'Shall we meet at the chapel?'));
    const env = makeEnv(answer);
    const r = await actAs(s, env, JANE);
    expect(r.ok).toBe(true);
    const request = text(last(env.model.calls, 'actor', 'Jane'));
    const at = (needle: string) => request.indexOf(needle);
    const lines = [
      'You, Jane: Gatekeeper of the valley.',
      'The Chapel (place): A ruin on the hill.',
      'The Orchard (place): Apples, rows of them.',
      'The Weir (place): Water over stone.',
      '- The Orchard — drains into — The Weir',
    ];
    for (const l of lines) expect(at(l), l).toBeGreaterThan(0);
    for (let i = 1; i < lines.length; i++)
      expect(at(lines[i] as string)).toBeGreaterThan(at(lines[i - 1] as string));
    // Over 10 % of the room: left out whole, never cut; what comes after it is still told.
    expect(request).not.toContain('The Archive');
    expect(request).not.toContain('Shelves.');
    // Projections get no world nodes.
    expect((await projectTurn(s, env, r.ok ? r.turnId : '', USER)).ok).toBe(true);
    expect(text(last(env.model.calls, 'project', 'User'))).not.toContain('Gatekeeper');
  });
});

describe('the lore’s budget (WP5)', () => {
  /** An entry of about 500 estimated tokens: over 5 % of the default room, under 10 %. */
  const BIG = `CANARY-BIG ${'The valley keeps its old roads and older names. '.repeat(42)}`;

  it('[WP5] an entry within the story’s share fires for the actor and, over half of it, not for a projection', async () => {
    const s = makeStory();
    writeStoryBook(s.doc, {
      id: 'b1',
      name: 'Valley lore',
      attachments: [{ kind: 'story' }],
      entries: [{ id: 'big', constant: true, content: BIG }],
    });
    const t1 = s.say(USER, 'Hello there.');
    s.projectAll(t1);
    const env = makeEnv(answer);
    const acted = await actAs(s, env, JANE);
    if (!acted.ok) throw new Error(acted.detail);
    s.projectAll(acted.turnId);
    expect(text(last(env.model.calls, 'actor', 'Jane'))).toContain('CANARY-BIG');
    const t2 = s.say(USER, 'Anyone home?');
    expect((await projectTurn(s, env, t2, JESS)).ok).toBe(true);
    expect(text(last(env.model.calls, 'project', 'Jess'))).not.toContain('CANARY-BIG');
    // Twice the share: half of it is now room enough for the projection too.
    writeLoreSettings(s.doc, { budgetPercent: 20 });
    expect((await projectTurn(s, env, t2, JANE)).ok).toBe(true);
    expect(text(last(env.model.calls, 'project', 'Jane'))).toContain('CANARY-BIG');
  });
});
