// Transaction origins of the worker's sync side. Yjs providers tell their own changes from everyone
// else's by comparing `transaction.origin` by identity (y-websocket and y-indexeddb skip
// `origin === this`; tab-sync.ts skips its own the same way), so each origin is one frozen object of
// its own: a string could be spelled again, by accident, by any other writer of the document.
// (y-websocket's and y-indexeddb's changes carry the provider itself as their origin.)

const origin = <Name extends string>(name: Name) => Object.freeze({ origin: name });

export const SYNC_ORIGINS = {
  /**
   * Changes another tab of this device posted on the tab channel: applied with this origin, so the
   * link never posts them back (no echo, no loop) and the host can tell them from a server's.
   */
  anotherTab: origin('another-tab'),
  /** A joined story's title and cast written into this device's library (shared-stories.ts). */
  sharedStoryListing: origin('shared-story-listing'),
} as const;
export type SyncOrigin = (typeof SYNC_ORIGINS)[keyof typeof SYNC_ORIGINS];
