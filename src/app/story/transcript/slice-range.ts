// Which part of the path to load from the worker for the turns the virtualiser shows: a margin on
// each side, so a little scrolling loads nothing, and the end of the story followed when near it.
// Pure, so it is tested without a browser.

/** A loaded range of the path: `end` null follows the end of the story as it grows. */
export interface PathRange {
  start: number;
  end: number | null;
}

/** Rows loaded beyond what is shown on each side. */
export const OVERSCAN_ROWS = 12;

/**
 * The range to load for what is shown now, or `current` when it already covers it without holding
 * far more than needed. Near the end of the path, the range follows the end.
 */
export function rangeFor(
  shown: { start: number; end: number },
  length: number,
  current: PathRange,
): PathRange {
  const currentEnd = current.end ?? length;
  const covers = current.start <= shown.start && shown.end <= currentEnd;
  const oversized = currentEnd - current.start > shown.end - shown.start + 4 * OVERSCAN_ROWS;
  if (covers && !oversized) return current;
  const start = Math.max(0, shown.start - OVERSCAN_ROWS);
  const end = shown.end + OVERSCAN_ROWS;
  return { start, end: end >= length ? null : end };
}
