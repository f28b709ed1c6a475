// The virtualised transcript: only the turns near the viewport are loaded and rendered; padding above
// and below the list stands in for the others (measured heights where known, else an estimate). The
// page stays at the end of the story as turns arrive, unless the user scrolled up to read.
import { createEffect, createMemo, createSignal, on, onCleanup, type Accessor } from 'solid-js';
import type { StoryState } from '../story-state.ts';
import { createRowHeights, rangeFor, spanHeight, visibleRange } from './virtual-range.ts';

/** Within this distance of the end, new text keeps the view scrolled to the end. */
const FOLLOW_THRESHOLD_PX = 96;

export interface TranscriptWindow {
  /** Space standing in for the turns before and after the loaded rows. */
  padTop: Accessor<number>;
  padBottom: Accessor<number>;
  /** Ref of the list element. */
  setList(list: HTMLElement): void;
  /** Ref of each row: its height is measured while it is shown. */
  measure(row: HTMLElement, index: number): void;
}

/**
 * Follows the window's scrolling for `story`'s transcript. `track` lists what grows the end of the
 * transcript (rows, streamed text): when it changes and the user is at the end, the page follows.
 */
export function createTranscriptWindow(story: StoryState, track: () => unknown): TranscriptWindow {
  const heights = createRowHeights();
  const [version, setVersion] = createSignal(0);
  let list: HTMLElement | undefined;
  let gap = 0;
  let following = true;
  let frame = 0;

  const indexOf = new WeakMap<Element, number>();
  const resized = new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      const index = indexOf.get(entry.target);
      if (index === undefined || !entry.target.isConnected) continue;
      // The list's row gap belongs to each row's share of the height (read once it is in the page).
      if (list?.isConnected && !gap) gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      const height = entry.target.getBoundingClientRect().height + gap;
      if (heights.measured.get(index) !== height) {
        heights.measured.set(index, height);
        changed = true;
      }
    }
    if (changed) setVersion((v) => v + 1);
  });
  onCleanup(() => resized.disconnect());

  // Turns of the loaded part without a row (the user was not there) take no space.
  createEffect(() => {
    const { start, end } = story.loaded();
    const shown = new Set(story.rows.map((row) => row.index));
    let changed = false;
    for (let i = start; i < end; i++) {
      if (!shown.has(i) && heights.measured.get(i) !== 0) {
        heights.measured.set(i, 0);
        changed = true;
      }
    }
    if (changed) setVersion((v) => v + 1);
  });

  const padTop = createMemo(() => {
    version();
    return spanHeight(heights, 0, story.loaded().start);
  });
  const padBottom = createMemo(() => {
    version();
    return spanHeight(heights, story.loaded().end, story.length());
  });

  const atEnd = (): boolean =>
    window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOW_THRESHOLD_PX;
  const scrollToEnd = (): void => window.scrollTo({ top: document.documentElement.scrollHeight });

  /** Loads the part of the path the viewport is on (plus a margin), if it is not loaded yet. */
  const update = (): void => {
    frame = 0;
    if (!list) return;
    const top = -list.getBoundingClientRect().top;
    const visible = visibleRange(heights, story.length(), top, top + window.innerHeight);
    story.showRange(rangeFor(visible, story.length(), story.range()));
  };
  const schedule = (): void => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  /** Only the user's scrolling (or the page's) decides whether the view follows the end. */
  const onScroll = (): void => {
    following = atEnd();
    schedule();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  onCleanup(() => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', schedule);
    if (frame) cancelAnimationFrame(frame);
  });

  // A slice that arrived may not cover the viewport (the estimate was off): look again.
  createEffect(on(story.loaded, schedule, { defer: true }));
  // New text at the end, or rows measured taller than their estimate: stay at the end if there.
  createEffect(
    on([track, version], () => {
      if (following) scrollToEnd();
    }),
  );
  // The user sent a turn or asked for more: show the end, whatever they were reading.
  createEffect(
    on(
      story.followRequests,
      () => {
        following = true;
        scrollToEnd();
      },
      { defer: true },
    ),
  );

  return {
    padTop,
    padBottom,
    setList(element) {
      list = element;
    },
    measure(row, index) {
      indexOf.set(row, index);
      resized.observe(row);
      onCleanup(() => resized.unobserve(row));
    },
  };
}
