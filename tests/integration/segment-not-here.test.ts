// Parts of a segmented story this device never received (a new device offline before its background
// fetch reached them): scrolling up to them opens them empty. They must still count as not here, so
// the background fetch takes them later and an export says they are missing instead of writing a
// story cut short.
import { afterEach, describe, expect, it } from 'vitest';
import { hostWithLongStory, LONG_STORY, openLongStory } from '../support/long-story-host.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** 2,100 turns in bands 0–4; this device holds the root and bands 3 and 4. */
async function deviceMissingOldParts() {
  const harness = await hostWithLongStory(2100, { notHere: [0, 1, 2], cleanups });
  // Scrolled to the top: the host opens bands 2, 1 and 0, and nothing arrives in them.
  const top = await harness.api.transcript(LONG_STORY, { start: 0, end: 40 });
  if (!top.ok) throw new Error(top.detail);
  const story = await openLongStory(harness);
  const segments = story.segments?.();
  if (!segments) throw new Error('not segmented');
  return { harness, top, segments };
}

describe('segments this device never received', () => {
  it('[SF3][SF7] rows asked for above what this device holds are not in the slice, which says how many are not here', async () => {
    const harness = await hostWithLongStory(2100, { notHere: [0, 1, 2], cleanups });
    // Nothing above band 3 asked for yet: those rows are not known to be missing.
    const end = await harness.api.transcript(LONG_STORY, { start: 2060 });
    if (!end.ok) throw new Error(end.detail);
    expect(end.notHere).toBe(0);
    const top = await harness.api.transcript(LONG_STORY, { start: 0, end: 40 });
    if (!top.ok) throw new Error(top.detail);
    expect(top.rows).toEqual([]);
    expect(top.length).toBe(2100);
    expect(top.notHere).toBe(1500);
    const from = await harness.api.transcript(LONG_STORY, { start: 1490, end: 1510 });
    if (!from.ok) throw new Error(from.detail);
    expect(from.rows.map((r) => r.index)).toEqual([
      1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509,
    ]);
    expect((await openLongStory(harness)).segments?.()?.loaded()).toEqual([0, 1, 2, 3, 4]);
  });

  it('[SF6] an export says how many older parts are not here, even when all of them were opened here empty', async () => {
    const { harness } = await deviceMissingOldParts();
    const exported = await harness.api.exportStory(LONG_STORY);
    expect(exported.ok).toBe(false);
    if (exported.ok) return;
    expect(exported.detail).toBe(
      '3 older parts of this story are not on this device yet. Connect to the sync server and try again.',
    );
  });

  it('[SS8] a segment opened before any of it arrived leaves no database when it is unloaded', async () => {
    const { segments } = await deviceMissingOldParts();
    for (const n of [0, 1, 2]) expect(await segments.unload(n)).toBe(true);
    expect(await segments.storedSegments()).toEqual([3, 4]);
  });
});
