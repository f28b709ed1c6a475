// The new story's preset (SPEC PL4): the world's suggestion until the person picks another or none; a
// picked preset is applied over the world's own prompts. One carrying rules prompts shows its warning
// and needs the person's approval (PL2).
import { For, Show, type JSX } from 'solid-js';
import type { NewStoryInput, PresetSummary } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

/** undefined: the world's suggestion (nothing picked); null: no preset; else a preset's id. */
export type StartPreset = string | null | undefined;

/** What the worker is asked: nothing when the person left the world's suggestion as it is. */
export function presetInput(
  picked: StartPreset,
  approved: boolean,
): Pick<NewStoryInput, 'preset' | 'approvePresetRules'> {
  return {
    ...(picked !== undefined ? { preset: picked } : {}),
    ...(approved ? { approvePresetRules: true } : {}),
  };
}

export function StartPresetChoice(props: {
  presets: readonly PresetSummary[];
  /** The chosen world's suggested preset, if any. */
  suggested: string | null;
  picked: StartPreset;
  approved: boolean;
  onPick: (picked: string | null) => void;
  onApprove: (approved: boolean) => void;
}): JSX.Element {
  const shown = (): string => (props.picked === undefined ? (props.suggested ?? '') : (props.picked ?? ''));
  const warning = (): string | null | undefined => props.presets.find((p) => p.id === shown())?.warning;
  return (
    <fieldset class="group">
      <legend>{t('Preset')}</legend>
      <label class="field">
        <span>{t('Preset of this story')}</span>
        <select value={shown()} onChange={(e) => props.onPick(e.currentTarget.value || null)}>
          <option value="">{t('No preset: the default style')}</option>
          <For each={props.presets}>
            {(p) => (
              <option value={p.id}>
                {p.id === props.suggested
                  ? t('{title} (the world suggests it)', { title: p.title })
                  : p.title}
              </option>
            )}
          </For>
        </select>
      </label>
      <Show when={warning()}>
        {(text) => (
          <>
            <p class="error">{text()}</p>
            <label class="check">
              <input
                type="checkbox"
                checked={props.approved}
                onChange={(e) => props.onApprove(e.currentTarget.checked)}
              />
              {t('I understand: use its rules prompts')}
            </label>
          </>
        )}
      </Show>
    </fieldset>
  );
}
