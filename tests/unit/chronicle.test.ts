// Memories and state from one's own point of view, in a long story with a small context: a late
// joiner never learns what was said before it came (not in any request, memory, state or quote of
// its own), every kept quote is exact, each branch has its own state, stale entries follow the
// person's stale-history choice, and the chronicle goes out and back in with the Story JSON.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS, type StoryFixture } from '../support/story-fixture.ts';
import { kindOf, smallContextEnv, subjectOf } from '../support/driver-env.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { setPresent } from '../../src/driver/doc/participants.ts';
import { editSource } from '../../src/driver/doc/turns.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { writeRecords } from '../../src/driver/doc/chronicle.ts';
import { continueFor, send, settleStale } from '../../src/driver/turns/commands.ts';
import { pathIndexOf } from '../../src/driver/turns/chronicle.ts';
import { chronicleOnPath } from '../../src/driver/views/chronicle-on-path.ts';
import { staleHistory } from '../../src/driver/views/stale-history.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { Story } from '../../src/driver/env.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';

const CONTEXT = 1100;
const CANARY = /\bCANARY-[A-Z]+-\d+\b/g;

/**
 * A chronicler that carries every canary of its input into a memory (so a leak into its input would
 * show in what it remembers), quotes its stretch's last line for an event and two changes, and also
 * answers what must be refused: a quote from outside the stretch and a person the story lacks.
 */
function chronicle(request: ChatRequest, n: number): string {
  const system = request.messages[0]?.content ?? '';
  const lines = system.split('\n\n').filter((l) => /^(User|Jane|Jess): /.test(l));
  const last = lines.at(-1) ?? '';
  const quote = last.slice(last.indexOf(': ') + 2).slice(0, 36);
  const canaries = [...new Set(system.match(CANARY) ?? [])].join(' ');
  return JSON.stringify({
    memories: [
      {
        text: `You remember ${canaries || 'a quiet stretch'} (${n}).`,
        importance: canaries ? 10 : 1 + (n % 5),
      },
    ],
    events: [
      { text: `Something was said (${n}).`, evidence: quote },
      { text: `Made up (${n}).`, evidence: 'A guard.' },
    ],
    changes: [
      { subject: 'User', domain: 'location', value: `by the door (${n})`, evidence: quote },
      { subject: 'Jane', domain: 'goals', value: `wants to leave (${n})`, evidence: quote },
      { subject: 'Nobody', domain: 'location', value: 'away', evidence: quote },
    ],
    uncertainties: [`Who knocked? (${n})`],
  });
}

function answer(request: ChatRequest, n: number): string {
  switch (kindOf(request)) {
    case 'selector': {
      const names = (request.response_format?.json_schema.schema.properties as { next: { enum: string[] } })
        .next.enum;
      return JSON.stringify({ next: names[n % names.length] });
    }
    case 'project': {
      // What is said aloud is heard: a canary in the new turn is perceived, so the test can fail.
      const said = request.messages.at(-1)?.content.match(CANARY) ?? [];
      return `You hear someone move about the room and settle down again (${n}). ${said.join(' ')}`.trim();
    }
    case 'batch':
      throw new Error('not batched here');
    case 'chronicle':
      return chronicle(request, n);
    case 'actor':
      return `I look around the room for a while and then nod slowly (${n}).`;
  }
}

let ids = 0;
const played = async (
  s: StoryFixture,
  env: ReturnType<typeof smallContextEnv>['env'],
  rounds: number,
  say: (i: number) => string,
) => {
  for (let i = 0; i < rounds; i++) {
    const r = await send(s, env, { author: USER, text: say(i) });
    if (!r.ok) throw new Error(r.detail);
  }
};
const envOf = (context = CONTEXT) => smallContextEnv(context, answer, { newId: () => `c${++ids}` });
const onPath = (s: Story, who: string, leaf = s.views.meta().activeLeaf) =>
  chronicleOnPath(
    s.views.chronicle(who),
    pathIndexOf(s, leaf),
    leaf === null ? [] : s.views.transcript(who, { leaf }),
  );
const stored = (s: Story, who: string) => JSON.stringify(s.views.chronicle(who));

