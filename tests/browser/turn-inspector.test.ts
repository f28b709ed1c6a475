// The turn inspector's state and editors in Chromium over a scripted driver: it reads the turn and
// re-reads it on every change, typing leaves as one minimal delta after a pause, a remote edit is
// merged into the open textarea with the caret kept, stale reads never undo a local edit, and the
// actions call the worker with this turn (and audience).
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent, createRoot } from 'solid-js';
import { createClientFor, DriverProvider } from '../../src/app/shell/driver-client.ts';
import { bindDeltaEditor, EDIT_DEBOUNCE_MS } from '../../src/app/ui/delta-editor.ts';
import { createInspectorState, type InspectorState } from '../../src/app/inspector/inspector-state.ts';
import type { TurnInspection } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID, USER_ID } from './fake-driver.ts';

type Fake = ReturnType<typeof createFakeDriver>;

const SOURCE = 'I lift the lantern and think of the cipher.';
const SEEN = 'A lantern rises in the dark.';

function inspection(patch: Partial<TurnInspection> = {}, seen = SEEN): TurnInspection {
  return {
    turnId: 't2',
    author: JANE_ID,
    origin: 'generated',
    source: SOURCE,
    stale: false,
    edited: false,
    variants: [
      { audience: USER_ID, name: 'Sam', badge: 'fresh', perceived: true, text: seen, edited: false },
    ],
    ...patch,
  };
}

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

async function open(configure: (fake: Fake) => void = () => {}) {
  const fake = createFakeDriver();
  let current = inspection();
  fake.handlers.inspectTurn = async () => ({ ok: true, turn: current });
  const ok = async () => ({ ok: true as const });
  Object.assign(fake.handlers, {
    editPov: ok,
    editSource: ok,
    keepAsIs: ok,
    markPerceivedNothing: ok,
    regenerateProjection: ok,
    regenerateFrom: ok,
    branchFrom: async () => ({ ok: true as const, turn: 2, leaf: 't3' }),
  });
  configure(fake);
  let state!: InspectorState;
  const dispose = createRoot((dispose) => {
    createComponent(DriverProvider, {
      client: createClientFor(fake.api),
      get children() {
        state = createInspectorState('s1', 't2');
        return null;
      },
    });
    return dispose;
  });
  cleanups.push(dispose);
  await expect.poll(() => state.turn()).toBeDefined();
  const change = (next: TurnInspection) => {
    current = next;
    fake.push({ kind: 'story-changed', storyId: 's1', turnIds: ['t1'], participants: false, meta: false });
  };
  return { fake, state, change };
}

function textarea(): HTMLTextAreaElement {
  const el = document.createElement('textarea');
  document.body.append(el);
  cleanups.push(() => el.remove());
  return el;
}

function type(el: HTMLTextAreaElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new InputEvent('input', { bubbles: true }));
}

