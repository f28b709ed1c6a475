// "Find local servers": asks the worker which of the known local servers (Ollama, LM Studio,
// llama.cpp, KoboldCpp) answers on this machine, and offers to use one.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type { ConnectionReport, EndpointPreset } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

type Probe = { preset: EndpointPreset; report: ConnectionReport };

export function EndpointFinder(props: { onUse: (preset: EndpointPreset) => void }): JSX.Element {
  const { api } = useDriver();
  const [found, setFound] = createSignal<Probe[]>();
  const [probing, setProbing] = createSignal(false);
  const probe = async (): Promise<void> => {
    setProbing(true);
    setFound(await api.probeLocalServers());
    setProbing(false);
  };
  return (
    <div class="endpoint-finder">
      <button type="button" class="secondary" disabled={probing()} onClick={() => void probe()}>
        {probing() ? t('Looking…') : t('Find local servers')}
      </button>
      <Show when={found()}>
        {(probes) => (
          <div role="status">
            <Show
              when={probes().length > 0}
              fallback={
                <p class="muted">
                  {t('No local server answered (Ollama, LM Studio, llama.cpp server, KoboldCpp).')}
                </p>
              }
            >
              <ul class="probes">
                <For each={probes()}>
                  {(probe) => (
                    <li class={probe.report.ok ? 'ok' : 'muted'}>
                      <strong>{probe.preset.label}</strong> ({probe.preset.baseURL}): {probe.report.detail}
                      <Show when={probe.report.ok}>
                        {' '}
                        <button
                          type="button"
                          class="small"
                          aria-label={t('Use {name}', { name: probe.preset.label })}
                          onClick={() => props.onUse(probe.preset)}
                        >
                          {t('Use')}
                        </button>
                      </Show>
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
