// A story's last screen on this device (src/app/story/last-screen.ts): kept once the worker's rows
// have settled, painted on the next open before the worker answers, without controls, and replaced
// by the worker's rows; never another participant's view; forgotten when the story cannot be opened.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { createStoryState, type StoryState } from '../../src/app/story/story-state.ts';
import { TranscriptView } from '../../src/app/story/transcript/transcript-view.tsx';
import {
  KEEP_SCREEN_DELAY_MS,
  keepLastScreen,
  MAX_KEPT_AVATAR_CHARS,
  MAX_SCREENS,
  readLastScreen,
  type LastScreen,
} from '../../src/app/story/last-screen.ts';
import { screenKey } from '../../src/app/shell/last-screen-store.ts';
import type { DriverApi, StoryOverview, TranscriptRow } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID, overview, row, USER_ID } from './fake-driver.ts';
import { mountOver, storyStateOver } from './driver-mount.ts';

type Fake = ReturnType<typeof createFakeDriver>;
type Opened = Awaited<ReturnType<DriverApi['openStory']>>;

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const rowsOf = (texts: string[]): TranscriptRow[] =>
  texts.map((text, index) => row(`t${index}`, { index, text }));

/** A story state over `fake`, inside a root that the test's end disposes. */
function stateOver(fake: Fake): StoryState {
  const { state, dispose } = storyStateOver(fake);
  cleanups.push(dispose);
  return state;
}

/** A device that opened the story once: the worker answered `texts`, and the screen was kept. */
async function openedOnce(texts: string[], title = 'The Lantern'): Promise<void> {
  const fake = createFakeDriver();
  fake.rows = rowsOf(texts);
  fake.handlers.openStory = async () => ({ ok: true, story: overview({ title, length: texts.length }) });
  const state = stateOver(fake);
  await expect.poll(() => state.rows.length).toBe(texts.length);
  await expect
    .poll(() => readLastScreen('s1')?.rows.length, { timeout: 3 * KEEP_SCREEN_DELAY_MS })
    .toBe(texts.length);
  cleanups.splice(0).forEach((c) => c());
}

/** A fake whose worker has not answered yet: `answer` lets it. */
function slowWorker(keepStorage: Record<string, string>) {
  const fake = createFakeDriver();
  for (const [key, value] of Object.entries(keepStorage)) localStorage.setItem(key, value);
  let answer!: (opened: Opened) => void;
  fake.handlers.openStory = () => new Promise<Opened>((resolve) => (answer = resolve));
  return { fake, answer: (opened: Opened) => answer(opened) };
}

const storage = (): Record<string, string> =>
  Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? '']));

