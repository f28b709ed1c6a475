// Stale history, said where the person is looking (the top of the composer): how many turns were
// written from an earlier version of the story, and the two ways on — keep them, or rewrite them
// from the first (a new branch; the old one stays a swipe away). A command refused because of it
// waits here for the choice. Nothing is regenerated without it, and a rewrite copies a turn the
// person wrote or edited by hand past the turns it writes again only where they say so (H9).
import { Show, type JSX } from 'solid-js';
import type { StaleChoice, StaleSummary } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { createHandTurnChoices, StaleHandTurns } from './stale-hand-turns.tsx';
import type { WaitingCommand } from './story-commands.ts';
import type { StoryState } from './story-state.ts';

function summary(stale: StaleSummary): string {
  return stale.turns.length === 1
    ? t('One turn, marked stale, was written from an earlier version of the story.')
    : t('{count} turns, marked stale, were written from an earlier version of the story.', {
        count: stale.turns.length,
      });
}

function waiting(command: WaitingCommand): string {
  switch (command) {
    case 'send':
      return t('Your turn is not sent yet: choose first, and it goes on from there.');
    case 'act':
      return t('Nobody acts until you choose.');
    case 'regenerate':
      return t('The turn is regenerated once you choose.');
    case 'continue':
      return t('The turn is continued once you choose.');
    case 'suggest':
      return t('Your turn is suggested once you choose.');
    case 'hint':
      return t('The hint comes once you choose.');
    default:
      return command satisfies never;
  }
}

export function StaleBanner(props: { story: StoryState }): JSX.Element {
  const story = props.story;
  const handTurns = createHandTurnChoices();
  const choose = (choice: StaleChoice): void => {
    if (story.generating()) return;
    const question = story.question();
    void (question ? question.choose(choice) : story.resolveStale(choice));
  };
  return (
    <Show when={story.stale() || story.question()}>
      <div class="stale-banner" role={story.question() ? 'alert' : 'status'}>
        <Show when={story.stale()}>
          {(stale) => (
            <p>
              <strong>{summary(stale())}</strong>{' '}
              <Show when={stale().byHand > 0}>
                {t('What you edited by hand stays as you wrote it either way.')}
              </Show>
            </p>
          )}
        </Show>
        <Show when={story.question()}>{(q) => <p>{waiting(q().command)}</p>}</Show>
        <StaleHandTurns turns={story.stale()?.handTurns ?? []} choices={handTurns} nameOf={story.nameOf} />
        <div class="composer-row">
          <button
            type="button"
            class="secondary"
            title={t('They stay as they are and count as written from the story as it is now')}
            aria-disabled={story.generating()}
            onClick={() => choose('keep')}
          >
            {t('Keep them')}
          </button>
          <button
            type="button"
            class="secondary"
            title={t(
              "The model's turns are written again from the first of them on a new branch; the current ones stay one swipe away (‹ ›)",
            )}
            aria-disabled={story.generating()}
            onClick={() => choose(handTurns.rewrite(story.stale()?.handTurns ?? []))}
          >
            {t('Rewrite from here')}
          </button>
          <Show when={story.question()}>
            {(q) => (
              <button type="button" class="secondary" onClick={() => q().dismiss()}>
                {t('Not now')}
              </button>
            )}
          </Show>
        </div>
      </div>
    </Show>
  );
}
