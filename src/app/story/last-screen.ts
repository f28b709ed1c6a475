// A story's screen as this device last showed it (its overview and the rows at its end), kept in the
// page's localStorage (last-screen-store.ts) so that a reload paints it before the worker has started
// and opened the story. The worker's answer replaces it as soon as it comes (story-state.ts); until
// then the rows have no controls. Only the user's own rows are kept, never another participant's
// ("Read as"), for the MAX_SCREENS stories opened last; a story deleted here forgets its screen.
import { onCleanup } from 'solid-js';
import type { StaleSummary, StoryOverview, TranscriptRow } from '../../workers/api.ts';
import { forgetScreen, SCREEN_ORDER_KEY, screenKey } from '../shell/last-screen-store.ts';

/** The most stories whose last screen is kept: the ones a person goes back to. */
export const MAX_SCREENS = 8;
/** Rows kept of the end of a story: what the first screen shows (story-state's INITIAL_ROWS). */
export const KEPT_ROWS = 40;
/**
 * The most characters one kept screen takes (localStorage holds about 5 million for the whole
 * app): a larger one is not kept, and that story opens from the worker as before.
 */
export const MAX_SCREEN_CHARS = 400_000;
/**
 * A picture larger than this is left out of a kept screen (an imported card's can be a megabyte):
 * its rows show it once the worker's answer comes.
 */
export const MAX_KEPT_AVATAR_CHARS = 32_000;

/**
 * Which code wrote a screen: a screen is shown only by the code that kept it. A built chunk's URL
 * carries its content hash, so an update of the app (whose rows or overview may be shaped anew)
 * never shows a screen an older version kept; the worker's answer comes as before.
 */
const WRITER = import.meta.url;

export interface LastScreen {
  overview: StoryOverview;
  /** The path's length, and where the kept rows start on it. */
  length: number;
  start: number;
  rows: TranscriptRow[];
  stale: StaleSummary | null;
  missing: number;
}

interface Kept {
  writer: string;
  storyId: string;
  screen: LastScreen;
}

// Written by this code on this device: the check is that it is this code's, not a full validation.
const isKept = (value: unknown, storyId: string): value is Kept => {
  const kept = value as Partial<Kept> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    kept.writer === WRITER &&
    kept.storyId === storyId &&
    Array.isArray(kept.screen?.rows) &&
    typeof kept.screen.overview === 'object'
  );
};

/** The story's last screen, or undefined (none, another version's, unreadable, or no storage). */
export function readLastScreen(storyId: string): LastScreen | undefined {
  try {
    const text = localStorage.getItem(screenKey(storyId));
    const kept: unknown = text === null ? undefined : JSON.parse(text);
    return isKept(kept, storyId) ? kept.screen : undefined;
  } catch {
    return undefined;
  }
}

const withoutLargeAvatars = (overview: StoryOverview): StoryOverview => ({
  ...overview,
  participants: overview.participants.map(({ avatar, ...participant }) =>
    avatar !== undefined && avatar.length <= MAX_KEPT_AVATAR_CHARS ? { ...participant, avatar } : participant,
  ),
});

function storyOrder(): string[] {
  try {
    const order: unknown = JSON.parse(localStorage.getItem(SCREEN_ORDER_KEY) ?? '[]');
    return Array.isArray(order) ? order.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** How long a screen stays unchanged before it is kept: not one write per streamed change. */
export const KEEP_SCREEN_DELAY_MS = 1000;

/** Keeps `screen` as the story's last; the stories beyond the MAX_SCREENS newest are forgotten. */
export function keepLastScreen(storyId: string, screen: LastScreen): void {
  const kept: Kept = {
    writer: WRITER,
    storyId,
    screen: {
      ...screen,
      overview: withoutLargeAvatars(screen.overview),
      rows: screen.rows.slice(-KEPT_ROWS),
    },
  };
  const text = JSON.stringify(kept);
  const order = [storyId, ...storyOrder().filter((id) => id !== storyId)];
  order.slice(MAX_SCREENS).forEach(forgetScreen);
  try {
    localStorage.setItem(SCREEN_ORDER_KEY, JSON.stringify(order.slice(0, MAX_SCREENS)));
    if (text.length > MAX_SCREEN_CHARS) return forgetScreen(storyId);
    localStorage.setItem(screenKey(storyId), text);
  } catch {
    // Full or unavailable: not kept, and the next open waits for the worker, as it did before.
    forgetScreen(storyId);
  }
}

/**
 * Keeps the story's screen once it has not changed for KEEP_SCREEN_DELAY_MS: each call (a change)
 * starts the wait again, and `current` says what the screen is then (undefined: nothing to keep).
 * Made inside a Solid owner: the wait ends with it.
 */
export function screenKeeper(storyId: string, current: () => LastScreen | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const screen = current();
      if (screen) keepLastScreen(storyId, screen);
    }, KEEP_SCREEN_DELAY_MS);
  };
}