describe("a story's last screen on this device", () => {
  it('shows before the worker answers, without controls, and gives way to the worker’s rows', async () => {
    await openedOnce(['Line 0.', 'Line 1.', 'Line 2.']);
    const { fake, answer } = slowWorker(storage());
    fake.rows = rowsOf(['Line 0.', 'Line 1.', 'Line 2.', 'Line 3, written on another device.']);

    let state!: StoryState;
    const { host, dispose } = mountOver(fake, () => {
      state = createStoryState('s1');
      return createComponent(TranscriptView, { story: state, onInspect: () => {} });
    });
    cleanups.push(dispose);
    // At once, before any answer: the kept overview and rows, no controls, the log marked busy.
    expect(state.overview()?.title).toBe('The Lantern');
    expect(state.provisional()).toBe(true);
    expect(state.rows.map((r) => r.text)).toEqual(['Line 0.', 'Line 1.', 'Line 2.']);
    await expect.poll(() => host.querySelectorAll('li[data-turn-id]').length).toBe(3);
    const log = host.querySelector('[role="log"]') as HTMLElement;
    expect(log.hasAttribute('data-last-screen')).toBe(true);
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect([...host.querySelectorAll<HTMLElement>('.turn-tools')].every((tools) => tools.hidden)).toBe(true);

    answer({ ok: true, story: overview({ length: 4 }) });
    await expect.poll(() => state.provisional()).toBe(false);
    expect(state.rows.map((r) => r.text).at(-1)).toBe('Line 3, written on another device.');
    await expect.poll(() => host.querySelectorAll('li[data-turn-id]').length).toBe(4);
    expect(log.hasAttribute('data-last-screen')).toBe(false);
    expect([...host.querySelectorAll<HTMLElement>('.turn-tools')].some((tools) => !tools.hidden)).toBe(true);
  });

  it('opens at the new end of a story that grew elsewhere since its screen was kept', async () => {
    const kept = Array.from({ length: 40 }, (_, i) => `Line ${i}.`);
    await openedOnce(kept);
    const { fake, answer } = slowWorker(storage());
    const length = 10_000;
    fake.handlers.transcript = async (_id, range) => {
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? length, length);
      const rows = Array.from({ length: end - start }, (_, k) =>
        row(`t${start + k}`, { index: start + k, text: `Line ${start + k}.` }),
      );
      return { ok: true, rows, length, notHere: 0, stale: null, missing: 0 };
    };
    const { host, dispose } = mountOver(fake, () =>
      createComponent(TranscriptView, { story: createStoryState('s1'), onInspect: () => {} }),
    );
    cleanups.push(dispose, () => window.scrollTo(0, 0));
    await expect.poll(() => host.querySelector('li[data-turn-id="t39"]')).not.toBeNull();
    answer({ ok: true, story: overview({ length }) });
    await expect.poll(() => host.querySelector(`li[data-turn-id="t${length - 1}"]`)).not.toBeNull();
    const last = host.querySelector(`li[data-turn-id="t${length - 1}"]`) as HTMLElement;
    await expect.poll(() => last.getBoundingClientRect().bottom <= window.innerHeight + 1).toBe(true);
    // Only the new end was asked for: the kept rows' place (the top of the story now) was not.
    const starts = fake.calls
      .filter(([name]) => name === 'transcript')
      .map(([, args]) => (args[1] as { start?: number } | undefined)?.start ?? 0);
    expect(starts.filter((start) => start < length - 100)).toEqual([]);
  });

  it('is forgotten when the worker cannot open the story: the reason shows, not the old rows', async () => {
    await openedOnce(['Line 0.']);
    const { fake, answer } = slowWorker(storage());
    const state = stateOver(fake);
    expect(state.provisional()).toBe(true);
    answer({ ok: false, code: 'not-found', detail: 'No story s1 on this device.' });
    await expect.poll(() => state.loadError()).toBe('No story s1 on this device.');
    expect(state.overview()).toBeUndefined();
    expect(state.rows).toEqual([]);
    expect(localStorage.getItem(screenKey('s1'))).toBeNull();
  });

  it('is forgotten when another device deletes the story while another one is open here', async () => {
    await openedOnce(['Line 0.']);
    const { fake } = slowWorker(storage());
    cleanups.push(storyStateOver(fake, 's2').dispose);
    await expect.poll(() => fake.calls.some(([name]) => name === 'subscribe')).toBe(true);
    expect(readLastScreen('s1')).toBeDefined();
    fake.push({ kind: 'story-deleted', storyId: 's1' });
    expect(localStorage.getItem(screenKey('s1'))).toBeNull();
  });

  it('is not kept again when the story is deleted elsewhere while its keeping waits', async () => {
    const fake = createFakeDriver();
    fake.rows = rowsOf(['Line 0.']);
    fake.handlers.openStory = async () => ({ ok: true, story: overview({ length: 1 }) });
    const state = stateOver(fake);
    await expect.poll(() => state.rows.length).toBe(1);
    fake.push({ kind: 'story-deleted', storyId: 's1' });
    await new Promise((resolve) => setTimeout(resolve, 2 * KEEP_SCREEN_DELAY_MS));
    expect(localStorage.getItem(screenKey('s1'))).toBeNull();
  });

  it('keeps only the user’s own rows: reading as someone else changes nothing kept', async () => {
    const fake = createFakeDriver();
    fake.handlers.openStory = async () => ({ ok: true, story: overview({ length: 2 }) });
    fake.handlers.transcript = async (_id, _range, participant) => ({
      ok: true,
      rows: rowsOf(participant === JANE_ID ? ['Jane’s secret.', 'Jane’s thought.'] : ['Mine.', 'Mine too.']),
      length: 2,
      stale: null,
      notHere: 0,
      missing: 0,
    });
    const state = stateOver(fake);
    // Kept KEEP_SCREEN_DELAY_MS after the rows settle: the default poll (1 s) raced it and lost under load.
    await expect
      .poll(() => readLastScreen('s1')?.rows.map((r) => r.text), { timeout: 3 * KEEP_SCREEN_DELAY_MS })
      .toEqual(['Mine.', 'Mine too.']);
    state.readAs(JANE_ID);
    await expect.poll(() => state.rows[0]?.text).toBe('Jane’s secret.');
    await new Promise((resolve) => setTimeout(resolve, 2 * KEEP_SCREEN_DELAY_MS));
    expect(readLastScreen('s1')?.rows.map((r) => r.text)).toEqual(['Mine.', 'Mine too.']);
  });

  it('shows only what this version of the app kept', () => {
    createFakeDriver();
    const screen: LastScreen = {
      overview: overview({ length: 1 }),
      length: 1,
      start: 0,
      rows: rowsOf(['Line 0.']),
      stale: null,
      missing: 0,
    };
    localStorage.setItem(screenKey('s1'), JSON.stringify({ writer: 'an older app', storyId: 's1', screen }));
    expect(readLastScreen('s1')).toBeUndefined();
    localStorage.setItem(screenKey('s1'), '{ not json');
    expect(readLastScreen('s1')).toBeUndefined();
    keepLastScreen('s1', screen);
    expect(readLastScreen('s1')?.rows.map((r) => r.text)).toEqual(['Line 0.']);
  });

  it(`keeps the ${MAX_SCREENS} stories opened last, and leaves large pictures out`, () => {
    createFakeDriver();
    const withAvatars = (id: string): StoryOverview =>
      overview({
        id,
        participants: [
          { id: USER_ID, kind: 'user', name: 'Sam', present: true, avatar: 'data:image/png;base64,AAAA' },
          {
            id: JANE_ID,
            kind: 'character',
            name: 'Jane',
            present: true,
            avatar: `data:image/png;base64,${'A'.repeat(MAX_KEPT_AVATAR_CHARS)}`,
          },
        ],
      });
    const ids = Array.from({ length: MAX_SCREENS + 1 }, (_, i) => `story-${i}`);
    for (const id of ids)
      keepLastScreen(id, {
        overview: withAvatars(id),
        length: 1,
        start: 0,
        rows: rowsOf(['Line 0.']),
        stale: null,
        missing: 0,
      });
    expect(readLastScreen('story-0')).toBeUndefined();
    expect(ids.slice(1).every((id) => readLastScreen(id) !== undefined)).toBe(true);
    const kept = readLastScreen(ids.at(-1) as string)?.overview.participants;
    expect(kept?.find((p) => p.id === USER_ID)?.avatar).toBe('data:image/png;base64,AAAA');
    expect(kept?.find((p) => p.id === JANE_ID)?.avatar).toBeUndefined();
  });
});
