// The arithmetic of the virtualised transcript: each turn of the path has a height (measured once it
// was shown, else an estimate), and a scroll position picks the turns to render and the space that
// stands in for the others. Pure, so it is tested without a browser.

/** Before any row is measured: about one short paragraph with its author line. */
export const DEFAULT_ROW_PX = 88;

export interface RowHeights {
  /** Measured heights by path index (0 for a turn the user was not there for). */
  measured: Map<number, number>;
}

export function createRowHeights(): RowHeights {
  return { measured: new Map() };
}

/** The height to assume for turns not measured yet: the mean of those measured, without the empty ones. */
export function estimateOf(heights: RowHeights): number {
  let sum = 0;
  let count = 0;
  for (const h of heights.measured.values()) {
    if (h > 0) {
      sum += h;
      count++;
    }
  }
  return count ? sum / count : DEFAULT_ROW_PX;
}

/** Total height of the turns in [start, end). */
export function spanHeight(heights: RowHeights, start: number, end: number): number {
  const estimate = estimateOf(heights);
  let total = 0;
  for (let i = start; i < end; i++) total += heights.measured.get(i) ?? estimate;
  return total;
}

/** The turns that meet [top, bottom) (offsets from the top of the list), as [start, end). */
export function visibleRange(
  heights: RowHeights,
  length: number,
  top: number,
  bottom: number,
): { start: number; end: number } {
  const estimate = estimateOf(heights);
  let offset = 0;
  let start = length;
  let end = length;
  for (let i = 0; i < length; i++) {
    const next = offset + (heights.measured.get(i) ?? estimate);
    if (start === length && next > top) start = i;
    if (offset >= bottom) {
      end = i;
      break;
    }
    offset = next;
  }
  return { start: Math.min(start, end), end };
}

/** A loaded range of the path: `end` null follows the end of the story as it grows. */
export interface PathRange {
  start: number;
  end: number | null;
}

/** Rows loaded beyond what is visible on each side, so a little scrolling loads nothing. */
export const OVERSCAN_ROWS = 12;

/**
 * The range to load for what is visible now, or `current` when it already covers it without holding
 * far more than needed. Near the end of the path, the range follows the end.
 */
export function rangeFor(
  visible: { start: number; end: number },
  length: number,
  current: PathRange,
): PathRange {
  const currentEnd = current.end ?? length;
  const covers = current.start <= visible.start && visible.end <= currentEnd;
  const oversized = currentEnd - current.start > visible.end - visible.start + 4 * OVERSCAN_ROWS;
  if (covers && !oversized) return current;
  const start = Math.max(0, visible.start - OVERSCAN_ROWS);
  const end = visible.end + OVERSCAN_ROWS;
  return { start, end: end >= length ? null : end };
}
