// The scene's less frequent settings, folded away under the composer: the story's language, whether
// Send lets the next character act by itself, who is in the scene, what each one remembers, the
// Author's Note, the story's world and lore, and its export as Markdown from one point of view.
import { createSignal, type JSX } from 'solid-js';
import type { Language } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { PresenceList } from './presence-list.tsx';
import { StoryWorldPanel } from './story-world-panel.tsx';
import { StoryExport } from './story-export.tsx';
import { AuthorNoteField } from './cast-author-note.tsx';
import { GenerationSettings } from './generation-settings.tsx';
import type { StoryState } from './story-state.ts';

export function SceneOptions(props: {
  story: StoryState;
  onRemember: (participantId: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const manual = (): boolean => props.story.overview()?.settings.turnSelection === 'manual';
  const [languageError, setLanguageError] = createSignal('');
  // The overview follows from the worker's change event, here and on every other device.
  const setLanguage = async (language: Language): Promise<void> => {
    const result = await api.setStoryLanguage(props.story.storyId, language);
    setLanguageError(result.ok ? '' : result.detail);
  };
  return (
    <details class="scene-options">
      <summary>{t('Scene and turn order')}</summary>
      <label class="field">
        <span>{t('Language of the story')}</span>
        <select
          value={props.story.overview()?.language ?? 'en'}
          onChange={(event) => void setLanguage(event.currentTarget.value === 'zh' ? 'zh' : 'en')}
        >
          <option value="en">English</option>
          <option value="zh">中文 (Chinese)</option>
        </select>
        <span class="muted">
          {t(
            'The next turns use its prompts and are written and checked in it; earlier turns stay as they are.',
          )}
        </span>
      </label>
      <ErrorAlert message={languageError()} />
      <label class="check">
        <input
          type="checkbox"
          checked={manual()}
          onChange={(event) => void props.story.setManualTurns(event.currentTarget.checked)}
        />
        <span>{t('I choose who acts (no automatic turn after Send)')}</span>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={props.story.overview()?.settings.batchReprojection === true}
          onChange={(event) => void props.story.setBatched(event.currentTarget.checked)}
        />
        <span>
          {t(
            'Batched projection (one request per turn for everyone; fewer requests, less isolation per call)',
          )}
        </span>
      </label>
      <GenerationSettings story={props.story} />
      <PresenceList story={props.story} onRemember={props.onRemember} />
      <AuthorNoteField story={props.story} />
      <StoryWorldPanel story={props.story} />
      <StoryExport story={props.story} />
    </details>
  );
}
