// "Show full request": the whole text of a request that wrote a turn or projected it to one audience,
// message by message. The worker rebuilds it from the story as it is now (only its itemisation is
// stored), so it says so: what changed since may differ from what was sent.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type { TurnRequest } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { runCommand } from '../ui/run-command.ts';
import { formatCount, roleLabel } from './given-format.ts';

export function FullRequest(props: { storyId: string; turnId: string; audience?: string }): JSX.Element {
  const { api } = useDriver();
  const [request, setRequest] = createSignal<TurnRequest>();
  const [error, setError] = createSignal('');
  const [loading, setLoading] = createSignal(false);
  const show = async (): Promise<void> => {
    if (loading()) return;
    setError('');
    setLoading(true);
    try {
      const result = await runCommand(() => api.turnRequest(props.storyId, props.turnId, props.audience), {
        error: setError,
        cancelled: setError,
      });
      if (result.ok) setRequest(result.request);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div class="full-request">
      <Show
        when={request()}
        fallback={
          <button type="button" class="small secondary" aria-disabled={loading()} onClick={() => void show()}>
            {loading() ? t('Rebuilding the request…') : t('Show full request')}
          </button>
        }
      >
        {(shown) => (
          <>
            <button type="button" class="small secondary" onClick={() => setRequest(undefined)}>
              {t('Hide full request')}
            </button>
            <p class="hint">
              {t(
                'Rebuilt from the story as it is now ({tokens} prompt tokens): what was edited, remembered or changed in the prompts since is as it is now, not as it was sent.',
                { tokens: formatCount(shown().promptTokens) },
              )}
            </p>
            <ol class="request-messages">
              <For each={shown().messages}>
                {(message) => (
                  <li>
                    <span class="request-role">{roleLabel(message.role)}</span>
                    <pre class="request-content" tabIndex={0}>
                      {message.content}
                    </pre>
                  </li>
                )}
              </For>
            </ol>
          </>
        )}
      </Show>
      <ErrorAlert message={error()} />
    </div>
  );
}
