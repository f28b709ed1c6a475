// The overall sync state shown in the header: the worst of the rooms' states, with that room's detail.
// The rooms are the ones this device is meant to open (its own pairing's, and each joined story's).
import type { SyncRoomStatus, SyncState, SyncStatus } from '../api.ts';
import { uiText } from '../i18n/ui-text.ts';

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

/** `label(room)` names a room for people ("the story list", a story's title). */
export function overallStatus(rooms: SyncRoomStatus[], label: (room: string) => string): SyncStatus {
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
