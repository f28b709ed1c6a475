// Waiting for a story that is known from the synced library but has no content on this device yet:
// the server's first sync fills it. The wait ends as soon as the content is there, or the room is
// offline or refused, or the server has synced without it (the device that made it never uploaded it).
import type { Failure, SyncRoomStatus } from '../api.ts';
import { uiText } from '../i18n/ui-text.ts';

const ARRIVAL_TIMEOUT_MS = 10_000;
/** After the first sync, how long an update carrying the story may still take. */
const AFTER_SYNC_MS = 1500;
const POLL_MS = 50;

export async function waitForArrival(room: {
  hasContent(): boolean;
  room(): SyncRoomStatus | undefined;
  synced(): boolean;
}): Promise<Failure | null> {
  const notHere = (detail: string): Failure => ({ ok: false, code: 'not-found', detail });
  const start = Date.now();
  let syncedAt: number | null = null;
  for (;;) {
    if (room.hasContent()) return null;
    const status = room.room();
    if (!status)
      return notHere(
        uiText(
          'This story is listed in the synced library but its content is not on this device, and sync is off. Turn sync on in Settings → Sync to fetch it.',
        ),
      );
    if (status.status === 'offline' || status.status === 'refused' || status.status === 'too-large')
      return notHere(
        uiText('This story’s content has not reached this device yet: {reason}', { reason: status.detail }),
      );
    if (room.synced()) syncedAt ??= Date.now();
    const now = Date.now();
    if (syncedAt !== null && now - syncedAt > AFTER_SYNC_MS)
      return notHere(
        uiText(
          'The sync server does not have this story’s content yet: open it on the device that made it, while that device is online.',
        ),
      );
    if (now - start > ARRIVAL_TIMEOUT_MS)
      return notHere(
        uiText('This story’s content is still on its way from the sync server; try again in a moment.'),
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * A segmented story whose root is here but whose newest turn is not yet (a new device, its leaf's
 * segment room still on its first sync, or not joined yet: a segment joins its room once it is
 * loaded): waits until the turn is in, that room has synced or cannot, or ARRIVAL_TIMEOUT_MS, so a
 * command sent at once acts on the story as it is. It never refuses: a leaf nobody holds (a peer's
 * mistake) only costs the wait.
 */
export async function waitForLeaf(segment: {
  leafHere(): boolean;
  /** The leaf segment's room; undefined until it has joined. */
  room(): SyncRoomStatus | undefined;
  synced(): boolean;
  /** Whether the story syncs on this device at all (its segment rooms join as they load). */
  storySyncs(): boolean;
}): Promise<void> {
  const start = Date.now();
  const waiting = () => {
    const room = segment.room();
    return room ? room.status === 'syncing' && !segment.synced() : segment.storySyncs();
  };
  while (!segment.leafHere() && waiting() && Date.now() - start < ARRIVAL_TIMEOUT_MS)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
