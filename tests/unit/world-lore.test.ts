// A character is given only the world it knows and only the lore its own window fires: what was said
// while it was away never fires for it, a node it does not know never reaches its request, what it
// learns in play joins on that branch only, and what fired is stored for its timed effects.
import { describe, expect, it } from 'vitest';
import { makeStory, isoAt, JANE, JESS, USER } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { actAs } from '../../src/driver/turns/actor.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { turnGiven } from '../../src/driver/doc/turns.ts';
import { povGiven } from '../../src/driver/doc/pov.ts';
import { setPresent } from '../../src/driver/doc/participants.ts';
import {
  readLoreSettings,
  writeLoreSettings,
  writeStoryBook,
  writeStoryWorld,
  type StoryBookInput,
} from '../../src/driver/doc/story-world.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { writeRecords } from '../../src/driver/doc/chronicle.ts';
import type { LoreEntryInput } from '../../src/driver/doc/lore-book.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

const answer = (request: ChatRequest) =>
  kindOf(request) === 'project' ? 'You notice it.' : 'I look around and say nothing.';

const book = (
  entries: LoreEntryInput[],
  attachments: StoryBookInput['attachments'] = [{ kind: 'story' }],
) => ({
  id: 'b1',
  name: 'Valley lore',
  entries,
  attachments,
});

const text = (call: RecordedCall | undefined) => (call?.messages ?? []).map((m) => m.content).join('\n');
const lastFor = (calls: RecordedCall[], name: string, kind: 'actor' | 'project') =>
  calls.filter((c) => kindOf(c) === kind && subjectOf(c) === name).at(-1);

/** `who` acts, and what it did is projected to everyone else (as the turn loop would). */
async function act(s: ReturnType<typeof makeStory>, env: ReturnType<typeof makeEnv>, who: string) {
  const r = await actAs(s, env, who);
  if (!r.ok) throw new Error(r.detail);
  s.projectAll(r.turnId);
  return r.turnId;
}

const DRAGON: LoreEntryInput = {
  id: 'dragon',
  keys: ['dragon'],
  content: 'Dragons of the valley fear salt.',
};

describe('lore from one participant’s own window', () => {
  it('[WP1] an entry keyed on a word said only while X was absent never fires for X', async () => {
    const s = makeStory({ jessPresent: false });
    writeStoryBook(s.doc, book([DRAGON]));
    const t1 = s.say(USER, 'A dragon circles the tower.');
    s.projectAll(t1);
    setPresent(s.doc, JESS, true);
    const t2 = s.say(USER, 'I wave to the newcomer.');
    s.projectAll(t2);
    const env = makeEnv(answer);
    await act(s, env, JANE);
    // Jane was there when the dragon was named (within her scan depth of two messages).
    expect(text(lastFor(env.model.calls, 'Jane', 'actor'))).toContain('Dragons of the valley fear salt.');
    // Jess's two newest messages are the wave and Jane's turn: the dragon was never in her window.
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).not.toContain('fear salt');
    expect(env.model.calls.some((c) => text(c).includes('dragon') && subjectOf(c) === 'Jess')).toBe(false);
  });

  it('[WP1] the projector scans the target’s window before the turn, never the new source', async () => {
    const s = makeStory();
    writeStoryBook(s.doc, book([DRAGON]));
    const t1 = s.say(USER, 'I mention a dragon to Jane only.', { audiences: [USER, JANE] });
    s.projectAll(t1);
    const t2 = s.say(USER, 'A dragon! Look!');
    const env = makeEnv(answer);
    expect((await projectTurn(s, env, t2, JANE)).ok).toBe(true);
    expect((await projectTurn(s, env, t2, JESS)).ok).toBe(true);
    expect(text(lastFor(env.model.calls, 'Jane', 'project'))).toContain('fear salt');
    expect(text(lastFor(env.model.calls, 'Jess', 'project'))).not.toContain('fear salt');
    expect(povGiven(s.doc, t2, JANE)?.lore).toEqual({ fresh: ['b1\u0000dragon'], carried: [] });
    expect(povGiven(s.doc, t2, JESS)?.lore).toBeUndefined();
  });

  it('[WP2] a character’s book is its own; a story book is everyone’s', async () => {
    const s = makeStory();
    writeStoryBook(
      s.doc,
      book(
        [{ id: 'c', constant: true, content: 'Jane owes the guild.' }],
        [{ kind: 'character', participant: JANE }],
      ),
    );
    const t1 = s.say(USER, 'Hello.');
    s.projectAll(t1);
    const env = makeEnv(answer);
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).not.toContain('owes the guild');
    await act(s, env, JANE);
    expect(text(lastFor(env.model.calls, 'Jane', 'actor'))).toContain('Jane owes the guild.');
  });

  it('[WP4] a sticky entry is carried by the character’s next request, read from what its last one held', async () => {
    const s = makeStory({ jessPresent: false });
    writeStoryBook(s.doc, book([{ ...DRAGON, sticky: 3 }]));
    const t1 = s.say(USER, 'A dragon!');
    s.projectAll(t1);
    const env = makeEnv(answer);
    const first = await act(s, env, JANE);
    expect(turnGiven(s.doc, first)?.lore).toEqual({ fresh: ['b1\u0000dragon'], carried: [] });
    for (const line of ['The sky clears.', 'Birds sing.']) {
      const t = s.say(USER, line);
      s.projectAll(t);
    }
    const second = await act(s, env, JANE);
    // Out of the scan depth now, but still active: carried, not fired fresh.
    expect(turnGiven(s.doc, second)?.lore).toEqual({ fresh: [], carried: ['b1\u0000dragon'] });
  });

  it('[WP3] an at-depth entry goes into the window that many entries before its end', async () => {
    const s = makeStory({ jessPresent: false });
    writeStoryBook(s.doc, book([{ ...DRAGON, position: 'at-depth', depth: 1, role: 'system' }]));
    for (const line of ['A dragon!', 'It lands.']) s.projectAll(s.say(USER, line));
    const env = makeEnv(answer);
    await act(s, env, JANE);
    const system = lastFor(env.model.calls, 'Jane', 'actor')?.messages[0]?.content ?? '';
    const note = system.indexOf('[Dragons of the valley fear salt.]');
    expect(note).toBeGreaterThan(system.indexOf('A dragon!'));
    expect(note).toBeLessThan(system.indexOf('It lands.'));
  });
});

