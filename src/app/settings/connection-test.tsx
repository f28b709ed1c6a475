// "Test connection": asks the worker to reach the server, check the key and find the model, then shows
// what works or the first thing that does not (its detail carries the fix, e.g. for CORS), and the
// server's models to pick from.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type { ConnectionReport } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

type Endpoint = { baseURL: string; apiKey?: string; model?: string };

/** Ollama's address on this machine, the most common local server. */
const EXAMPLE_BASE_URL = 'http://localhost:11434/v1';

export function ConnectionTest(props: {
  endpoint: () => Endpoint;
  onModels: (models: string[]) => void;
  onPick: (model: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [report, setReport] = createSignal<ConnectionReport>();
  const [testing, setTesting] = createSignal(false);
  const test = async (): Promise<void> => {
    const endpoint = props.endpoint();
    if (!URL.canParse(endpoint.baseURL)) {
      setReport({
        ok: false,
        code: 'unreachable',
        detail: t('Enter the server’s Base URL first, e.g. {example}.', { example: EXAMPLE_BASE_URL }),
        models: [],
      });
      return;
    }
    setTesting(true);
    setReport(undefined);
    const result = await api.testConnection(endpoint);
    setTesting(false);
    setReport(result);
    props.onModels(result.models);
  };
  return (
    <div class="connection-test">
      <button type="button" class="secondary" disabled={testing()} onClick={() => void test()}>
        {testing() ? t('Testing…') : t('Test connection')}
      </button>
      <Show when={report()}>
        {(r) => (
          <div class={r().ok ? 'report ok' : 'report error'} role={r().ok ? 'status' : 'alert'}>
            <p>
              <strong>{r().ok ? t('Connection works.') : t('Connection failed.')}</strong> {r().detail}
            </p>
            <Show when={r().models.length > 0}>
              <p class="muted">{t('Models on this server (choose one):')}</p>
              <ul class="model-choices">
                <For each={r().models}>
                  {(model) => (
                    <li>
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={t('Use model {model}', { model })}
                        onClick={() => props.onPick(model)}
                      >
                        {model}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
          </div>
        )}
      </Show>
    </div>
  );
}
