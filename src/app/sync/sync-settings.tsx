// Settings → Sync: the sync server's address and token (a pairing link fills both), a Test button
// (asks the server whether it accepts the token), where sync stands now, and Disconnect; below, the
// shared stories (shared-stories-settings.tsx). Disconnecting takes effect at once; the rest on Save.
import { Show, createSignal, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings, SyncTestReport } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { syncLabel } from './sync-indicator.tsx';
import { SharedStories } from './shared-stories-settings.tsx';

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
    setNotice(t('Disconnected: this device no longer syncs. Its stories stay here.'));
  };
  return (
    <fieldset class="group sync-settings">
      <legend>{t('Sync')}</legend>
      <p class="muted">
        {t(
          'Share stories between your devices through your own Rashomon server (npx rashomon serve). Opening the server’s pairing link on a device fills these in.',
        )}
      </p>
      <label class="field">
        <span>{t('Sync server')}</span>
        <input
          type="url"
          inputmode="url"
          placeholder="http://192.168.1.20:8787"
          value={props.settings.sync?.serverURL ?? ''}
          onInput={(event) => field('serverURL', event.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>{t('Token')}</span>
        <input
          type="password"
          autocomplete="off"
          value={props.settings.sync?.token ?? ''}
          onInput={(event) => field('token', event.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>{t('Your name when co-editing')}</span>
        <input
          type="text"
          maxLength={80}
          placeholder={t('The story’s player name')}
          value={props.settings.deviceName ?? ''}
          onInput={(event) => props.setSettings('deviceName', event.currentTarget.value || undefined)}
        />
      </label>
      <p class="muted sync-now">
        {t('Now:')} <strong>{syncLabel(sync().status)}</strong>
        <Show when={sync().status !== 'connected'}> — {sync().detail}</Show>
      </p>
      <div class="row">
        <button type="button" class="secondary" disabled={testing()} onClick={() => void test()}>
          {testing() ? t('Testing…') : t('Test')}
        </button>
        <Show when={props.settings.sync}>
          <button type="button" class="secondary" onClick={() => void disconnect()}>
            {t('Disconnect')}
          </button>
        </Show>
      </div>
      <Show when={report()}>
        {(r) => (
          <div class={r().ok ? 'report ok' : 'report error'} role={r().ok ? 'status' : 'alert'}>
            <p>
              <strong>{r().ok ? t('The server accepts this token.') : t('Sync test failed.')}</strong>{' '}
              {r().detail}
            </p>
          </div>
        )}
      </Show>
      <Show when={notice()}>
        <p class="muted" role="status">
          {notice()}
        </p>
      </Show>
      <SharedStories
        settings={props.settings}
        setSettings={props.setSettings}
        fillPairing={(serverURL, token) => {
          field('serverURL', serverURL);
          field('token', token);
        }}
      />
    </fieldset>
  );
}
