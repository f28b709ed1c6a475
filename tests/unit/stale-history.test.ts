// Stale history is the person's decision: after an edit, no command generates on the earlier version
// or rewrites it without being asked; "keep" re-stamps, "rewrite" makes the stale items again on a new
// branch and loses nothing (old turns byte for byte, hand edits kept); regenerate completes first.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS, type StoryFixture } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { modelFailure } from '../support/scripted-model.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { editPovText, readPov } from '../../src/driver/doc/pov.ts';
import { activeLeaf, editSource, readTurn } from '../../src/driver/doc/turns.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import {
  continueFor,
  regenerate,
  regenerateView,
  send,
  settleStale,
} from '../../src/driver/turns/commands.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';

const TOBIN = 'tobin';

let ids = 0;
let time = Date.UTC(2025, 0, 1);
/** A scripted env whose ids and clock go on across the envs of one story, as a device's do. */
const envOf = (respond: Parameters<typeof makeEnv>[0] = answer) =>
  makeEnv(respond, { newId: () => `x${++ids}`, clock: () => (time += 1000) });

let answers = 0;
/** Every answer is new text (it carries a number no other answer has), so anything regenerated differs. */
function answer(request: ChatRequest): string {
  const n = ++answers;
  switch (kindOf(request)) {
    case 'selector': {
      const names = (request.response_format?.json_schema.schema.properties as { next: { enum: string[] } })
        .next.enum;
      return JSON.stringify({ next: names[n % names.length] });
    }
    case 'project':
      return `You hear footsteps nearby. (answer ${n})`;
    case 'batch':
      throw new Error('not batched here');
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `I step forward and look around. (answer ${n})`;
  }
}

/**
 * A story of `rounds` user turns, each followed by one character's turn: User, Jane, Jess, Tobin. The
 * background runs after each, as while a person reads, so every view is written.
 */
async function played(rounds: number): Promise<StoryFixture> {
  const s = makeStory();
  const added = addParticipant(s.doc, {
    id: TOBIN,
    kind: 'character',
    name: 'Tobin',
    present: true,
    card: {},
  });
  if (!added.ok) throw new Error(JSON.stringify(added));
  const env = envOf();
  for (let i = 0; i < rounds; i++) {
    const r = await send(s, env, { author: USER, text: `I speak, turn ${i + 1}.` });
    if (!r.ok) throw new Error(r.detail);
    const done = await completeBackground(s, env);
    if (!done.ok) throw new Error(done.detail);
  }
  return s;
}

const path = (s: StoryFixture) => s.views.path().map((n) => n.turn);
const turnsOf = (json: StoryJson) => new Map(json.turns.map((t) => [t.id, t]));

