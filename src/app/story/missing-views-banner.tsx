// Above Your turn in a story imported to be projected later: how many perceptions are not written
// yet, and the command that writes them (each one by the model, in story order, the phase showing progress).
import { Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function MissingViewsBanner(props: { story: StoryState }): JSX.Element {
  return (
    <Show when={props.story.missing() > 0 && !props.story.stale()}>
      <div class="missing-banner" role="status">
        <span>
          {t(
            '{count} perceptions are not written yet: what each participant perceived of the turns they were there for.',
            {
              count: props.story.missing(),
            },
          )}
        </span>{' '}
        <button
          type="button"
          class="small"
          disabled={props.story.generating()}
          onClick={() => void props.story.completeViews()}
        >
          {t('Write them')}
        </button>
      </div>
    </Show>
  );
}
