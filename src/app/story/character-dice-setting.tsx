// The story's setting "Characters roll dice" (DI4), with its generation settings: when on, a character
// may ask the app to roll for what it attempts, on a model server that takes tool calls.
import { createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function CharacterDiceSetting(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  const change = async (on: boolean): Promise<void> => {
    // Off is the default: unset rather than stored false.
    const result = await api.setStoryGeneration(props.story.storyId, { characterDice: on ? true : null });
    setError(result.ok ? '' : result.detail);
  };
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={props.story.overview()?.settings.characterDice === true}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <span>{t('Characters roll dice')}</span>
      </label>
      <p class="hint">
        {t(
          'A character may have the app roll dice for what it attempts; the roll stands and is shown with its turn. Only with a model server that takes tool calls: in-browser models are not offered dice.',
        )}
      </p>
      <ErrorAlert message={error()} />
    </>
  );
}
