// The header's sync indicator: connected / syncing / offline / refused / too large, with what it
// means and what to do as its tooltip (and accessible description). Hidden while sync is off.
import { Show, type JSX } from 'solid-js';
import type { SyncState } from '../workers/api.ts';
import { useDriver } from './driver-client.ts';

export const SYNC_LABELS: Record<SyncState, string> = {
  off: 'Sync off',
  connected: 'Synced',
  syncing: 'Syncing…',
  offline: 'Offline',
  refused: 'Sync refused',
  'too-large': 'Sync stopped',
};

export function SyncIndicator(): JSX.Element {
  const { sync } = useDriver();
  return (
    <Show when={sync().status !== 'off'}>
      <span
        class="sync-indicator"
        data-status={sync().status}
        role="status"
        aria-label={`Sync: ${SYNC_LABELS[sync().status]}`}
        title={sync().detail}
      >
        {SYNC_LABELS[sync().status]}
      </span>
    </Show>
  );
}