describe('a late joiner remembers only from its own point of view', () => {
  it('[M1][O2][O3] a canary said before Jess arrived reaches none of her requests, memories, state or quotes', async () => {
    const s = makeStory({ jessPresent: false });
    // Room enough for the projector to be told a few of its audience's memories too.
    const { env, model } = envOf(2048);
    await played(s, env, 6, (i) => `I whisper the password CANARY-EARLY-${i} to Jane and wait.`);
    const joined = model.calls.length;
    setPresent(s.doc, JESS, true);
    await played(s, env, 40, (i) => `I greet everyone in the room once more, round ${i}.`);

    const jess = model.calls.filter((c) => subjectOf(c) === 'Jess');
    const kinds = new Set(jess.map(kindOf));
    expect(kinds).toEqual(new Set(['actor', 'project', 'chronicle']));
    for (const call of jess)
      expect(JSON.stringify(call.messages).match(CANARY), `request ${call.n} (${kindOf(call)})`).toBeNull();
    expect(onPath(s, JESS).fresh.length).toBeGreaterThan(0);
    expect(
      jess.some((c) => kindOf(c) === 'project' && c.messages.at(-1)?.content.includes('What Jess remembers')),
    ).toBe(true);
    expect(stored(s, JESS).match(CANARY)).toBeNull();
    // The test can fail: Jane, who heard the password, remembers it and is told it.
    expect(stored(s, JANE).match(CANARY)?.length).toBeGreaterThan(0);
    const janeLater = model.calls
      .slice(joined)
      .filter((c) => subjectOf(c) === 'Jane' && kindOf(c) === 'actor');
    expect(janeLater.some((c) => JSON.stringify(c.messages).match(CANARY) !== null)).toBe(true);
  });

  it('[M6] an actor is told what its own chronicle noted it is not sure of, the latest few', async () => {
    const s = makeStory({ jessPresent: false });
    const { env, model } = envOf(2048);
    await played(s, env, 30, (i) => `I knock on the door and wait for an answer, round ${i}.`);
    const last = model.calls.filter((c) => subjectOf(c) === 'Jane' && kindOf(c) === 'actor').at(-1);
    const tail = last?.messages.at(-1)?.content ?? '';
    expect(tail).toContain('What you are not sure of:');
    expect(tail.match(/^- Who knocked\? \(\d+\)$/gm)?.length).toBeGreaterThan(0);
    expect(tail.match(/^- Who knocked\?/gm)?.length).toBeLessThanOrEqual(3);
  });
});

describe('evidence', () => {
  it("[M2][M3] every kept event and change quotes its participant's own view of its turn exactly; the rest is audited", async () => {
    const s = makeStory();
    const { env } = envOf();
    await played(s, env, 16, (i) => `I set a cup on the table and say "Good evening", time ${i}.`);
    for (const who of [USER, JANE, JESS]) {
      const leaf = s.views.meta().activeLeaf;
      const view = new Map(s.views.transcript(who, { leaf }).map((e) => [e.turnId, e.text]));
      const { fresh, pending, state } = onPath(s, who);
      expect(fresh.length, who).toBeGreaterThan(0);
      for (const { entry } of fresh)
        for (const item of [...entry.events, ...entry.changes])
          expect(view.get(item.turnId), `${who}: ${item.evidence}`).toContain(item.evidence);
      // Seen things apply at once; what someone wants waits for the person.
      expect(state[USER]?.location).toMatch(/^by the door/);
      expect(state[JANE]?.goals).toBeUndefined();
      expect(pending.some((p) => p.change.domain === 'goals')).toBe(true);
      const audit = s.views.chronicle(who).audit;
      expect(audit.some((a) => a.item.includes('Made up') && /exact quote/.test(a.reason))).toBe(true);
      expect(audit.some((a) => a.item.includes('Nobody') && /not in the story/.test(a.reason))).toBe(true);
      expect(JSON.stringify(fresh)).not.toContain('Made up');
    }
  });
});

describe('each branch keeps its own state', () => {
  it('[M5] chronicles made on one branch are not on another, and going back finds the first unchanged', async () => {
    const s = makeStory();
    const { env } = envOf();
    await played(s, env, 14, (i) => `I walk along the first road and count the stones, ${i}.`);
    const leafA = s.views.meta().activeLeaf;
    const before = onPath(s, JANE);
    expect(before.commits.length).toBeGreaterThan(0);
    const pathA = new Set(s.views.path().map((n) => n.id));

    setActiveLeaf(s.doc, s.views.path()[1]?.id ?? null);
    await played(s, env, 14, (i) => `I take the second road instead and sing, ${i}.`);
    const pathB = new Set(s.views.path().map((n) => n.id));
    const onB = onPath(s, JANE);
    expect(onB.commits.length).toBeGreaterThan(0);
    for (const c of onB.commits) expect(pathB.has(s.views.path()[c.at]?.id ?? '')).toBe(true);
    // Entries of what both branches share are on both; none that read a turn of the first branch's own.
    const ownToA = before.entries.filter((e) => e.entry.turns.some((t) => !pathB.has(t)));
    expect(ownToA.length).toBeGreaterThan(0);
    for (const e of onB.entries) for (const t of e.entry.turns) expect(pathB.has(t)).toBe(true);
    expect(onB.state).not.toEqual(before.state);

    const back = onPath(s, JANE, leafA);
    expect(back.state).toEqual(before.state);
    expect(back.entries.map((e) => e.entry.id)).toEqual(before.entries.map((e) => e.entry.id));
    expect([...pathA].some((id) => !pathB.has(id))).toBe(true);
  });
});

