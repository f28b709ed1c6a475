// Above Your turn when perceptions are missing that nothing is writing: a chat imported to be
// projected later (the background does not take on so large a backlog by itself), or the background
// stopped by Cancel; how many, and the command that writes them (each one by the model, in story
// order, the phase showing progress). While a command or the background writes them, it is not shown.
import { Show, createEffect, createSignal, onCleanup, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

/**
 * The worker starts the background a moment after a command ends or a story opens: the banner waits
 * this long for it rather than flash up in between.
 */
export const BACKGROUND_START_MS = 1000;

export function MissingViewsBanner(props: { story: StoryState }): JSX.Element {
  /** Nothing writes the story's perceptions now: no command, no background (a failure has its own Retry). */
  const unattended = (): boolean => {
    const work = props.story.background();
    return !props.story.generating() && !work.running && !work.failure;
  };
  const [settled, setSettled] = createSignal(false);
  createEffect(() => {
    setSettled(false);
    if (!unattended()) return;
    const timer = setTimeout(() => setSettled(true), BACKGROUND_START_MS);
    onCleanup(() => clearTimeout(timer));
  });
  return (
    <Show when={settled() && props.story.missing() > 0 && !props.story.stale()}>
      <div class="missing-banner" role="status">
        <span>
          {t(
            '{count} perceptions are not written yet: what each participant perceived of the turns they were there for.',
            {
              count: props.story.missing(),
            },
          )}
        </span>{' '}
        <button type="button" class="small" onClick={() => void props.story.completeViews()}>
          {t('Write them')}
        </button>
      </div>
    </Show>
  );
}