const WORLD = {
  name: 'The valley',
  nodes: [
    { id: 'n-jane', kind: 'character' as const, name: 'Jane', body: 'Gatekeeper of the valley.' },
    { id: 'n-jess', kind: 'character' as const, name: 'Jess', body: 'A courier.' },
    { id: 'n-chapel', kind: 'place' as const, name: 'The Chapel', body: 'A ruin on the hill.' },
    {
      id: 'n-key',
      kind: 'thing' as const,
      name: 'The Ashen Key',
      aliases: ['ashen key'],
      body: 'Hidden under the altar.',
    },
    { id: 'n-mill', kind: 'place' as const, name: 'The Mill', body: 'Its wheel creaks at night.' },
  ],
  relationships: [{ id: 'r1', from: 'n-key', to: 'n-chapel', label: 'is hidden in' }],
  characters: { [JANE]: 'n-jane', [JESS]: 'n-jess' },
  knowledge: {
    [JANE]: { nodes: ['n-chapel', 'n-key'], relationships: ['r1'] },
    [JESS]: { nodes: ['n-chapel'], relationships: [] },
  },
};

describe('the world as one character knows it', () => {
  it('[WK1] a node X does not know never reaches X’s request; what it knows does, its own node first', async () => {
    const s = makeStory();
    writeStoryWorld(s.doc, WORLD);
    s.projectAll(s.say(USER, 'Good evening.'));
    const env = makeEnv(answer);
    await act(s, env, JESS);
    const jess = text(lastFor(env.model.calls, 'Jess', 'actor'));
    expect(jess).toContain('You, Jess: A courier.');
    expect(jess).toContain('The Chapel (place): A ruin on the hill.');
    expect(jess).not.toContain('Hidden under the altar');
    expect(jess).not.toContain('Gatekeeper');
    await act(s, env, JANE);
    const jane = text(lastFor(env.model.calls, 'Jane', 'actor'));
    expect(jane).toContain('The Ashen Key (thing): Hidden under the altar.');
    expect(jane).toContain('- The Ashen Key — is hidden in — The Chapel');
    // Projections get lore, not world nodes.
    expect(
      env.model.calls
        .filter((c) => kindOf(c) === 'project')
        .map(text)
        .join('\n'),
    ).not.toContain('altar');
  });

  it('[WK2] what X learns in play (an accepted knowledge commit naming a node) reaches it on that branch only', async () => {
    const s = makeStory();
    writeStoryWorld(s.doc, WORLD);
    const t1 = s.say(USER, 'Jane whispers to Jess about the key.');
    s.projectAll(t1);
    // The person's correction: Jess now knows of the key (a reviewed chronicle change counts the same).
    writeRecords(s.doc, JESS, 'corrections', [
      {
        id: 'k1',
        subject: JESS,
        domain: 'knowledge',
        value: 'the Ashen Key exists',
        turnId: t1,
        at: s.now(),
      },
    ]);
    const env = makeEnv(answer);
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).toContain('Hidden under the altar.');
    // A branch before that turn: Jess never learned it there.
    const other = s.say(USER, 'A quiet evening.', { parent: null });
    s.projectAll(other);
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).not.toContain('Hidden under the altar.');
  });
});

describe('where one has been', () => {
  it('[WK1] a place its own whereabouts named is known from then on', async () => {
    const s = makeStory();
    writeStoryWorld(s.doc, WORLD);
    const t1 = s.say(USER, 'We walk down to the river.');
    s.projectAll(t1);
    const env = makeEnv(answer);
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).not.toContain('wheel creaks');
    // Whereabouts apply at once (M3): a chronicled change or, here, the person's correction.
    writeRecords(s.doc, JESS, 'corrections', [
      { id: 'l1', subject: JESS, domain: 'location', value: 'inside the mill', turnId: t1, at: s.now() },
    ]);
    await act(s, env, JESS);
    expect(text(lastFor(env.model.calls, 'Jess', 'actor'))).toContain(
      'The Mill (place): Its wheel creaks at night.',
    );
  });
});

describe('a story’s world and lore in Story JSON', () => {
  it('[D9] export then import keeps the world, the books and the lore settings; a stranger in them is refused', () => {
    const s = makeStory();
    writeStoryWorld(s.doc, WORLD);
    writeStoryBook(s.doc, book([{ ...DRAGON, sticky: 1 }], [{ kind: 'character', participant: JANE }]));
    writeLoreSettings(s.doc, { scanDepth: 5 });
    const json = exportStory(s.doc);
    const back = importStory(json, isoAt(99));
    if (!back.ok) throw new Error(back.detail);
    expect(exportStory(back.doc).world).toEqual(json.world);
    expect(readLoreSettings(back.doc).scanDepth).toBe(5);
    const stranger = structuredClone(json);
    stranger.world!.world!.knowledge = { nobody: { nodes: [], relationships: [] } };
    const refused = importStory(stranger, isoAt(99));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.detail).toMatch(/world\.world\.knowledge: "nobody" is not a participant/);
  });
});