describe('stale chronicle entries are the stale-history choice', () => {
  it('[M5][H1] an edit of a turn an entry read makes it stale; keep re-stamps it, rewrite forgets it and keeps amended values', async () => {
    const s = makeStory();
    const { env } = envOf();
    await played(s, env, 14, (i) => `I tap the table twice and hum a tune, ${i}.`);
    const entry = onPath(s, JANE).fresh[0]?.entry;
    if (!entry) throw new Error('Jane has no chronicle yet');
    const read = entry.turns.find((t) => s.views.node(t).turn.author === USER) as string;

    editSource(s.doc, read, { text: 'I knock over the lamp. (edited)' });
    expect(staleHistory(s)?.chronicles).toBeGreaterThan(0);
    const refused = await send(s, env, { author: USER, text: 'And then?' });
    expect(refused).toMatchObject({ ok: false, code: 'stale-history' });
    const kept = await settleStale(s, env, s.views.meta().activeLeaf, 'keep');
    expect(kept.ok).toBe(true);
    expect(onPath(s, JANE).entries.find((e) => e.entry.id === entry.id)?.stale).toBe(false);
    expect(staleHistory(s)).toBeNull();

    // The person amends a change the entry holds, then edits a turn it read once more and rewrites.
    const goal = entry.changes.find((c) => c.domain === 'goals');
    if (!goal) throw new Error('no goals change to review');
    writeRecords(s.doc, JANE, 'reviews', [
      { changeId: goal.id, decision: 'amended', value: 'AMENDED to stay', at: s.now() },
    ]);
    expect(onPath(s, JANE).state[JANE]?.goals).toBe('AMENDED to stay');
    editSource(s.doc, read, { text: 'I knock over the lamp again. (edited twice)' });
    const rewritten = await settleStale(s, env, s.views.meta().activeLeaf, 'rewrite');
    expect(rewritten.ok, JSON.stringify(rewritten)).toBe(true);
    const after = onPath(s, JANE);
    expect(after.entries.some((e) => e.entry.id === entry.id)).toBe(false);
    expect(after.entries.every((e) => !e.stale)).toBe(true);
    expect(s.views.chronicle(JANE).corrections.some((c) => c.value === 'AMENDED to stay')).toBe(true);
  });
});

describe('Story JSON carries each chronicle inside its participant', () => {
  it('[M8] out and back in, every memory, change, review, checkpoint and audit record is the same', async () => {
    const s = makeStory();
    const { env } = envOf();
    await played(s, env, 14, (i) => `I open the window and let the cold in, ${i}.`);
    const more = await continueFor(s, env, { choice: { auto: true }, turns: 2 });
    expect(more.ok).toBe(true);
    const json = exportStory(s.doc);
    const jane = json.participants.find((p) => p.id === JANE);
    expect(jane?.chronicle?.entries.length).toBeGreaterThan(0);
    expect(jane?.chronicle?.audit.length).toBeGreaterThan(0);
    const back = importStory(JSON.parse(JSON.stringify(json)), s.now());
    if (!back.ok) throw new Error(back.detail);
    const again = exportStory(back.doc);
    for (const p of json.participants)
      expect(again.participants.find((q) => q.id === p.id)?.chronicle).toEqual(p.chronicle);
    // What the imported story's views make of it is what the original's did.
    const imported = { doc: back.doc, views: createStoryViews(back.doc) };
    expect(onPath(imported, JANE).state).toEqual(onPath(s, JANE).state);

    const broken = JSON.parse(JSON.stringify(json));
    broken.participants.find((p: { id: string }) => p.id === JANE).chronicle.entries[0].turns = ['nowhere'];
    expect(importStory(broken, s.now()).ok).toBe(false);
  });
});
