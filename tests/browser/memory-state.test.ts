// "What X remembers" state in Chromium over a scripted driver: it reads one participant's chronicle and
// reads it again on every change of that story (not of another), each edit goes to the worker as one
// MemoryEditInput for that story and participant and brings a fresh read, a read overtaken by an edit
// is dropped, and a refused or crashed edit is said.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent, createRoot } from 'solid-js';
import { createClientFor, DriverProvider } from '../../src/app/shell/driver-client.ts';
import { createMemoryState, type MemoryState } from '../../src/app/memory/memory-state.ts';
import type { MemoryEditInput, MemoryView, Result } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID } from './fake-driver.ts';

function view(patch: Partial<MemoryView> = {}): MemoryView {
  return {
    participant: JANE_ID,
    name: 'Jane',
    memories: [],
    state: [],
    pending: [],
    events: [],
    uncertainties: [],
    audit: [],
    staleEntries: 0,
    chronicledTurns: 0,
    ...patch,
  };
}

const MEMORY = { id: 'm1', text: 'You met Sam.', importance: 6, turnId: 't1', byPerson: false };

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

async function open(edit: (input: MemoryEditInput) => Promise<Result> = async () => ({ ok: true })) {
  const fake = createFakeDriver();
  let current = view();
  let reads = 0;
  fake.handlers.memory = async () => {
    reads++;
    return { ok: true, memory: current };
  };
  fake.handlers.editMemory = async (_story, _participant, input) => edit(input);
  let state!: MemoryState;
  const dispose = createRoot((dispose) => {
    createComponent(DriverProvider, {
      client: createClientFor(fake.api),
      get children() {
        state = createMemoryState('s1', JANE_ID);
        return null;
      },
    });
    return dispose;
  });
  cleanups.push(dispose);
  await expect.poll(() => state.memory()).toBeDefined();
  const set = (next: MemoryView) => (current = next);
  const changed = (storyId = 's1') =>
    fake.push({ kind: 'story-changed', storyId, turnIds: [], participants: true, meta: false });
  return { fake, state, set, changed, reads: () => reads };
}

const edits = (fake: ReturnType<typeof createFakeDriver>) =>
  fake.calls.filter(([name]) => name === 'editMemory').map(([, args]) => args);

describe('memory state', () => {
  it('reads the participant’s chronicle and reads it again when that story changes', async () => {
    const { fake, state, set, changed } = await open();
    expect(fake.calls.find(([name]) => name === 'memory')?.[1]).toEqual(['s1', JANE_ID]);
    set(view({ memories: [MEMORY], chronicledTurns: 4 }));
    changed('another-story');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.memory()?.memories).toEqual([]);
    changed();
    await expect.poll(() => state.memory()?.chronicledTurns).toBe(4);
    expect(state.memory()?.memories).toEqual([MEMORY]);
  });

  it('sends each edit for this story and participant, then reads again', async () => {
    const { fake, state, set, reads } = await open();
    const before = reads();
    expect(await state.review('c1', 'accepted')).toBe(true);
    expect(await state.amend('c2', 'is looking for his sister')).toBe(true);
    expect(await state.review('c3', 'rejected')).toBe(true);
    expect(await state.correct(JANE_ID, 'location', 'in the cellar')).toBe(true);
    expect(await state.correct(JANE_ID, 'appearance', '')).toBe(true);
    expect(await state.addMemory('You promised Sam a bed.', 9)).toBe(true);
    set(view({ memories: [MEMORY] }));
    expect(await state.forget('m1')).toBe(true);
    expect(edits(fake)).toEqual([
      ['s1', JANE_ID, { kind: 'review', changeId: 'c1', decision: 'accepted' }],
      ['s1', JANE_ID, { kind: 'amend', changeId: 'c2', value: 'is looking for his sister' }],
      ['s1', JANE_ID, { kind: 'review', changeId: 'c3', decision: 'rejected' }],
      ['s1', JANE_ID, { kind: 'correct', subject: JANE_ID, domain: 'location', value: 'in the cellar' }],
      ['s1', JANE_ID, { kind: 'correct', subject: JANE_ID, domain: 'appearance', value: '' }],
      ['s1', JANE_ID, { kind: 'add-memory', text: 'You promised Sam a bed.', importance: 9 }],
      ['s1', JANE_ID, { kind: 'forget-memory', memoryId: 'm1' }],
    ]);
    // Each edit brought its own read: what the panel shows is the worker's answer, not the edit.
    expect(reads() - before).toBe(7);
    expect(state.memory()?.memories).toEqual([MEMORY]);
  });

  it('drops a read that an edit overtook', async () => {
    let release!: () => void;
    const { fake, state, changed } = await open();
    const slow = view({ chronicledTurns: 1 });
    const fresh = view({ chronicledTurns: 2 });
    let answer = slow;
    fake.handlers.memory = () =>
      new Promise((resolve) => {
        const mine = answer;
        if (mine === slow) release = () => resolve({ ok: true, memory: mine });
        else resolve({ ok: true, memory: mine });
      });
    changed();
    await expect.poll(() => typeof release).toBe('function');
    answer = fresh;
    expect(await state.addMemory('You promised Sam a bed.', 5)).toBe(true);
    expect(state.memory()?.chronicledTurns).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.memory()?.chronicledTurns).toBe(2);
  });

  it('says why an edit was refused, and a crash as a failure', async () => {
    let crash = false;
    const { state } = await open(async () => {
      if (crash) throw new Error('worker gone');
      return { ok: false, code: 'invalid', detail: 'A memory needs some text.' };
    });
    expect(await state.addMemory(' ', 5)).toBe(false);
    expect(state.error()).toBe('A memory needs some text.');
    crash = true;
    expect(await state.forget('m1')).toBe(false);
    expect(state.error()).toMatch(/^The story engine stopped unexpectedly: .*worker gone/);
    expect(state.busy()).toBe(false);
  });
});
