// Which backend each operation uses on this device: acting, projecting and choosing who acts next
// may each use a different model (say a small in-browser projector and a large remote actor).
import { For, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings, OperationProfiles as Operations } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { operationLabel } from './operation-labels.ts';

type Operation = keyof Operations;

const OPERATIONS = [
  'default',
  'actor',
  'projector',
  'selector',
  'authoring',
] as const satisfies readonly Operation[];

/** What an operation uses when no backend is chosen for it. */
function unsetLabel(op: Operation): string {
  return op === 'default' ? t('The first backend above') : t('Default backend');
}

export function OperationProfiles(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
}): JSX.Element {
  const name = (profile: DeviceSettings['profiles'][number], index: number): string =>
    profile.label ||
    (profile.kind === 'openai'
      ? t('OpenAI-compatible server {number}', { number: index + 1 })
      : t('In-browser model {number}', { number: index + 1 }));
  return (
    <fieldset class="group">
      <legend>{t('Which backend does what')}</legend>
      <For each={OPERATIONS}>
        {(op) => (
          <label class="field">
            <span>{operationLabel(op)}</span>
            <select
              value={props.settings.operations[op] ?? ''}
              onChange={(event) =>
                props.setSettings('operations', op, event.currentTarget.value || undefined)
              }
            >
              <option value="">{unsetLabel(op)}</option>
              <For each={props.settings.profiles}>
                {(profile, index) => (
                  <option value={profile.id} selected={props.settings.operations[op] === profile.id}>
                    {name(profile, index())}
                  </option>
                )}
              </For>
            </select>
          </label>
        )}
      </For>
    </fieldset>
  );
}
