// Settings → Sync: the sync server's address and token (a pairing link fills both), a Test button
// (asks the server whether it accepts the token), where sync stands now, and Disconnect.
import { Show, createSignal, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings } from '../driver/settings/device-settings.ts';
import type { SyncTestReport } from '../workers/api.ts';
import { useDriver } from './driver-client.ts';
import { SYNC_LABELS } from './sync-indicator.tsx';

/** Empty fields mean no sync: the saved settings then have no `sync` at all. */
export function withSyncCleaned(settings: DeviceSettings): DeviceSettings {
  const { sync, ...rest } = settings;
  if (!sync || (!sync.serverURL.trim() && !sync.token.trim())) return rest;
  return { ...rest, sync: { serverURL: sync.serverURL.trim(), token: sync.token.trim() } };
}

export function SyncSettings(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
}): JSX.Element {
  const { api, sync } = useDriver();
  const [report, setReport] = createSignal<SyncTestReport>();
  const [testing, setTesting] = createSignal(false);
  const [notice, setNotice] = createSignal('');
  const field = (key: 'serverURL' | 'token', value: string): void => {
    setReport(undefined);
    props.setSettings('sync', (now) => ({ serverURL: '', token: '', ...now, [key]: value }));
  };
  const test = async (): Promise<void> => {
    setTesting(true);
    setReport(undefined);
    setReport(
      await api.testSync({
        serverURL: props.settings.sync?.serverURL.trim() ?? '',
        token: props.settings.sync?.token.trim() ?? '',
      }),
    );
    setTesting(false);
  };
  // Takes effect at once (and in the form): stop syncing now, whatever else is being edited.
  const disconnect = async (): Promise<void> => {
    const saved = await api.getDeviceSettings();
    const { sync: _dropped, ...rest } = saved;
    const result = await api.setDeviceSettings(rest);
    if (!result.ok) return void setNotice(result.detail);
    props.setSettings('sync', undefined);
    setReport(undefined);
    setNotice('Disconnected: this device no longer syncs. Its stories stay here.');
  };
  return (
    <fieldset class="group sync-settings">
      <legend>Sync</legend>
      <p class="muted">
        Share stories between your devices through your own Rashomon server (<code>npx rashomon serve</code>).
        Opening the server’s pairing link on a device fills these in.
      </p>
      <label class="field">
        <span>Sync server</span>
        <input
          type="url"
          inputmode="url"
          placeholder="http://192.168.1.20:8787"
          value={props.settings.sync?.serverURL ?? ''}
          onInput={(event) => field('serverURL', event.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>Token</span>
        <input
          type="password"
          autocomplete="off"
          value={props.settings.sync?.token ?? ''}
          onInput={(event) => field('token', event.currentTarget.value)}
        />
      </label>
      <p class="muted sync-now">
        Now: <strong>{SYNC_LABELS[sync().status]}</strong>
        <Show when={sync().status !== 'connected'}> — {sync().detail}</Show>
      </p>
      <div class="row">
        <button type="button" class="secondary" disabled={testing()} onClick={() => void test()}>
          {testing() ? 'Testing…' : 'Test'}
        </button>
        <Show when={props.settings.sync}>
          <button type="button" class="secondary" onClick={() => void disconnect()}>
            Disconnect
          </button>
        </Show>
      </div>
      <Show when={report()}>
        {(r) => (
          <div class={r().ok ? 'report ok' : 'report error'} role={r().ok ? 'status' : 'alert'}>
            <p>
              <strong>{r().ok ? 'The server accepts this token.' : 'Sync test failed.'}</strong> {r().detail}
            </p>
          </div>
        )}
      </Show>
      <Show when={notice()}>
        <p class="muted" role="status">
          {notice()}
        </p>
      </Show>
    </fieldset>
  );
}
