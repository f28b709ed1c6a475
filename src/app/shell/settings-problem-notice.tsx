// Device settings saved on this device that could not be used (the worker fell back to the defaults):
// said when the app starts, with a button to Settings' backends and Retry (reads them again: another
// tab may have mended them), until settings are saved again.
import { Show, createResource, type JSX } from 'solid-js';
import { useDriver } from './driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function SettingsProblemNotice(props: {
  /** Changes whenever settings may have been saved (the dialog closed), so the problem is asked again. */
  version: number;
  onOpenSettings: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [problem, { refetch }] = createResource(
    () => props.version + 1,
    () => api.settingsProblem(),
  );
  return (
    <Show when={problem.latest}>
      {(detail) => (
        <p class="prompt-problems" role="alert">
          {detail()}{' '}
          <button type="button" class="small secondary" onClick={() => props.onOpenSettings()}>
            {t('Open Settings')}
          </button>{' '}
          <button type="button" class="small secondary" onClick={() => void refetch()}>
            {t('Retry')}
          </button>
        </p>
      )}
    </Show>
  );
}
