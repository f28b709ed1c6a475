// Scrolling up a story whose first turns never reached this device (a new device offline before its
// background fetch got to them): the worker says how many are not here, and the transcript starts at
// the first turn it holds, with a notice above it, instead of blank space that filled only as each
// missing slice was asked for in turn (at 99,500 missing turns this test did not finish in 120 s).
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeDriver, overview, row } from './fake-driver.ts';
import { mountTranscript } from './driver-mount.ts';

const LENGTH = 100_000;
/** Turns 0 … 99,499 are not on this device (a long story whose newest part alone arrived). */
const FIRST_HERE = 99_500;

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  window.scrollTo(0, 0);
});

/** As the worker answers: the turns above the first here are known to be missing once asked for. */
function storyMissingItsStart() {
  const fake = createFakeDriver();
  let askedAbove = false;
  fake.handlers.openStory = async () => ({ ok: true, story: overview({ length: LENGTH }) });
  fake.handlers.transcript = async (_storyId, range) => {
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? LENGTH, LENGTH);
    askedAbove ||= start < FIRST_HERE;
    const from = Math.max(start, FIRST_HERE);
    const rows = Array.from({ length: Math.max(0, end - from) }, (_, k) =>
      row(`t${from + k}`, { index: from + k, text: `Line ${from + k}.` }),
    );
    return { ok: true, rows, length: LENGTH, notHere: askedAbove ? FIRST_HERE : 0, stale: null, missing: 0 };
  };
  return fake;
}

function mount(fake: ReturnType<typeof createFakeDriver>): HTMLElement {
  const { host, dispose } = mountTranscript(fake);
  cleanups.push(dispose);
  return host;
}

const inView = (el: Element | null) => {
  const box = el?.getBoundingClientRect();
  return !!box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
};

describe('a story whose first turns are not on this device', () => {
  it('[SF7] starts the transcript at the first turn here, under a notice, once the reader scrolls up to them', async () => {
    const host = mount(storyMissingItsStart());
    const last = () => host.querySelector(`li[data-turn-id="t${LENGTH - 1}"]`);
    await expect.poll(() => inView(last())).toBe(true);
    expect(host.querySelector('.transcript-not-here')).toBeNull();

    window.scrollTo(0, 0);
    const notice = () => host.querySelector('.transcript-not-here');
    await expect
      .poll(() => notice()?.textContent)
      .toBe(
        'The first 99500 turns of this story are not on this device yet. They come from the sync server while this device is online and syncing (Settings → Sync).',
      );
    // No blank space above what is here: the first turn here is on screen, right under the notice.
    const first = () => host.querySelector(`li[data-turn-id="t${FIRST_HERE}"]`);
    await expect.poll(() => inView(first())).toBe(true);
    await expect.poll(() => inView(notice())).toBe(true);
    const gap = (first()?.getBoundingClientRect().top ?? 0) - (notice()?.getBoundingClientRect().bottom ?? 0);
    expect(gap).toBeLessThan(40);
  });
});
