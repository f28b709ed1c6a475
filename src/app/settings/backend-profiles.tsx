// The model backends of this device: OpenAI-compatible servers and in-browser (WebLLM) models. Each
// is a profile that operations (actor, projector, selector) can use, and can be evaluated (eval-dialog.tsx).
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import { produce, type SetStoreFunction } from 'solid-js/store';
import type { BackendProfile, DeviceSettings } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { newId } from '../ui/new-id.ts';
import { OpenAIProfileEditor } from './openai-profile.tsx';
import type { WebllmCatalog } from './webllm-catalog.ts';
import { WebllmProfileEditor } from './webllm-profile.tsx';
import { EvalAction } from './eval-dialog.tsx';

type OpenAIProfile = Extract<BackendProfile, { kind: 'openai' }>;
type WebllmProfile = Extract<BackendProfile, { kind: 'webllm' }>;

/** Removes a profile and every operation choice that pointed at it. */
function removeProfile(settings: DeviceSettings, id: string): void {
  settings.profiles = settings.profiles.filter((p) => p.id !== id);
  const clear = (ops: DeviceSettings['operations']): void => {
    for (const key of ['default', 'actor', 'projector', 'selector', 'authoring'] as const)
      if (ops[key] === id) delete ops[key];
  };
  clear(settings.operations);
  for (const ops of Object.values(settings.storyOperations)) clear(ops);
}

export function BackendProfiles(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
  webllm: WebllmCatalog;
}): JSX.Element {
  const { api } = useDriver();
  const [presets] = createResource(() => api.endpointPresets());
  /** The profile just added: its editor takes the keyboard focus. */
  const [added, setAdded] = createSignal('');
  const add = (profile: BackendProfile): void => {
    setAdded(profile.id);
    props.setSettings('profiles', props.settings.profiles.length, profile);
  };
  const update = (index: number, patch: Partial<BackendProfile>): void =>
    props.setSettings('profiles', index, patch as BackendProfile);
  const remove = (id: string): void => props.setSettings(produce((s) => removeProfile(s, id)));
  return (
    <section class="settings-section" aria-labelledby="profiles-heading">
      <h3 id="profiles-heading">{t('Model backends')}</h3>
      <Show when={props.settings.profiles.length === 0}>
        <p class="muted">
          {t(
            'No backend yet. Add an OpenAI-compatible server (Ollama, LM Studio, llama.cpp, OpenRouter…) or an in-browser model.',
          )}
        </p>
      </Show>
      <For each={props.settings.profiles}>
        {(profile, index) => (
          <>
            {profile.kind === 'openai' ? (
              <OpenAIProfileEditor
                profile={profile}
                focus={profile.id === added()}
                presets={presets() ?? []}
                onChange={(patch) => update(index(), patch)}
                onRemove={() => remove(profile.id)}
              />
            ) : (
              <WebllmProfileEditor
                profile={profile}
                focus={profile.id === added()}
                catalog={props.webllm}
                onChange={(patch) => update(index(), patch)}
                onRemove={() => remove(profile.id)}
              />
            )}
            <div class="row eval-action">
              <EvalAction profile={profile} />
            </div>
          </>
        )}
      </For>
      <div class="row">
        <button
          type="button"
          class="secondary"
          onClick={() =>
            add({
              id: newId(),
              kind: 'openai',
              label: '',
              baseURL: '',
              apiKey: '',
              model: '',
            } satisfies OpenAIProfile)
          }
        >
          {t('Add OpenAI-compatible server')}
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => add({ id: newId(), kind: 'webllm', label: '', model: '' } satisfies WebllmProfile)}
        >
          {t('Add in-browser model')}
        </button>
      </div>
    </section>
  );
}
