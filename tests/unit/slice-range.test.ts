// Which part of the path the virtualised transcript loads for the turns it shows.
import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, rangeFor } from '../../src/app/story/transcript/slice-range.ts';

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