describe('stale history is the person’s choice', () => {
  it('[L3] after an early edit, Regenerate, Send and Let them continue stop and ask: nothing is requested or written', async () => {
    const s = await played(10);
    expect(path(s)).toHaveLength(20);
    const early = path(s)[2]?.id as string;
    editSource(s.doc, early, { text: 'I speak, turn 2, and then I whisper a secret.' });
    const stale = staleHistory(s);
    expect(stale?.turns[0]).toBe(early);
    expect(stale?.turns.length).toBeGreaterThan(4);
    const before = JSON.stringify(exportStory(s.doc));
    const env = envOf();
    const last = activeLeaf(s.doc) as string;
    // Regenerating the last turn rests on the history before it: the stale turns but that one.
    const beforeLast = staleHistory(s, readTurn(s.doc, last).parent);
    expect(beforeLast?.turns).toEqual(stale?.turns.filter((t) => t !== last));
    for (const [refused, asked] of [
      [await regenerate(s, env, last), beforeLast],
      [await send(s, env, { author: USER, text: 'Anyone?' }), stale],
      [await continueFor(s, env, { choice: { auto: true }, turns: 3 }), stale],
    ] as const) {
      expect(!refused.ok && refused.code).toBe('stale-history');
      expect(!refused.ok && refused.stale).toEqual(asked);
    }
    expect(env.model.calls).toHaveLength(0);
    expect(JSON.stringify(exportStory(s.doc))).toBe(before);
  });

  it('[D7][H2] "keep" re-stamps every stale item and changes no text; the command then runs on it', async () => {
    const s = await played(6);
    const early = path(s)[2]?.id as string;
    editSource(s.doc, early, { text: 'I speak, turn 2, louder.' });
    const texts = JSON.stringify(
      path(s).map((t) => [t.source, t.pov]),
      (k, v) => (k === 'basis' ? undefined : v),
    );
    const env = envOf();
    const r = await send(s, env, { author: USER, text: 'And now?', stale: 'keep' });
    expect(r.ok).toBe(true);
    const kept = path(s).slice(0, 12);
    expect(
      JSON.stringify(
        kept.map((t) => [t.source, t.pov]),
        (k, v) => (k === 'basis' ? undefined : v),
      ),
    ).toBe(texts);
    expect(staleHistory(s)).toBeNull();
    // At once: a character is chosen, sees the new turn, acts, and the user sees its turn; the background
    // then writes the two others' views of each new turn. Nothing else was made again.
    expect(env.model.calls.map(kindOf)).toEqual(['selector', 'project', 'actor', 'project']);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map(kindOf).slice(4)).toEqual(['project', 'project', 'project', 'project']);
  });

  it('[H3][H4] "rewrite" makes a new branch from the first stale character turn; the old one stays byte for byte', async () => {
    const s = await played(6);
    const old = path(s);
    const oldLeaf = activeLeaf(s.doc) as string;
    // An early source edit; a later character turn edited by hand; a later view edited by hand.
    editSource(s.doc, old[2]?.id as string, { text: 'I speak, turn 2, and drop a key.' });
    const handTurn = old[5]?.id as string;
    editSource(s.doc, handTurn, { text: 'I pick up the key. (edited by hand)' });
    const handView = old[6] as (typeof old)[number];
    const viewer = handView.author === JANE ? JESS : JANE;
    editPovText(
      s.doc,
      handView.id,
      viewer,
      { text: 'You see someone by the door. (edited by hand)' },
      s.expectedPov(handView.id, viewer),
    );
    const before = turnsOf(exportStory(s.doc));
    // What a rewrite must make: each stale character turn again with all its views (they are new),
    // and elsewhere each stale view that is not a person's; nothing else.
    const nodes = s.views.path();
    const rewritten = nodes.filter((n) => n.turnState === 'stale' && !n.turn.edited);
    const regeneratedViews = nodes
      .map((n) =>
        rewritten.includes(n)
          ? n.pov.size
          : [...n.pov].filter(([a, p]) => p.state === 'stale' && n.turn.pov[a]?.origin !== 'edited').length,
      )
      .reduce((a, b) => a + b, 0);

    // Every turn of the person's after the fork is copied, as asked (H9).
    const copy = (staleHistory(s)?.handTurns ?? []).map((h) => h.turnId);
    const env = envOf();
    const r = await settleStale(s, env, oldLeaf, { rewrite: { copy } });
    expect(r.ok).toBe(true);
    expect(staleHistory(s)).toBeNull();
    // Only the stale items were requested, once each.
    const kinds = env.model.calls.map(kindOf);
    expect(kinds.filter((k) => k === 'actor')).toHaveLength(rewritten.length);
    expect(kinds.filter((k) => k === 'project')).toHaveLength(regeneratedViews);

    // The old branch: every turn it had, as it was (sources byte for byte, views untouched after the fork).
    const after = turnsOf(exportStory(s.doc));
    const fork = old.findIndex((t) => s.views.node(t.id).turnState === 'stale' && !t.edited);
    for (const t of old.slice(fork)) expect(after.get(t.id)).toEqual(before.get(t.id));
    expect(s.views.path(oldLeaf).map((n) => n.id)).toEqual(old.map((t) => t.id));

    // The new branch: a sibling at the fork, every person's text copied exactly, hand edits kept.
    const now = path(s);
    expect(now).toHaveLength(old.length);
    expect(now[fork]?.parent).toBe(old[fork]?.parent);
    expect(now[fork]?.id).not.toBe(old[fork]?.id);
    for (const [i, t] of now.entries()) {
      const was = readTurn(s.doc, old[i]?.id as string);
      expect(t.author).toBe(was.author);
      if (was.origin === 'authored' || was.edited) expect(t.source).toBe(was.source);
    }
    expect(now[5]?.source).toBe('I pick up the key. (edited by hand)');
    expect(now[5]?.edited).toBe(true);
    expect(now[6]?.pov[viewer]).toMatchObject({
      text: 'You see someone by the door. (edited by hand)',
      origin: 'edited',
    });
  });

  it('[H3][H4] "rewrite" with nothing but views stale projects them again in place (derived data), hand edits kept', async () => {
    const s = await played(2);
    const env = envOf();
    const last = await send(s, env, { author: USER, text: 'I speak last.', next: null });
    expect((await completeBackground(s, env)).ok).toBe(true);
    const turn = last.ok ? last.turnId : '';
    editPovText(s.doc, turn, JANE, { text: 'Someone speaks. (mine)' }, s.expectedPov(turn, JANE));
    editSource(s.doc, turn, { text: 'I speak last, and loudly.' });
    expect(
      s.views
        .staleItems()
        .map((i) => i.audience)
        .sort(),
    ).toEqual([JANE, JESS, TOBIN]);
    const rewriting = envOf();
    const r = await settleStale(s, rewriting, turn, 'rewrite');
    expect(r.ok && r.leaf).toBe(turn);
    expect(staleHistory(s)).toBeNull();
    expect(rewriting.model.calls.map(subjectOf).sort()).toEqual(['Jess', 'Tobin']);
    expect(readPov(s.doc, turn, JANE)).toMatchObject({ text: 'Someone speaks. (mine)', origin: 'edited' });
    expect(readPov(s.doc, turn, JESS)?.text).toMatch(/answer/);
  });

  it('[L5][H3] a rewrite that fails leaves the old branch whole; failing before its first turn, the path as it was', async () => {
    const s = await played(4);
    const oldLeaf = activeLeaf(s.doc) as string;
    const old = JSON.stringify(exportStory(s.doc).turns);
    editSource(s.doc, path(s)[0]?.id as string, { text: 'I speak, turn 1, changed.' });
    const edited = JSON.stringify(exportStory(s.doc).turns);
    expect(edited).not.toBe(old);
    const failing = envOf((req) => (kindOf(req) === 'actor' ? modelFailure('server') : answer(req)));
    const r = await settleStale(s, failing, oldLeaf, 'rewrite');
    expect(!r.ok && r.code).toBe('server');
    expect(activeLeaf(s.doc)).toBe(oldLeaf);
    const oldIds = new Set(JSON.parse(edited).map((t: { id: string }) => t.id));
    const after = exportStory(s.doc).turns.filter((t) => oldIds.has(t.id));
    // In-place work before the fork is kept (views are derived data); the turns themselves are unchanged.
    expect(after.map((t) => [t.id, t.source])).toEqual(
      JSON.parse(edited).map((t: { id: string; source: string }) => [t.id, t.source]),
    );
  });

  it('[L2][H6] regenerating a hand-written turn completes a missing earlier view first, in order', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.project(t1, JESS, 'You see a wave.');
    const t2 = s.say(USER, 'I call out.');
    s.projectAll(t2);
    const env = envOf();
    const r = await regenerate(s, env, t2);
    expect(r.ok).toBe(true);
    expect(env.model.calls.map((c) => `${kindOf(c)}:${subjectOf(c)}`)).toEqual([
      'project:Jane',
      'project:Jane',
      'project:Jess',
    ]);
    expect(JSON.stringify(env.model.calls[0]?.messages)).toContain('I wave.');
    expect(readTurn(s.doc, t2).source).toBe('I call out.');
    expect(readTurn(s.doc, t2).pov[JANE]?.text).toContain('answer 2');
  });

  it('[H6][H4] regenerating a hand-written turn keeps views edited by hand; one view asked for by name is replaced', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    s.project(t1, JANE, 'A hand waves at you. (mine)', 'edited');
    const env = envOf();
    expect((await regenerate(s, env, t1)).ok).toBe(true);
    expect(env.model.calls.map(subjectOf)).toEqual(['Jess']);
    expect(readTurn(s.doc, t1).pov[JANE]?.text).toBe('A hand waves at you. (mine)');
    expect((await regenerateView(s, env, t1, JANE)).ok).toBe(true);
    expect(readTurn(s.doc, t1).pov[JANE]).toMatchObject({
      origin: 'generated',
      text: expect.stringContaining('answer 2'),
    });
  });

  it('[H4] a view imported from another app is the person’s: regenerating keeps it, a rewrite re-stamps it', async () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    s.project(t1, JANE, 'A hand waves. (imported)', 'imported');
    const env = envOf();
    expect((await regenerate(s, env, t1)).ok).toBe(true);
    expect(env.model.calls.map(subjectOf)).toEqual(['Jess']);
    expect(readPov(s.doc, t1, JANE)).toMatchObject({ text: 'A hand waves. (imported)', origin: 'imported' });
    editSource(s.doc, t1, { text: 'I wave twice.' });
    // Both views are stale; the imported one counts as the person's text.
    expect(staleHistory(s)?.byHand).toBe(1);
    const rewriting = envOf();
    expect((await settleStale(s, rewriting, t1, 'rewrite')).ok).toBe(true);
    expect(rewriting.model.calls.map(subjectOf)).toEqual(['Jess']);
    expect(readPov(s.doc, t1, JANE)).toMatchObject({ text: 'A hand waves. (imported)', origin: 'imported' });
    expect(staleHistory(s)).toBeNull();
  });

  it('[H6] regenerating a character turn makes an alternative beside it; a failure leaves the path where it was', async () => {
    const s = await played(2);
    const last = activeLeaf(s.doc) as string;
    const failing = envOf(() => modelFailure('unreachable'));
    expect((await regenerate(s, failing, last)).ok).toBe(false);
    expect(activeLeaf(s.doc)).toBe(last);
    const env = envOf();
    const r = await regenerate(s, env, last);
    expect(r.ok).toBe(true);
    const made = r.ok ? r.turnId : '';
    expect(readTurn(s.doc, made).parent).toBe(readTurn(s.doc, last).parent);
    expect(readTurn(s.doc, made).author).toBe(readTurn(s.doc, last).author);
    expect(s.views.children(readTurn(s.doc, last).parent)).toEqual([last, made]);
    expect(readTurn(s.doc, last).source).toMatch(/answer/);
  });

  it('[H1][H3] regenerating with stale history before the turn asks first; with "rewrite" it continues on the new branch', async () => {
    const s = await played(4);
    const last = activeLeaf(s.doc) as string;
    editSource(s.doc, path(s)[0]?.id as string, { text: 'I speak, turn 1, differently.' });
    const env = envOf();
    const refused = await regenerate(s, env, last);
    expect(!refused.ok && refused.code).toBe('stale-history');
    const r = await regenerate(s, env, last, { stale: 'rewrite' });
    expect(r.ok).toBe(true);
    expect(staleHistory(s)).toBeNull();
    const now = path(s);
    expect(now.at(-1)?.id).toBe(r.ok ? r.turnId : '');
    // The user's later turns answered the turns rewritten: they stay on the old branch (H9).
    expect(now.map((t) => t.author === USER)).toEqual([true, false, false, false, false]);
    expect(s.views.path(last).at(-1)?.id).toBe(last);
  });

  it('[H4][H5] editing a character turn by hand marks it edited and makes its views stale, not the turn; an edit to no text is refused', async () => {
    const s = await played(1);
    const [mine, theirs] = path(s);
    editSource(s.doc, theirs?.id as string, { text: 'I nod. (by hand)' });
    expect(readTurn(s.doc, theirs?.id as string).edited).toBe(true);
    expect(editSource(s.doc, theirs?.id as string, { text: '  ' })).toEqual({ ok: false, code: 'empty' });
    expect(readTurn(s.doc, theirs?.id as string).source).toBe('I nod. (by hand)');
    const node = s.views.node(theirs?.id as string);
    expect(node.turnState).toBe('fresh');
    expect([...node.pov.values()].every((p) => p.state === 'stale')).toBe(true);
    expect(staleHistory(s)?.byHand).toBe(0);
    // A hand-written turn is the person's anyway: editing it marks nothing; the character turn after
    // it is now stale, and it is a person's text too.
    editSource(s.doc, mine?.id as string, { text: 'I speak, then sit.' });
    expect(readTurn(s.doc, mine?.id as string).edited).toBe(false);
    expect(staleHistory(s)?.byHand).toBe(1);
  });
});
