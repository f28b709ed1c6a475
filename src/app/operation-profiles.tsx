// Which backend each operation uses on this device: acting, projecting and choosing who acts next
// may each use a different model (say a small in-browser projector and a large remote actor).
import { For, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings, OperationProfiles as Operations } from '../driver/settings/device-settings.ts';

const OPERATIONS = [
  { key: 'default', label: 'Default backend', unset: 'The first backend above' },
  { key: 'actor', label: 'Characters acting', unset: 'Default backend' },
  { key: 'projector', label: 'Projecting perceptions', unset: 'Default backend' },
  { key: 'selector', label: 'Choosing who acts next', unset: 'Default backend' },
] as const satisfies ReadonlyArray<{ key: keyof Operations; label: string; unset: string }>;

export function OperationProfiles(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
}): JSX.Element {
  const name = (profile: DeviceSettings['profiles'][number], index: number): string =>
    profile.label ||
    (profile.kind === 'openai' ? `OpenAI-compatible server ${index + 1}` : `In-browser model ${index + 1}`);
  return (
    <fieldset class="group">
      <legend>Which backend does what</legend>
      <For each={OPERATIONS}>
        {(op) => (
          <label class="field">
            <span>{op.label}</span>
            <select
              value={props.settings.operations[op.key] ?? ''}
              onChange={(event) =>
                props.setSettings('operations', op.key, event.currentTarget.value || undefined)
              }
            >
              <option value="">{op.unset}</option>
              <For each={props.settings.profiles}>
                {(profile, index) => (
                  <option value={profile.id} selected={props.settings.operations[op.key] === profile.id}>
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
