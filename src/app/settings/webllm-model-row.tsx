// One prebuilt in-browser model: its size and memory need, whether it fits this device, and Download
// (with progress) or, once cached, Delete.
import { Show, createSignal, type JSX } from 'solid-js';
import type { WebllmModel } from '../../workers/api.ts';
import { DownloadProgressBar } from './download-progress.tsx';
import { useDriver } from '../shell/driver-client.ts';
import { modelSummary } from './webllm-format.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';

export function WebllmModelRow(props: { model: WebllmModel; onChanged: () => void }): JSX.Element {
  const { api } = useDriver();
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal('');
  const perform = async (action: 'download' | 'delete'): Promise<void> => {
    setBusy(true);
    setError('');
    const id = props.model.id;
    const result =
      action === 'download' ? await api.downloadWebllmModel(id) : await api.deleteWebllmModel(id);
    setBusy(false);
    if (!result.ok) setError(result.detail);
    props.onChanged();
  };
  return (
    <li class="webllm-model">
      <div class="webllm-model-head">
        <strong class="model-id">{props.model.id}</strong>
        <Show when={props.model.cached}>
          <span class="badge">{t('downloaded')}</span>
        </Show>
      </div>
      <p class="hint">{modelSummary(props.model)}</p>
      <Show
        when={props.model.cached}
        fallback={
          <button
            type="button"
            class="secondary small"
            disabled={busy()}
            aria-label={t('Download {model}', { model: props.model.id })}
            onClick={() => void perform('download')}
          >
            {t('Download')}
          </button>
        }
      >
        <button
          type="button"
          class="secondary small"
          disabled={busy()}
          aria-label={t('Delete {model} from this device', { model: props.model.id })}
          onClick={() => void perform('delete')}
        >
          {t('Delete')}
        </button>
      </Show>
      <Show when={busy() && !props.model.cached}>
        <DownloadProgressBar modelId={props.model.id} />
      </Show>
      <ErrorAlert message={error()} />
    </li>
  );
}
