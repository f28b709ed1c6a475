// The virtualised transcript, on @tanstack/solid-virtual's window virtualiser: every turn of the path
// is an item (one the user was not there for has no row and measures 0), only the loaded rows in the
// virtualiser's range are rendered, and padding above and below stands in for the others. The slice
// loaded from the worker follows that range. The page stays at the end as turns arrive, unless the
// user scrolled up to read. Turns at the start of the path this device does not hold (`notHere`) are
// no items at all: the list starts at the first turn here (items are numbered from it, keyed by path
// index, so what was measured stays measured when that start moves).
import { createWindowVirtualizer } from '@tanstack/solid-virtual';
import { createEffect, createMemo, createSignal, on, onCleanup, untrack, type Accessor } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import type { StoryState } from '../story-state.ts';
import { rangeFor } from './slice-range.ts';

/** A turn not measured yet: about one short paragraph with its author line. */
const ESTIMATED_ROW_PX = 88;
/** Turns rendered beyond each edge of the viewport, so a little scrolling shows no gap. */
const OVERSCAN_TURNS = 6;
/** Within this distance of the end, new text keeps the view scrolled to the end. */
const FOLLOW_THRESHOLD_PX = 96;

export interface TranscriptWindow {
  /** The loaded rows the virtualiser shows, in path order. */
  rows: Accessor<TranscriptRow[]>;
  /** Space standing in for the turns before and after the rendered rows. */
  padTop: Accessor<number>;
  padBottom: Accessor<number>;
  /** Ref of the list element. */
  setList(list: HTMLElement): void;
  /** Ref of each row: its height is measured while it is shown. */
  measure(row: HTMLElement, index: number): void;
}

/** A row's share of the list: its box and its margins (the space between rows is a margin). */
function outerHeight(row: HTMLElement, entry: ResizeObserverEntry | undefined): number {
  const style = getComputedStyle(row);
  const box = entry?.borderBoxSize[0]?.blockSize ?? row.getBoundingClientRect().height;
  return box + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
}

/**
 * Follows the window's scrolling for `story`'s transcript. `track` lists what grows the end of the
 * transcript (rows, streamed text): when it changes and the user is at the end, the page follows.
 */
