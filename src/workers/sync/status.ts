// The overall sync state shown in the header: the worst of the rooms' states, with that room's detail.
// The rooms are the ones this device is meant to open (its own pairing's, and each joined story's).
import type { SyncRoomStatus, SyncState, SyncStatus } from '../api.ts';
import { uiText } from '../i18n/ui-text.ts';
import { parseSegmentGuid } from '../../driver/doc/segment-key.ts';

const SEVERITY: Record<SyncState, number> = {
  off: 0,
  connected: 1,
  syncing: 2,
  offline: 3,
  'too-large': 4,
  refused: 5,
};

/** No pairing and no joined story. */
export function syncOff(): SyncStatus {
  return {
    status: 'off',
    detail: uiText(
      'Sync is off: this device keeps its stories to itself. Open a pairing link or set a server in Settings → Sync.',
    ),
    rooms: [],
  };
}

/**
 * A segmented story's rooms (its root's and each segment's `<story>~<n>`) as one row for the story, in
 * the worst of their states: people see stories, never the segments a story is kept in.
 */
function byStory(rooms: readonly SyncRoomStatus[]): SyncRoomStatus[] {
  const rows = new Map<string, SyncRoomStatus>();
  for (const r of rooms) {
    const story = parseSegmentGuid(r.room)?.storyId ?? r.room;
    const have = rows.get(story);
    if (!have || SEVERITY[r.status] > SEVERITY[have.status]) rows.set(story, { ...r, room: story });
  }
  return [...rows.values()];
}

/** `label(room)` names a room for people ("the story list", a story's title). */
export function overallStatus(all: SyncRoomStatus[], label: (room: string) => string): SyncStatus {
  const rooms = byStory(all);
  if (rooms.length === 0) return { status: 'syncing', detail: uiText('Starting to sync…'), rooms };
  const worst = rooms.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
  if (worst.status === 'connected') return { status: 'connected', detail: worst.detail, rooms };
  const others = rooms.filter((r) => r.status === worst.status).length - 1;
  const detail =
    others > 0
      ? uiText('{room} (and {count} more): {detail}', {
          room: label(worst.room),
          count: others,
          detail: worst.detail,
        })
      : uiText('{room}: {detail}', { room: label(worst.room), detail: worst.detail });
  return { status: worst.status, detail, rooms };
}
