// One in-browser (WebLLM) backend: which downloaded or downloadable model it runs, and its context and
// answer lengths.
import { For, Show, onMount, type JSX } from 'solid-js';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';
import type { BackendProfile } from '../../workers/api.ts';
import type { WebllmCatalog } from './webllm-catalog.ts';
import { modelSummary } from './webllm-format.ts';
import { ProfileLengths } from './profile-lengths.tsx';
import { ProfileSampling } from './profile-sampling.tsx';

type WebllmProfile = Extract<BackendProfile, { kind: 'webllm' }>;

export function WebllmProfileEditor(props: {
  profile: WebllmProfile;
  catalog: WebllmCatalog;
  onChange: (patch: Partial<WebllmProfile>) => void;
  onRemove: () => void;
  /** Take the keyboard focus (a profile just added). */
  focus: boolean;
}): JSX.Element {
  onMount(() => props.catalog.load());
  const title = (): string => props.profile.label || t('In-browser model');
  return (
    <fieldset class="group profile">
      <legend>{title()}</legend>
      <Show when={props.catalog.status()}>
        {(status) => (
          <p class={status().available ? 'muted' : 'error'} role="status">
            {status().detail}
          </p>
        )}
      </Show>
      <label class="field">
        <span>{t('Name')}</span>
        <input
          ref={(el) => props.focus && focusOnMount(el)}
          value={props.profile.label}
          onInput={(e) => props.onChange({ label: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>{t('Model')}</span>
        <select
          value={props.profile.model}
          onChange={(e) => props.onChange({ model: e.currentTarget.value })}
        >
          <option value="">{t('Choose a model…')}</option>
          <For each={props.catalog.models() ?? []}>
            {(model) => (
              <option value={model.id} selected={model.id === props.profile.model}>
                {`${model.id} — ${modelSummary(model)}`}
              </option>
            )}
          </For>
        </select>
      </label>
      <p class="hint">{t('Download the model below (In-browser models) before you play with it.')}</p>
      <ProfileLengths profile={props.profile} onChange={(patch) => props.onChange(patch)} />
      <ProfileSampling profile={props.profile} onChange={(patch) => props.onChange(patch)} />
      <div class="row">
        <button type="button" class="secondary" onClick={() => props.onRemove()}>
          {t('Remove {name}', { name: title() })}
        </button>
      </div>
    </fieldset>
  );
}
