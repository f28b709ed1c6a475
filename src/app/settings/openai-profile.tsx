// One OpenAI-compatible backend: base URL (typed, from a preset, or found on this machine), API key,
// model (typed or picked from the server's list), a connection test that says what is wrong, and its
// context and answer lengths, and how long one request may take.
import { For, createSignal, createUniqueId, type JSX } from 'solid-js';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import type { BackendProfile, EndpointPreset } from '../../workers/api.ts';
import { ConnectionTest } from './connection-test.tsx';
import { EndpointFinder } from './endpoint-finder.tsx';
import { ProfileLengths } from './profile-lengths.tsx';
import { ProfileSampling } from './profile-sampling.tsx';
import { RequestDeadline } from './request-deadline.tsx';
import { t } from '../i18n/ui-text.ts';
import { isBaseURL } from './settings-check.ts';

type OpenAIProfile = Extract<BackendProfile, { kind: 'openai' }>;

export function OpenAIProfileEditor(props: {
  profile: OpenAIProfile;
  presets: EndpointPreset[];
  onChange: (patch: Partial<OpenAIProfile>) => void;
  onRemove: () => void;
  /** Take the keyboard focus (a profile just added). */
  focus: boolean;
}): JSX.Element {
  const id = createUniqueId();
  const [models, setModels] = createSignal<string[]>([]);
  const title = (): string => props.profile.label || t('OpenAI-compatible server');
  return (
    <fieldset class="group profile">
      <legend>{title()}</legend>
      <label class="field">
        <span>{t('Name')}</span>
        <input
          ref={(el) => props.focus && focusOnMount(el)}
          value={props.profile.label}
          placeholder={t('e.g. Ollama on this computer')}
          onInput={(e) => props.onChange({ label: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>{t('Base URL')}</span>
        <input
          type="url"
          required
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder="http://localhost:11434/v1"
          aria-invalid={!isBaseURL(props.profile.baseURL)}
          value={props.profile.baseURL}
          onInput={(e) => props.onChange({ baseURL: e.currentTarget.value.trim() })}
        />
      </label>
      <div class="row wrap" role="group" aria-label={t('Presets')}>
        <For each={props.presets}>
          {(preset) => (
            <button
              type="button"
              class="secondary small"
              aria-label={t('Use preset {name}', { name: preset.label })}
              onClick={() =>
                props.onChange({ baseURL: preset.baseURL, label: props.profile.label || preset.label })
              }
            >
              {preset.label}
            </button>
          )}
        </For>
      </div>
      <EndpointFinder
        onUse={(preset) =>
          props.onChange({ baseURL: preset.baseURL, label: props.profile.label || preset.label })
        }
      />
      <label class="field">
        <span>{t('API key')}</span>
        <input
          type="password"
          autocomplete="off"
          placeholder={t('Only if the server needs one')}
          value={props.profile.apiKey}
          onInput={(e) => props.onChange({ apiKey: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>{t('Model')}</span>
        <input
          list={`${id}-models`}
          autocomplete="off"
          spellcheck={false}
          value={props.profile.model}
          onInput={(e) => props.onChange({ model: e.currentTarget.value.trim() })}
        />
        <datalist id={`${id}-models`}>
          <For each={models()}>{(model) => <option value={model} />}</For>
        </datalist>
      </label>
      <ConnectionTest
        endpoint={() => ({
          baseURL: props.profile.baseURL,
          apiKey: props.profile.apiKey,
          model: props.profile.model,
        })}
        onModels={setModels}
        onPick={(model) => props.onChange({ model })}
      />
      <ProfileLengths profile={props.profile} onChange={(patch) => props.onChange(patch)} />
      <ProfileSampling profile={props.profile} onChange={(patch) => props.onChange(patch)} />
      <RequestDeadline profile={props.profile} onChange={(patch) => props.onChange(patch)} />
      <div class="row">
        <button type="button" class="secondary" onClick={() => props.onRemove()}>
          {t('Remove {name}', { name: title() })}
        </button>
      </div>
    </fieldset>
  );
}
