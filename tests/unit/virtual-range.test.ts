// The virtualised transcript's arithmetic: heights (measured or estimated), which turns a scroll
// position shows, and when a new slice must be loaded.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROW_PX,
  OVERSCAN_ROWS,
  createRowHeights,
  estimateOf,
  rangeFor,
  spanHeight,
  visibleRange,
} from '../../src/app/story/transcript/virtual-range.ts';

describe('row heights', () => {
  it('estimates unmeasured turns from the measured ones, ignoring turns the user missed', () => {
    const heights = createRowHeights();
    expect(estimateOf(heights)).toBe(DEFAULT_ROW_PX);
    heights.measured.set(0, 100).set(1, 0).set(2, 50);
    expect(estimateOf(heights)).toBe(75);
    expect(spanHeight(heights, 0, 5)).toBe(100 + 0 + 50 + 75 + 75);
    expect(spanHeight(heights, 3, 3)).toBe(0);
  });
});

describe('visibleRange', () => {
  const heights = createRowHeights();
  for (let i = 0; i < 100; i++) heights.measured.set(i, 100);

  it('returns the turns that meet the viewport', () => {
    expect(visibleRange(heights, 100, 0, 800)).toEqual({ start: 0, end: 8 });
    expect(visibleRange(heights, 100, 1050, 1850)).toEqual({ start: 10, end: 19 });
    expect(visibleRange(heights, 100, 9500, 10_300)).toEqual({ start: 95, end: 100 });
  });

  it('is empty for an empty story', () => {
    expect(visibleRange(createRowHeights(), 0, 0, 800)).toEqual({ start: 0, end: 0 });
  });
});

describe('rangeFor', () => {
  it('keeps a range that covers what is visible', () => {
    const current = { start: 10, end: 40 };
    expect(rangeFor({ start: 15, end: 25 }, 1000, current)).toBe(current);
  });

  it('loads around what is visible when the range does not cover it', () => {
    expect(rangeFor({ start: 100, end: 110 }, 1000, { start: 10, end: 40 })).toEqual({
      start: 100 - OVERSCAN_ROWS,
      end: 110 + OVERSCAN_ROWS,
    });
  });

  it('follows the end of the story near its end, and drops a range far larger than needed', () => {
    expect(rangeFor({ start: 990, end: 1000 }, 1000, { start: 10, end: 40 })).toEqual({
      start: 990 - OVERSCAN_ROWS,
      end: null,
    });
    expect(rangeFor({ start: 500, end: 505 }, 1000, { start: 0, end: null })).toEqual({
      start: 500 - OVERSCAN_ROWS,
      end: 505 + OVERSCAN_ROWS,
    });
  });
});
