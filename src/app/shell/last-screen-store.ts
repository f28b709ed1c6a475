// Where the story screen keeps each story's last screen on this device (last-screen.ts says what is
// kept and when it is shown): the page's localStorage, read without waiting when a story opens, never
// synced and never seen by the worker. Apart, so the library can forget a deleted story's screen
// without loading the story screen's code.

const SCREEN_PREFIX = 'rashomon.last-screen/';
/** The stories with a kept screen, the one opened last first. */
export const SCREEN_ORDER_KEY = 'rashomon.last-screens';

export const screenKey = (storyId: string): string => SCREEN_PREFIX + storyId;

/** Forgets the story's last screen (the story was deleted, or cannot be opened). */
export function forgetScreen(storyId: string): void {
  try {
    localStorage.removeItem(screenKey(storyId));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
