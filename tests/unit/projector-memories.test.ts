// What the projector is told of its audience's memories (M7, O2): at most three of the audience's own,
// the most relevant to the new source, marked as remembered; never another participant's.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS, type StoryFixture } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { writeRecords, type ChronicleEntry } from '../../src/driver/doc/chronicle.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';

/** One chronicle entry of `who` over `turnId`, holding `memories` (text, importance). */
function remembers(s: StoryFixture, who: string, turnId: string, memories: Array<[string, number]>): void {
  const entry: ChronicleEntry = {
    id: `e-${who}`,
    turns: [turnId],
    basis: transcriptBasis(s.views.transcript(who).filter((e) => e.turnId === turnId)),
    createdAt: s.now(),
    memories: memories.map(([text, importance], i) => ({ id: `m-${who}-${i}`, text, importance, turnId })),
    events: [],
    changes: [],
    uncertainties: [],
  };
  writeRecords(s.doc, who, 'entries', [entry]);
}

describe('the projector’s few memories (M7)', () => {
  it('[M7][O2] at most three of the audience’s own memories, the most relevant to the source, marked as remembered', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I hum a tune by the fire.');
    s.projectAll(t1);
    remembers(s, JANE, t1, [
      ['MEM-5 The river floods in spring.', 3],
      ['MEM-6 Jane lost her glove in the mill.', 3],
      ['MEM-7 Jane counts the lambs at dusk.', 3],
      ['MEM-1 The smith Borin mends the gate hinges.', 3],
      ['MEM-2 Borin the smith owes Jane a favour.', 3],
      ['MEM-3 The smith Borin keeps a red dog.', 3],
      ['MEM-4 Borin the smith hates the cold.', 3],
    ]);
    remembers(s, JESS, t1, [['JESS-MEM The smith Borin is Jess’s brother.', 10]]);
    const t2 = s.say(USER, 'The smith Borin walks in, stamping snow from his boots.');
    const env = makeEnv((req) => (kindOf(req) === 'project' ? 'You see Borin come in.' : 'I nod.'));
    expect((await projectTurn(s, env, t2, JANE)).ok).toBe(true);
    const call = env.model.calls.find((c) => kindOf(c) === 'project' && subjectOf(c) === 'Jane');
    const request = (call?.messages ?? []).map((m) => m.content).join('\n');
    const told = request.match(/MEM-\d/g) ?? [];
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(3);
    // Of memories alike in importance and age, those about the smith the source names.
    for (const m of told) expect(['MEM-1', 'MEM-2', 'MEM-3', 'MEM-4']).toContain(m);
    expect(request).toMatch(/What Jane remembers, to tell who is who \(never write it as perceived now\):/);
    expect(request).not.toContain('JESS-MEM');
    // Jess's projection gets Jess's own memory, and none of Jane's.
    expect((await projectTurn(s, env, t2, JESS)).ok).toBe(true);
    const jess = env.model.calls.find((c) => kindOf(c) === 'project' && subjectOf(c) === 'Jess');
    const jessText = (jess?.messages ?? []).map((m) => m.content).join('\n');
    expect(jessText).toContain('JESS-MEM');
    expect(jessText).not.toMatch(/MEM-\d/);
  });
});
