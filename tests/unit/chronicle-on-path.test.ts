// Which chronicle entries count on a path (M5), with entries written by hand so each case is exact:
// one whose turns were edited for its participant afterwards is stale and counts for nothing (no
// state, no memory, no commit, in the views or in the actor's request) until the person keeps it;
// one that read turns on both sides of a branch point is on neither the other branch nor its requests.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, type StoryFixture } from '../support/story-fixture.ts';
import { makeEnv, kindOf } from '../support/driver-env.ts';
import { writeRecords, type ChronicleEntry } from '../../src/driver/doc/chronicle.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { continueFor, settleStale } from '../../src/driver/turns/commands.ts';
import { pathIndexOf } from '../../src/driver/turns/chronicler.ts';
import { chronicleOnPath } from '../../src/driver/memory/chronicle-on-path.ts';
import { transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

const PLACE = 'CANARY-CELLAR';
const MEMORY = 'CANARY-MEMORY of the knock';

let ids = 0;
/** An env whose ids never repeat across the envs of one test. */
const envOf = () => makeEnv(answer, { newId: () => `id${++ids}` });

const answer = (request: ChatRequest, n: number) =>
  kindOf(request) === 'actor' ? `I nod slowly. (answer ${n})` : `You see a nod. (answer ${n})`;

const onPath = (s: StoryFixture, who: string, leaf = s.views.meta().activeLeaf) =>
  chronicleOnPath(s.views.chronicle(who), pathIndexOf(s, leaf), s.views.transcript(who, { leaf }));

/** An entry of Jane's chronicle over `turns`, stamped with her transcript of them as it stands now. */
function janeEntry(s: StoryFixture, id: string, turns: string[], leaf: string): ChronicleEntry {
  const transcript = s.views.transcript(JANE, { leaf }).filter((e) => turns.includes(e.turnId));
  expect(transcript.map((e) => e.turnId)).toEqual(turns);
  const first = turns[0] as string;
  const entry: ChronicleEntry = {
    id,
    turns,
    basis: transcriptBasis(transcript),
    createdAt: s.now(),
    memories: [{ id: `${id}-m`, text: MEMORY, importance: 10, turnId: first }],
    events: [],
    changes: [
      { id: `${id}-c`, subject: JANE, domain: 'location', value: PLACE, evidence: 'knock', turnId: first },
    ],
    uncertainties: [],
  };
  writeRecords(s.doc, JANE, 'entries', [entry]);
  return entry;
}

/** The user's turn, projected to everyone. */
function said(s: StoryFixture, text: string, parent?: string | null): string {
  const t = s.say(USER, text, parent === undefined ? {} : { parent });
  s.projectAll(t);
  return t;
}

const actorRequest = (calls: readonly ChatRequest[]) =>
  calls
    .filter((c) => kindOf(c) === 'actor')
    .map((c) => c.messages.map((m) => m.content).join('\n'))
    .join('\n');

describe('a stale chronicle entry counts for nothing (M5)', () => {
  it('[M5][H1] an entry whose turn was edited for its participant gives no state, memory or commit until kept', async () => {
    const s = makeStory({ jessPresent: false });
    const t1 = said(s, 'I knock on the cellar door.');
    const t2 = said(s, 'I wait in the dark.');
    const entry = janeEntry(s, 'e1', [t1, t2], t2);

    const fresh = onPath(s, JANE);
    expect(fresh.entries.map((e) => [e.entry.id, e.stale])).toEqual([['e1', false]]);
    expect(fresh.fresh.map((e) => e.entry.id)).toEqual(['e1']);
    expect(fresh.state[JANE]?.location).toBe(PLACE);
    expect(fresh.commits.map((c) => c.id)).toEqual(['e1-c']);
    expect(fresh.memories.map((m) => m.memory.text)).toEqual([MEMORY]);

    // The person edits Jane's view of the last turn the entry read: the view is hers now (fresh, and
    // nothing after it), the entry stale.
    s.project(t2, JANE, 'You hear someone knock on a door below.', 'edited');
    expect(s.views.staleItems()).toEqual([]);
    const stale = onPath(s, JANE);
    expect(stale.entries.map((e) => [e.entry.id, e.stale])).toEqual([['e1', true]]);
    expect(stale.fresh).toEqual([]);
    expect(stale.commits).toEqual([]);
    expect(stale.state[JANE]?.location).toBeUndefined();
    expect(stale.memories).toEqual([]);
    expect(staleHistory(s)?.chronicles).toBe(1);

    // Nothing acts on it meanwhile; kept, it counts again and reaches Jane's request.
    const env = envOf();
    const refused = await continueFor(s, env, { choice: { actor: JANE }, turns: 1 });
    expect(!refused.ok && refused.code).toBe('stale-history');
    expect(env.model.calls).toHaveLength(0);
    expect((await settleStale(s, env, s.views.meta().activeLeaf, 'keep')).ok).toBe(true);
    expect(onPath(s, JANE).state[JANE]?.location).toBe(PLACE);
    const acted = await takeTurn(s, env, { actor: JANE });
    expect(acted.ok).toBe(true);
    expect(actorRequest(env.model.calls)).toContain(PLACE);
    expect(s.views.chronicle(JANE).entries.map((e) => e.id)).toEqual([entry.id]);
  });
});

describe('an entry across a branch point belongs to its own branch only (M5)', () => {
  it('[M5] an entry that read turns before and after a branch point is not on the other branch nor in its requests', async () => {
    const s = makeStory({ jessPresent: false });
    const t1 = said(s, 'I knock on the cellar door.');
    const t2 = said(s, 'I wait in the dark.');
    const a3 = said(s, 'I go down the stairs.');
    // An entry wholly before the branch point, and one straddling it (t2 before, a3 after).
    janeEntry(s, 'before', [t1], a3);
    janeEntry(s, 'straddle', [t2, a3], a3);
    expect(onPath(s, JANE).fresh.map((e) => e.entry.id)).toEqual(['before', 'straddle']);

    // The other branch: the person goes back to t2 and says something else.
    setActiveLeaf(s.doc, t2);
    const b3 = said(s, 'I turn back to the street.', t2);
    expect(s.views.path().map((n) => n.id)).toEqual([t1, t2, b3]);
    const onB = onPath(s, JANE);
    expect(onB.entries.map((e) => e.entry.id)).toEqual(['before']);
    expect(onB.memories.map((m) => m.memory.id)).toEqual(['before-m']);
    expect(onB.commits.map((c) => c.id)).toEqual(['before-c']);
    // Nothing of the other branch makes this one stale.
    expect(staleHistory(s)).toBeNull();

    // Jane acts on it: her request holds the first entry's state, and nothing of the straddling one.
    const place = (id: string) => `${PLACE}-${id}`;
    const relabel = (id: string) => {
      const e = s.views.chronicle(JANE).entries.find((x) => x.id === id) as ChronicleEntry;
      writeRecords(s.doc, JANE, 'entries', [
        { ...e, changes: e.changes.map((c) => ({ ...c, value: place(id) })) },
      ]);
    };
    relabel('before');
    relabel('straddle');
    const env = envOf();
    const acted = await takeTurn(s, env, { actor: JANE });
    expect(acted.ok, JSON.stringify(acted)).toBe(true);
    const onBranchB = actorRequest(env.model.calls);
    expect(onBranchB).toContain(place('before'));
    expect(onBranchB).not.toContain(place('straddle'));

    // Back on its own branch it counts, and reaches the request (the later change wins the state).
    setActiveLeaf(s.doc, a3);
    expect(onPath(s, JANE).fresh.map((e) => e.entry.id)).toEqual(['before', 'straddle']);
    const envA = envOf();
    expect((await takeTurn(s, envA, { actor: JANE })).ok).toBe(true);
    expect(actorRequest(envA.model.calls)).toContain(place('straddle'));
  });
});
