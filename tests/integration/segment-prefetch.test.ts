// Opening and scrolling up a long segmented story (design §2.5): opening loads the bands of the newest
// FIRST_ROWS rows, a command that plays loads its prompt window's first; rows asked for within
// PREFETCH_ROWS of the top of what is loaded start loading the band above, so it is in before the
// person scrolls to it; rows asked for further down load nothing more.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenStory } from '../../src/workers/store/story-store.ts';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { PREFETCH_ROWS } from '../../src/workers/host/segment-upkeep.ts';
import type { HostHarness } from '../support/host-harness.ts';
import { hostWithLongStory as hostWithLong, openLongStory } from '../support/long-story-host.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const hostWithLongStory = (turns = 2100) => hostWithLong(turns, { cleanups });

const segmentsLoaded = (story: OpenStory): number[] =>
  [...(story.segments?.()?.loaded() ?? [])].sort((a, b) => a - b);

async function loaded(harness: HostHarness): Promise<number[]> {
  return segmentsLoaded(await openLongStory(harness));
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('scrolling up a segmented story', () => {
  it('[SF3] rows near the top of the loaded bands fetch the band above; rows further down do not', async () => {
    const harness = await hostWithLongStory();
    const { api } = harness;
    const newest = await api.transcript('long', { start: 2050 });
    if (!newest.ok) throw new Error(newest.detail);
    expect(newest.rows[0]?.text).toBe('Turn 2050.');
    expect(await loaded(harness)).toEqual([3, 4]);

    // 1500 + PREFETCH_ROWS is not near enough: band 2 stays where it is.
    await api.transcript('long', { start: 1500 + PREFETCH_ROWS, end: 1500 + PREFETCH_ROWS + 10 });
    await new Promise((r) => setTimeout(r, 50));
    expect(await loaded(harness)).toEqual([3, 4]);

    // Within PREFETCH_ROWS of the top: the rows answer from band 3, and band 2 comes in behind them.
    const near = await api.transcript('long', { start: 1510, end: 1520 });
    if (!near.ok) throw new Error(near.detail);
    expect(near.rows[0]?.text).toBe('Turn 1510.');
    await until(async () => (await loaded(harness)).includes(2));
    expect(await loaded(harness)).toEqual([2, 3, 4]);

    // Rows asked for in a band not loaded: it is loaded first, and the one above it is fetched too.
    const far = await api.transcript('long', { start: 520, end: 530 });
    if (!far.ok) throw new Error(far.detail);
    expect(far.rows.map((r) => r.text)[0]).toBe('Turn 520.');
    await until(async () => (await loaded(harness)).includes(0));
    expect(await loaded(harness)).toEqual([0, 1, 2, 3, 4]);
  });

  it('[SF3] opening shows the newest rows from the leaf’s band alone, and what the screen shows beside them; a command that plays loads the band below first', async () => {
    // Leaf at depth 1799: 299 rows into band 3, more than a first screen shows.
    const harness = await hostWithLongStory(1800);
    const { api } = harness;
    const shown = await api.transcript('long', { start: 1760 });
    if (!shown.ok) throw new Error(shown.detail);
    expect(shown.rows.map((r) => r.text).slice(-1)).toEqual(['Turn 1799.']);
    expect(await loaded(harness)).toEqual([3]);
    // What the story's screen reads beside its rows needs no prompt window either.
    for (const answer of await Promise.all([
      api.openStory('long'),
      api.storyWorld('long'),
      api.generationDefaults('long'),
      api.storyProblems('long'),
      api.listPrompts('en', 'long'),
    ]))
      expect(answer.ok).toBe(true);
    expect(await loaded(harness)).toEqual([3]);
    // A sent turn is written from the leaf's band; the prompt window, 500 turns back, is in before
    // its projections are asked for.
    const opened = await openLongStory(harness);
    const root = opened.doc;
    let atWrite: number[] | undefined;
    const onUpdate = () => {
      if (atWrite === undefined && readLeafRef(root)?.depth === 1800) atWrite = segmentsLoaded(opened);
    };
    root.on('update', onUpdate);
    const sent = await api.send('long', { next: null, text: 'One more step.' });
    root.off('update', onUpdate);
    if (!sent.ok) throw new Error(sent.detail);
    expect(atWrite).toEqual([3]);
    expect(await loaded(harness)).toEqual([2, 3]);
  });
});
