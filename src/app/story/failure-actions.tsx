// What the story's error box offers: Retry (runs the failed command again) and, when the backend is
// what failed, Open Settings at the backends.
import { Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { openSettings } from '../settings/settings-opener.ts';
import { isBackendFailure } from './failed-command.ts';
import type { StoryState } from './story-state.ts';

export function FailureActions(props: { story: StoryState }): JSX.Element {
  return (
    <Show when={props.story.failed()}>
      {(failed) => (
        <div class="row wrap failure-actions">
          <button type="button" disabled={props.story.generating()} onClick={() => void props.story.retry()}>
            {t('Retry')}
          </button>
          <Show when={isBackendFailure(failed().code)}>
            <button type="button" class="secondary" onClick={() => openSettings('backends')}>
              {t('Open Settings')}
            </button>
          </Show>
        </div>
      )}
    </Show>
  );
}
