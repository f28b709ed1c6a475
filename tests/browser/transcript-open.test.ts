// Opening a long story asks the worker for its end only: the virtual list starts at the top of the
// page until its first scroll event, and asking for those rows made the worker load every band of a
// segmented story from the leaf's down to the first (a 10,000-turn story loaded all 20 on each open).
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeDriver, overview, row } from './fake-driver.ts';
import { mountTranscript } from './driver-mount.ts';

const LENGTH = 10_000;
/** A slice starting this far above the end would reach into the band below the leaf's. */
const NEAR_END = 100;

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  window.scrollTo(0, 0);
});

function longStory() {
  const fake = createFakeDriver();
  fake.handlers.openStory = async () => ({ ok: true, story: overview({ length: LENGTH }) });
  fake.handlers.transcript = async (_storyId, range) => {
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? LENGTH, LENGTH);
    const rows = Array.from({ length: end - start }, (_, k) =>
      row(`t${start + k}`, { index: start + k, text: `Line ${start + k}.` }),
    );
    return { ok: true, rows, length: LENGTH, notHere: 0, stale: null, missing: 0 };
  };
  return fake;
}

function mount(fake: ReturnType<typeof createFakeDriver>): HTMLElement {
  const { host, dispose } = mountTranscript(fake);
  cleanups.push(dispose);
  return host;
}

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
    next(n);
  });

describe('opening a long story', () => {
  it('asks for the rows at its end, never for the top of the page it starts on', async () => {
    const fake = longStory();
    const host = mount(fake);
    await expect.poll(() => host.querySelector(`li[data-turn-id="t${LENGTH - 1}"]`)).not.toBeNull();
    const last = host.querySelector(`li[data-turn-id="t${LENGTH - 1}"]`) as HTMLElement;
    await expect.poll(() => last.getBoundingClientRect().top < window.innerHeight).toBe(true);
    await frames(10);
    const starts = fake.calls
      .filter(([name]) => name === 'transcript')
      .map(([, args]) => (args[1] as { start?: number } | undefined)?.start ?? 0);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.filter((start) => start < LENGTH - NEAR_END)).toEqual([]);
  });

  it('asks for the top once the reader scrolls there', async () => {
    const fake = longStory();
    const host = mount(fake);
    await expect.poll(() => host.querySelector(`li[data-turn-id="t${LENGTH - 1}"]`)).not.toBeNull();
    await frames(5);
    window.scrollTo(0, 0);
    await expect.poll(() => host.querySelector('li[data-turn-id="t0"]')).not.toBeNull();
  });
});
