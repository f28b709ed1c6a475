// Settings, a modal dialog: model backends (profiles), which one each operation uses, sync, the
// interface language. Everything here is device-local: saved in this browser, never synced or exported.
import { Show, createResource, createSignal, onMount, type JSX } from 'solid-js';
import { createStore, unwrap } from 'solid-js/store';
import type { DeviceSettings } from '../../workers/api.ts';
import { BackendProfiles } from './backend-profiles.tsx';
import { useDriver } from '../shell/driver-client.ts';
import { OperationProfiles } from './operation-profiles.tsx';
import { SyncSettings, withSyncCleaned } from '../sync/sync-settings.tsx';
import { createWebllmCatalog } from './webllm-catalog.ts';
import { WebllmModels } from './webllm-models.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { setUiLanguage, t } from '../i18n/ui-text.ts';
import './settings.css';

export function SettingsDialog(props: { onClose: () => void }): JSX.Element {
  const { api } = useDriver();
  const [loaded] = createResource(() => api.getDeviceSettings());
  let dialog: HTMLDialogElement | undefined;
  onMount(() => dialog?.showModal());
  return (
    <dialog
      ref={dialog}
      class="settings-dialog"
      aria-labelledby="settings-title"
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id="settings-title">{t('Settings')}</h2>
        <button type="button" class="secondary" onClick={() => dialog?.close()}>
          {t('Close')}
        </button>
      </div>
      <Show when={loaded()} fallback={<p class="muted">{t('Loading settings…')}</p>}>
        {(settings) => <SettingsForm initial={settings()} onSaved={() => dialog?.close()} />}
      </Show>
    </dialog>
  );
}

function SettingsForm(props: { initial: DeviceSettings; onSaved: () => void }): JSX.Element {
  const { api } = useDriver();
  // The form edits its own copy; nothing changes on the device until Save.
  const [settings, setSettings] = createStore<DeviceSettings>(structuredClone(props.initial));
  const [error, setError] = createSignal('');
  const [saving, setSaving] = createSignal(false);
  const webllm = createWebllmCatalog(api);
  const save = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    setError('');
    const result = await api.setDeviceSettings(withSyncCleaned(structuredClone(unwrap(settings))));
    setSaving(false);
    if (result.ok) {
      setUiLanguage(settings.uiLanguage);
      props.onSaved();
    } else setError(result.detail);
  };
  return (
    <form class="stack" onSubmit={(event) => void save(event)}>
      <BackendProfiles settings={settings} setSettings={setSettings} webllm={webllm} />
      <OperationProfiles settings={settings} setSettings={setSettings} />
      <WebllmModels catalog={webllm} />
      <SyncSettings settings={settings} setSettings={setSettings} />
      <label class="field">
        <span>{t('Interface language')}</span>
        <select
          value={settings.uiLanguage}
          onChange={(event) => setSettings('uiLanguage', event.currentTarget.value === 'zh' ? 'zh' : 'en')}
        >
          <option value="en">English</option>
          <option value="zh">中文 (Chinese)</option>
        </select>
      </label>
      <ErrorAlert message={error()} />
      <div class="row">
        <button type="submit" disabled={saving()}>
          {t('Save')}
        </button>
      </div>
    </form>
  );
}
