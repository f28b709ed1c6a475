// The scene's less frequent settings, folded away under the composer: whether Send lets the next
// character act by itself, and who is in the scene.
import type { JSX } from 'solid-js';
import { t } from './i18n/ui-text.ts';
import { PresenceList } from './presence-list.tsx';
import type { StoryState } from './story-state.ts';

export function SceneOptions(props: { story: StoryState }): JSX.Element {
  const manual = (): boolean => props.story.overview()?.settings.turnSelection === 'manual';
  return (
    <details class="scene-options">
      <summary>{t('Scene and turn order')}</summary>
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
      <PresenceList story={props.story} />
    </details>
  );
}
