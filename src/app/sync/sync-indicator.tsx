// The header's sync indicator: connected / syncing / offline / refused / too large, with what it
// means and what to do as its tooltip (and accessible description). Hidden while sync is off.
import { Show, type JSX } from 'solid-js';
import type { SyncState } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import './sync.css';

/** A sync state's short name, in the interface language. */
export function syncLabel(state: SyncState): string {
  switch (state) {
    case 'off':
      return t('Sync off');
    case 'connected':
      return t('Synced');
    case 'syncing':
      return t('Syncing…');
    case 'offline':
      return t('Offline');
    case 'refused':
      return t('Sync refused');
    case 'too-large':
      return t('Sync stopped');
    default:
      return state satisfies never;
  }
}

export function SyncIndicator(): JSX.Element {
  const { sync } = useDriver();
  return (
    <Show when={sync().status !== 'off'}>
      <span
        class="sync-indicator"
        data-status={sync().status}
        role="status"
        aria-label={t('Sync: {state}', { state: syncLabel(sync().status) })}
        title={sync().detail}
      >
        {syncLabel(sync().status)}
      </span>
    </Show>
  );
}