describe('turn inspector', () => {
  it('reads the turn, and again whenever the story changes (staleness moves with earlier turns)', async () => {
    const { state, change } = await open();
    expect(state.turn()?.source).toBe(SOURCE);
    change(inspection({ stale: true }));
    await expect.poll(() => state.turn()?.stale).toBe(true);
  });

  it('sends a pause in typing as one minimal delta of that variant', async () => {
    const { fake, state } = await open();
    const el = textarea();
    const editor = bindDeltaEditor(el, SEEN, (delta) => state.editVariant(USER_ID, delta));
    cleanups.push(() => editor.dispose());
    type(el, 'A lantern rises in the');
    type(el, 'A lantern rises in the cold dark.');
    expect(fake.calls.filter(([name]) => name === 'editPov')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, EDIT_DEBOUNCE_MS + 50));
    const edits = fake.calls.filter(([name]) => name === 'editPov');
    expect(edits.map(([, args]) => args)).toEqual([
      ['s1', 't2', USER_ID, [{ retain: 23 }, { insert: 'cold ' }]],
    ]);
  });

  it('merges a remote edit into the open textarea and keeps the caret where the user is', async () => {
    const el = textarea();
    const sent: unknown[] = [];
    const editor = bindDeltaEditor(el, SEEN, (delta) => sent.push(delta), { delayMs: 60_000 });
    cleanups.push(() => editor.dispose());
    el.focus();
    // The user types at the end, unsent; meanwhile another device edits the start.
    type(el, `${SEEN} Silence.`);
    el.setSelectionRange(el.value.length, el.value.length);
    editor.remote(`Far away, ${SEEN}`);
    expect(el.value).toBe(`Far away, ${SEEN} Silence.`);
    expect(el.selectionStart).toBe(el.value.length);
    // What is sent next rests on the remote text: only the user's own words.
    editor.flush();
    expect(sent).toEqual([[{ retain: `Far away, ${SEEN}`.length }, { insert: ' Silence.' }]]);
  });

  it('drops a read that was asked for before an edit was sent', async () => {
    let release!: () => void;
    const { fake, state } = await open();
    const before = inspection({}, SEEN);
    fake.handlers.inspectTurn = () =>
      new Promise((resolve) => (release = () => resolve({ ok: true, turn: before })));
    fake.push({ kind: 'story-changed', storyId: 's1', turnIds: [], participants: false, meta: false });
    state.editVariant(USER_ID, [{ retain: 2 }, { insert: 'x' }]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls.filter(([name]) => name === 'inspectTurn')).toHaveLength(2);
    expect(state.turn()).not.toBe(before);
  });

  it('runs each action on this turn, one at a time, and shows a failure', async () => {
    const { fake, state } = await open((f) => {
      f.handlers.regenerateFrom = async () => ({ ok: false, code: 'busy', detail: 'Wait for it.' });
    });
    expect(await state.keepAsIs(USER_ID)).toBe(true);
    expect(await state.keepAsIs()).toBe(true);
    expect(await state.markPerceivedNothing(USER_ID)).toBe(true);
    expect(await state.regenerateProjection(USER_ID)).toBe(true);
    expect(await state.branchFrom()).toEqual({ turn: 2, leaf: 't3' });
    expect(await state.regenerateFrom()).toBe(false);
    expect(state.error()).toBe('Wait for it.');
    const actions = fake.calls.filter(([name]) => !['inspectTurn', 'subscribe', 'syncStatus'].includes(name));
    expect(actions).toEqual([
      ['keepAsIs', ['s1', 't2', USER_ID]],
      ['keepAsIs', ['s1', 't2']],
      ['markPerceivedNothing', ['s1', 't2', USER_ID]],
      ['regenerateProjection', ['s1', 't2', USER_ID]],
      ['branchFrom', ['s1', 't2']],
      ['regenerateFrom', ['s1', 't2', {}]],
    ]);
  });

  it('[H9] Regenerate from here on a stale history asks, naming the hand turns; the choice goes with the command', async () => {
    const stale = {
      turns: ['t1'],
      from: 0,
      byHand: 0,
      handTurns: [{ turnId: 't2', author: 'jane', opening: 'I nod.' }],
    };
    const { fake, state } = await open((f) => {
      f.handlers.regenerateFrom = async (_s, _t, opts) =>
        opts?.stale
          ? { ok: true }
          : {
              ok: false,
              code: 'stale-history',
              detail: 'stale',
              stale,
            };
    });
    expect(await state.regenerateFrom()).toBe(false);
    expect(state.staleBefore()).toEqual(stale);
    // A question, not an error.
    expect(state.error()).toBe('');
    expect(await state.regenerateFrom('keep')).toBe(true);
    expect(state.staleBefore()).toBeNull();
    expect(fake.calls.filter(([n]) => n === 'regenerateFrom').map(([, a]) => a[2])).toEqual([
      {},
      { stale: 'keep' },
    ]);
  });
});
