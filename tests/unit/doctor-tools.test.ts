// The session doctor's tools on a story built here: the budget pressure of each participant's newest
// request, the memory review queue and its decision, the failed generation and its retry — each fix
// proposed, run through the fixes given only at Apply, and refused at Apply once the state moved on.
import { describe, expect, it } from 'vitest';
import { writeRecords } from '../../src/driver/doc/chronicle.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { editSource } from '../../src/driver/doc/turns.ts';
import type { Given } from '../../src/driver/doc/given.ts';
import {
  doctorTools,
  type DoctorFixes,
  type FailedGeneration,
} from '../../src/driver/assistant/doctor/doctor-tools.ts';
import { findTool } from '../../src/driver/assistant/tools.ts';
import { transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';

const given = (promptTokens: number): Given => ({
  context: 1000,
  maxTokens: 200,
  source: 'setting',
  parts: [],
  promptTokens,
  exact: false,
  window: { start: 3, entries: 5 },
});

function setup() {
  const story = makeStory();
  const t1 = story.say(USER, 'I knock at the gate.');
  story.projectAll(t1);
  // Jane's view of the first turn was asked with a request that nearly filled her context.
  writePov(story.doc, t1, JANE, {
    perceived: true,
    text: 'Someone knocks at the gate.',
    basis: story.expectedPov(t1, JANE),
    origin: 'generated',
    createdAt: story.now(),
    given: given(760),
  });
  const calls: string[] = [];
  let failure: FailedGeneration | undefined;
  const fixes: DoctorFixes = {
    writeMissingViews: async () => (calls.push('views'), { ok: true }),
    keep: async (item) => (calls.push(`keep ${item.turnId}`), { ok: true }),
    rewriteStale: async () => (calls.push('rewrite'), { ok: true }),
    retryFailed: async () => {
      calls.push('retry');
      failure = undefined;
      return { ok: true };
    },
    review: async (who, changeId, decision) => {
      calls.push(`review ${who} ${changeId} ${decision}`);
      writeRecords(story.doc, who, 'reviews', [{ changeId, decision, at: '2025-01-01T00:00:00.000Z' }]);
      return { ok: true };
    },
  };
  const tools = doctorTools({ story, language: 'en', lastFailure: () => failure, fixes });
  const read = (name: string) => {
    const tool = findTool(tools, name);
    if (tool?.kind !== 'read') throw new Error(name);
    const r = tool.run({});
    if (!r.ok) throw new Error(r.error);
    return JSON.parse(r.result) as Record<string, unknown>;
  };
  const write = (name: string, args: object = {}) => {
    const tool = findTool(tools, name);
    if (tool?.kind !== 'write') throw new Error(name);
    return tool.propose(args);
  };
  return { story, t1, calls, read, write, fail: (f: FailedGeneration) => (failure = f) };
}

describe('the session doctor’s tools', () => {
  it('[DR2] tells each participant’s newest request’s share of its context, pressure from 0.9 on', () => {
    const { read } = setup();
    expect(read('read_budget').requests).toEqual([
      {
        participant: JANE,
        name: 'Jane',
        turn: 1,
        promptTokens: 760,
        maxTokens: 200,
        context: 1000,
        share: 0.96,
        pressure: true,
        leftOutOfWindow: 3,
      },
    ]);
    expect(read('read_story_health')).toMatchObject({ requestsUnderPressure: 1, memoryReviews: 0 });
  });

  it('[DR3] a memory change waiting for review is decided only at Apply, and refused once decided', async () => {
    const { story, t1, calls, read, write } = setup();
    const transcript = story.views.transcript(JESS, { leaf: t1 });
    writeRecords(story.doc, JESS, 'entries', [
      {
        id: 'e1',
        turns: [t1],
        basis: transcriptBasis(transcript),
        createdAt: '2025-01-01T00:00:00.000Z',
        memories: [],
        events: [],
        uncertainties: [],
        changes: [
          {
            id: 'c1',
            subject: JESS,
            domain: 'relationship',
            value: 'wary of the stranger',
            evidence: 'knock',
            turnId: t1,
          },
        ],
      },
    ]);
    expect(read('list_memory_reviews').reviews).toEqual([
      {
        participant: JESS,
        name: 'Jess',
        changeId: 'c1',
        subject: 'Jess',
        domain: 'relationship',
        value: 'wary of the stranger',
        evidence: 'knock',
      },
    ]);
    const first = write('review_memory_change', { participant: JESS, changeId: 'c1', decision: 'accepted' });
    const second = write('review_memory_change', { participant: JESS, changeId: 'c1', decision: 'rejected' });
    if (!first.ok || !second.ok) throw new Error('not proposed');
    expect(first.change).toMatchObject({
      label: 'What Jess remembers: Jess (relationship)',
      before: 'Waiting for review: wary of the stranger',
      after: 'wary of the stranger',
    });
    expect(calls).toEqual([]);
    expect(await first.change.apply()).toEqual({ ok: true });
    expect(calls).toEqual([`review ${JESS} c1 accepted`]);
    expect(read('list_memory_reviews').reviews).toEqual([]);
    expect(await second.change.apply()).toEqual({
      ok: false,
      error: 'That change is no longer waiting for review.',
    });
    expect(calls).toHaveLength(1);
  });

  it('[DR3] the failed generation is retried only at Apply; with nothing failed, retry is refused', async () => {
    const { calls, read, write, fail } = setup();
    expect(write('retry_failed_generation')).toEqual({
      ok: false,
      error: 'No generation of this story has failed since the last one that succeeded.',
    });
    fail({ detail: 'The model server did not answer.', again: 'Runs the same command again.' });
    expect(read('read_failed_generation').failed).toEqual({
      detail: 'The model server did not answer.',
      again: 'Runs the same command again.',
    });
    const proposed = write('retry_failed_generation');
    if (!proposed.ok) throw new Error(proposed.error);
    expect(proposed.change).toMatchObject({
      before: 'The model server did not answer.',
      after: 'Runs the same command again.',
    });
    expect(calls).toEqual([]);
    expect(await proposed.change.apply()).toEqual({ ok: true });
    expect(calls).toEqual(['retry']);
    expect(await proposed.change.apply()).toMatchObject({ ok: false });
    expect(calls).toEqual(['retry']);
  });

  it('[DR3] [H9] the rewrite it proposes says the turns written by hand after the fork stay on the old branch', () => {
    const { story, t1, write } = setup();
    story.say(JANE, 'I open the gate.', { origin: 'generated' });
    story.say(USER, 'I step inside.');
    editSource(story.doc, t1, { text: 'I hammer at the gate.' });
    const proposed = write('rewrite_stale_history');
    if (!proposed.ok) throw new Error(proposed.error);
    expect(proposed.change.after).toBe(
      'Rewritten by the model on a new branch; the turn written or edited by hand after the first one rewritten stays on the old branch.',
    );
  });

  it('[DR3] a stale item not on the path, or fresh, is refused when proposed', () => {
    const { t1, write } = setup();
    expect(write('keep_stale_item', { turnId: 'nope' })).toEqual({
      ok: false,
      error: 'No turn nope on the active path.',
    });
    expect(write('keep_stale_item', { turnId: t1, audience: JANE })).toEqual({
      ok: false,
      error: 'What Jane perceived of turn 1 is not stale now: it was kept or rewritten meanwhile.',
    });
    expect(write('rewrite_stale_history')).toEqual({
      ok: false,
      error: 'Nothing on the active path is stale now.',
    });
    expect(write('write_missing_views')).toEqual({
      ok: false,
      error: 'No perception is missing on the active path now.',
    });
  });
});
