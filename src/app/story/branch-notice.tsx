// Said after "Branch from here": the person is on a new branch, from which turn, and the way back to
// where the path ended before (those turns are still in the story, as an alternative).
import { Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function BranchNotice(props: { story: StoryState }): JSX.Element {
  const story = props.story;
  return (
    <Show when={story.branch()}>
      {(branch) => (
        <p class="path-notice" role="status">
          <span>{t('You are on a new branch from turn {turn}.', { turn: branch().turn })}</span>{' '}
          <button
            type="button"
            class="small secondary"
            aria-disabled={story.generating()}
            onClick={() => !story.generating() && void story.backFromBranch()}
          >
            {t('Back to where you were')}
          </button>{' '}
          <button type="button" class="small secondary" onClick={() => story.dismissBranch()}>
            {t('Stay on this branch')}
          </button>
        </p>
      )}
    </Show>
  );
}
