// The story's background work, quietly, where the phase shows when no command runs: the perceptions
// nobody waited for being written between commands ("3 left"), or why that stopped, with Retry. It
// never holds the composer: a command sent meanwhile goes first (the worker stops the background and
// resumes it after).
import { Match, Switch, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function BackgroundStatus(props: { story: StoryState }): JSX.Element {
  const work = () => props.story.background();
  return (
    <Switch>
      <Match when={work().running && work().pending > 0}>
        {/* Shown, not announced: the count changes with every perception written. */}
        <span class="background-status">
          <span aria-hidden="true">
            {t('Writing the rest of the perceptions ({count} left)…', { count: work().pending })}
          </span>{' '}
          <button type="button" class="small" onClick={() => props.story.pauseBackground()}>
            {t('Pause')}
          </button>
        </span>
      </Match>
      <Match when={!work().running && work().failure}>
        {(failure) => (
          <span class="background-status">
            {work().pending > 0
              ? t('Writing the rest of the perceptions stopped: {reason}', { reason: failure() })
              : t('Taking stock of memories stopped: {reason}', { reason: failure() })}{' '}
            <button type="button" class="small" onClick={() => props.story.resumeBackground()}>
              {t('Retry')}
            </button>
          </span>
        )}
      </Match>
    </Switch>
  );
}
