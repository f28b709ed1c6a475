// Settings, a modal dialog: model backends (profiles), which one each operation uses, sync, the
// interface language. Everything here is device-local: saved in this browser, never synced or exported.
// Each change is saved as it is made (autosave.ts); closing with a change that was refused asks first.
import { Show, createEffect, createResource, createSignal, on, onMount, type JSX } from 'solid-js';
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
import { createAutosave, type Autosave } from './autosave.ts';
import { AutosaveStatusLine, DiscardQuestion } from './autosave-status.tsx';
import { invalidBaseURL } from './settings-check.ts';
import type { SettingsSection } from './settings-opener.ts';
import './settings.css';

export function SettingsDialog(props: { onClose: () => void; section?: SettingsSection }): JSX.Element {
  const { api } = useDriver();
  const [loaded] = createResource(() => api.getDeviceSettings());
  const [asking, setAsking] = createSignal(false);
  let dialog: HTMLDialogElement | undefined;
  let autosave: Autosave | undefined;
  onMount(() => dialog?.showModal());
  /** Closes once every change is stored; a refused one is not dropped without asking. */
  const requestClose = async (): Promise<void> => {
    if (!autosave || (await autosave.flush())) dialog?.close();
    else setAsking(true);
  };
  return (
    <dialog
      ref={dialog}
      class="settings-dialog"
      aria-labelledby="settings-title"
      onCancel={(event) => {
        event.preventDefault();
        void requestClose();
      }}
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id="settings-title">{t('Settings')}</h2>
        <button type="button" class="secondary" onClick={() => void requestClose()}>
          {t('Close')}
        </button>
      </div>
      <Show when={loaded()} fallback={<p class="muted">{t('Loading settings…')}</p>}>
        {(settings) => (
          <SettingsForm
            initial={settings()}
            section={props.section}
            onAutosave={(created) => (autosave = created)}
            onDone={() => void requestClose()}
            asking={asking()}
            onDiscard={() => dialog?.close()}
            onKeep={() => setAsking(false)}
          />
        )}
      </Show>
    </dialog>
  );
}

function SettingsForm(props: {
  initial: DeviceSettings;
  section: SettingsSection | undefined;
  onAutosave: (autosave: Autosave) => void;
  onDone: () => void;
  /** Closing waits for the person: discard the refused change, or keep editing. */
  asking: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [settings, setSettings] = createStore<DeviceSettings>(structuredClone(props.initial));
  const webllm = createWebllmCatalog(api);
  const autosave = createAutosave(async () => {
    const copy = withSyncCleaned(structuredClone(unwrap(settings)));
    // Caught here, so the field can say it: the worker would refuse the whole change anyway.
    const badURL = invalidBaseURL(copy);
    if (badURL !== undefined)
      return {
        ok: false,
        code: 'invalid',
        detail: t('Not saved: {name} needs a base URL such as http://localhost:11434/v1.', {
          name: badURL || t('OpenAI-compatible server'),
        }),
      };
    const result = await api.setDeviceSettings(copy);
    if (result.ok) await setUiLanguage(copy.uiLanguage);
    return result;
  });
  props.onAutosave(autosave);
  createEffect(
    on(
      () => JSON.stringify(settings),
      () => autosave.changed(),
      { defer: true },
    ),
  );
  let backends: HTMLDivElement | undefined;
  onMount(() => {
    if (props.section !== 'backends' || !backends) return;
    backends.scrollIntoView({ block: 'start' });
    backends.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
  });
  const refused = (): string | undefined => {
    const now = autosave.status();
    return now.state === 'refused' ? now.detail : undefined;
  };
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault();
        props.onDone();
      }}
    >
      <div ref={backends} class="stack">
        <BackendProfiles settings={settings} setSettings={setSettings} webllm={webllm} />
      </div>
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
      <div class="settings-footer">
        <ErrorAlert message={refused()} />
        <Show when={props.asking}>
          <DiscardQuestion onDiscard={props.onDiscard} onKeep={props.onKeep} />
        </Show>
        <div class="row">
          <AutosaveStatusLine status={autosave.status()} />
          <button type="submit">{t('Done')}</button>
        </div>
      </div>
    </form>
  );
}
