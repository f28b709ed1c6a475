// Said after Delete on a row: how many turns left the story's path, with Undo (they are still in the
// story's tree as an alternative; Undo makes them the path again). The focus goes to Undo, as the
// deleted row that had it is gone.
import { Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import type { StoryState } from './story-state.ts';

export function DeleteNotice(props: { story: StoryState }): JSX.Element {
  return (
    <Show when={props.story.deleted()} keyed>
      {(deleted) => (
        <p class="path-notice" role="status">
          <span>
            {deleted.count === 1
              ? t('Deleted one turn.')
              : t('Deleted {count} turns.', { count: deleted.count })}
          </span>{' '}
          <button
            type="button"
            class="small secondary"
            ref={(el) => focusOnMount(el)}
            aria-disabled={props.story.generating()}
            onClick={() => !props.story.generating() && void props.story.undoDelete()}
          >
            {t('Undo')}
          </button>
        </p>
      )}
    </Show>
  );
}
