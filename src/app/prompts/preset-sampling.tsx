// A preset's sampling as the Presets panel shows it: what a library preset suggests (its game
// master temperature included, which Rashomon keeps but does not use), and how a story's copy now
// differs from the preset it came from.
import { For, Show, type JSX } from 'solid-js';
import type { PresetStatus, Sampling, SamplingSetting } from '../../workers/api.ts';
import { clauseList, t, uiLocale } from '../i18n/ui-text.ts';

const number = (value: number): string => value.toLocaleString(uiLocale());

const valueText = (value: number | null): string =>
  value === null ? t('the backend’s default') : number(value);

function settingName(setting: SamplingSetting): string {
  switch (setting) {
    case 'actorTemperature':
      return t('the characters’ temperature');
    case 'actorTopP':
      return t('the characters’ top-p');
  }
}

/** "Suggests: …", or nothing for a preset without sampling. */
export function suggestedSamplingText(sampling: Sampling): string {
  const parts = [
    ...(sampling.characters !== undefined
      ? [t('the characters’ temperature {value}', { value: number(sampling.characters) })]
      : []),
    ...(sampling.topP !== undefined ? [t('top-p {value}', { value: number(sampling.topP) })] : []),
    ...(sampling.master !== undefined
      ? [
          t('a game master’s temperature {value} (kept, not used: no game master tells a Rashomon story)', {
            value: number(sampling.master),
          }),
        ]
      : []),
  ];
  return parts.length ? t('Suggests: {sampling}.', { sampling: clauseList(parts) }) : '';
}

type StoryPresetStatus = Exclude<PresetStatus, { status: 'none' }>;

/** The sampling settings that differ from the preset, on either side, one line each. */
export function SamplingDifferences(props: { status: StoryPresetStatus }): JSX.Element {
  const lines = (): string[] => [
    ...props.status.sampling.editedInStory.map((c) =>
      t('This story changed {setting} to {now} (it was {was} when the preset was applied).', {
        setting: settingName(c.setting),
        now: valueText(c.now),
        was: valueText(c.was),
      }),
    ),
    ...props.status.sampling.changedInLibrary.map((c) =>
      t('The library’s preset now suggests {now} for {setting} (it suggested {was}).', {
        setting: settingName(c.setting),
        now: valueText(c.now),
        was: valueText(c.was),
      }),
    ),
  ];
  return (
    <Show when={lines().length}>
      <ul aria-label={t('Sampling that differs from the preset')}>
        <For each={lines()}>{(line) => <li>{line}</li>}</For>
      </ul>
    </Show>
  );
}
