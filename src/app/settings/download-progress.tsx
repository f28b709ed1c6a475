// A model download's progress from the worker's 'download' pushes: a real progress bar with the
// percentage, megabytes so far and in total, and the time left.
import { Show, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { formatMB } from './webllm-format.ts';

const SECONDS_PER_MINUTE = 60;

function timeLeft(seconds: number): string {
  if (seconds < SECONDS_PER_MINUTE) return t('{seconds} s left', { seconds: Math.ceil(seconds) });
  return t('about {minutes} min left', { minutes: Math.ceil(seconds / SECONDS_PER_MINUTE) });
}

export function DownloadProgressBar(props: { modelId: string }): JSX.Element {
  const { download } = useDriver();
  const event = () => download(props.modelId);
  /** The worker reports progress as a fraction from 0 to 1. */
  const percent = (): number => Math.round(Math.min(1, Math.max(0, event()?.progress ?? 0)) * 100);
  return (
    <div class="download-progress">
      <progress max={100} value={percent()} aria-label={t('Downloading {model}', { model: props.modelId })} />
      <p class="hint">
        <Show when={event()} fallback={t('Starting the download…')}>
          {(e) => (
            <>
              {t('{percent}% · {loaded} of {total}', {
                percent: percent(),
                loaded: formatMB(e().loadedMB),
                total: formatMB(e().totalMB),
              })}
              <Show when={e().secondsLeft !== undefined}> · {timeLeft(e().secondsLeft ?? 0)}</Show>
            </>
          )}
        </Show>
      </p>
    </div>
  );
}