export function createTranscriptWindow(story: StoryState, track: () => unknown): TranscriptWindow {
  let list: HTMLElement | undefined;
  /** Where the list starts in the page (the title and notices are above it). */
  const [listTop, setListTop] = createSignal(0);
  const placeList = (): void => {
    if (list?.isConnected) setListTop(Math.round(list.getBoundingClientRect().top + window.scrollY));
  };
  /** Path index of item 0. */
  const offset = (): number => story.notHere();
  const count = (): number => story.length() - offset();
  const virtualizer = createWindowVirtualizer<HTMLElement>({
    get count() {
      return count();
    },
    // Called for every item of the path on each measurement: untracked, or each call would add the
    // signal to the caller's sources (Solid does not deduplicate them).
    getItemKey: (item) => item + untrack(offset),
    get scrollMargin() {
      return listTop();
    },
    estimateSize: () => ESTIMATED_ROW_PX,
    // A story opens at its end: the first rows rendered are its last ones (from the estimates), not
    // the top of the page's until the first scroll event after the move to the end.
    initialOffset: () => Math.max(0, listTop() + count() * ESTIMATED_ROW_PX - window.innerHeight),
    // This device's last screen is painted first with no more rows than it shows (they are the
    // newest ones); the margin is rendered once the worker's rows replace it.
    get overscan() {
      return story.provisional() ? 0 : OVERSCAN_TURNS;
    },
    measureElement: outerHeight,
  });

  const items = (): { index: number; start: number; end: number }[] => virtualizer.getVirtualItems();
  const rows = createMemo(() => {
    const shown = items();
    const first = (shown[0]?.index ?? 0) + offset();
    const last = (shown.at(-1)?.index ?? -1) + offset();
    return story.rows.filter((row) => row.index >= first && row.index <= last);
  });
  const itemAt = (index: number | undefined) =>
    index === undefined ? undefined : items().find((item) => item.index === index - offset());
  const padTop = (): number => {
    const first = itemAt(rows()[0]?.index);
    return first ? first.start - listTop() : virtualizer.getTotalSize();
  };
  const padBottom = (): number => {
    const last = itemAt(rows().at(-1)?.index);
    return last ? Math.max(0, virtualizer.getTotalSize() - (last.end - listTop())) : 0;
  };

  let following = true;
  /**
   * While the view follows the end, the end decides where it is: the virtualiser must not move the
   * page to keep a row above in place when rows are measured (it moves from the offset of the last
   * scroll event, which the move to the end has overtaken). Otherwise, its own rule applies.
   */
  const follow = (value: boolean): void => {
    following = value;
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = value ? () => false : undefined;
  };
  follow(true);
  /** Where the page was when last known to be at the end. */
  let endY = window.scrollY;
  const atEnd = (): boolean =>
    window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOW_THRESHOLD_PX;
  const scrollToEnd = (): void => {
    window.scrollTo({ top: document.documentElement.scrollHeight });
    endY = window.scrollY;
  };
  /**
   * Still following: no scroll up since the page was last at the end. A scroll event comes a frame
   * after the scrolling, so a row arriving in between must not take the reader back down.
   */
  const stillFollowing = (): boolean => {
    if (following && window.scrollY < endY - 1 && !atEnd()) follow(false);
    return following;
  };

  // Load the part of the path the virtualiser shows (with a margin), if it is not loaded yet. While
  // the view follows the end, the end is what shows: the virtualiser's items lag a scroll event behind
  // (on opening, the top of the page), and asking for those rows would load the story's first bands.
  createEffect(() => {
    const shown = items();
    const first = shown[0];
    const last = shown.at(-1);
    if (!first || !last) return;
    const length = story.length();
    const from = offset();
    const visible = stillFollowing()
      ? { start: Math.max(from, length - shown.length), end: length }
      : { start: first.index + from, end: last.index + 1 + from };
    story.showRange(rangeFor(visible, length, untrack(story.range)));
  });
  // Turns of the loaded part without a row (the user was not there) take no space.
  createEffect(() => {
    const { start, end } = story.loaded();
    const from = offset();
    const present = new Set(story.rows.map((row) => row.index));
    for (let i = Math.max(start, from); i < end; i++)
      if (!present.has(i)) virtualizer.resizeItem(i - from, 0);
  });

  /** Only the user's scrolling (or the page's) decides whether the view follows the end. */
  const onScroll = (): void => {
    follow(atEnd());
    if (following) endY = window.scrollY;
    placeList();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  // What is above the list (a notice, a banner) can change its place without any scrolling, and what
  // is around it can grow under a reader at the end (the story's screen fills in as the worker answers
  // after this device's last screen of it was shown): the view stays at the end.
  const page = new ResizeObserver(() => {
    placeList();
    if (stillFollowing()) scrollToEnd();
  });
  page.observe(document.body);
  onCleanup(() => {
    window.removeEventListener('scroll', onScroll);
    page.disconnect();
  });

  // New text at the end, or rows measured taller than their estimate: stay at the end if there.
  createEffect(
    on([track, () => virtualizer.getTotalSize()], () => {
      if (stillFollowing()) scrollToEnd();
    }),
  );
  // The turns above the first here turned out not to be on this device, under a reader scrolled up to
  // them: the top of what is here is shown (with the notice above it), not wherever the page now ends up.
  createEffect(
    on(
      offset,
      (now, before) => {
        if (now > (before ?? 0) && !stillFollowing()) window.scrollTo({ top: 0 });
      },
      { defer: true },
    ),
  );
  // The user sent a turn or asked for more: show the end, whatever they were reading.
  createEffect(
    on(
      story.followRequests,
      () => {
        follow(true);
        scrollToEnd();
      },
      { defer: true },
    ),
  );

  return {
    rows,
    padTop,
    padBottom,
    setList(element) {
      list = element;
      queueMicrotask(placeList);
    },
    measure(row, index) {
      // Numbered from the first turn here: numbered again when that moves.
      const measureAs = (from: number): void => {
        row.setAttribute(virtualizer.options.indexAttribute, String(index - from));
        virtualizer.measureElement(row);
      };
      measureAs(untrack(offset));
      createEffect(on(offset, measureAs, { defer: true }));
      // A row that left the page is no longer observed.
      onCleanup(() => queueMicrotask(() => virtualizer.measureElement(null)));
    },
  };
}
