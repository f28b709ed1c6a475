// In-browser models: whether this device can run them (WebGPU), the prebuilt models with their
// download size and memory need, downloads with progress, and the cached ones, deletable.
import { For, Show, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { WebllmCatalog } from './webllm-catalog.ts';
import { WebllmModelRow } from './webllm-model-row.tsx';

export function WebllmModels(props: { catalog: WebllmCatalog }): JSX.Element {
  const [fitOnly, setFitOnly] = createSignal(true);
  const shown = () => (props.catalog.models() ?? []).filter((m) => m.cached || !fitOnly() || m.fitsDevice);
  return (
    <details class="settings-section" onToggle={(event) => event.currentTarget.open && props.catalog.load()}>
      <summary>{t('In-browser models (WebLLM)')}</summary>
      <Show when={props.catalog.status()} fallback={<p class="muted">{t('Checking this device…')}</p>}>
        {(status) => (
          <p class={status().available && status().shaderF16 ? 'muted' : 'error'} role="status">
            {status().detail}
          </p>
        )}
      </Show>
      <label class="check">
        <input type="checkbox" checked={fitOnly()} onChange={(e) => setFitOnly(e.currentTarget.checked)} />
        <span>{t('Only models that fit this device')}</span>
      </label>
      <Show when={props.catalog.models()} fallback={<p class="muted">{t('Loading the model list…')}</p>}>
        <ul class="webllm-models">
          <For each={shown()} fallback={<li class="muted">{t('No model fits this device.')}</li>}>
            {(model) => <WebllmModelRow model={model} onChanged={() => props.catalog.refresh()} />}
          </For>
        </ul>
      </Show>
    </details>
  );
}
