// What a row says when the reader's perception of its turn is not written yet: that it is being
// written (by a command, or by the story's background between commands), or that the generation
// stopped before it, with the command that writes it (not while
// reading as someone else: nothing is changed from there).
import { Show, type JSX } from 'solid-js';
import { t } from '../../i18n/ui-text.ts';
import type { RowActions } from './row-actions.ts';

export function UnwrittenPerception(props: { actions: RowActions }): JSX.Element {
  const reader = (): string | null => props.actions.readingAs();
  return (
    <Show
      when={!props.actions.writing()}
      fallback={
        <p class="turn-text muted">
          {reader() === null
            ? t('What you perceived of this turn is still being written.')
            : t('What {name} perceived of this turn is still being written.', { name: reader() ?? '' })}
        </p>
      }
    >
      <p class="turn-text muted">
        {reader() === null
          ? t(
              'What you perceived of this turn was not written: the story stopped before it, or came without it.',
            )
          : t(
              'What {name} perceived of this turn was not written: the story stopped before it, or came without it.',
              {
                name: reader() ?? '',
              },
            )}{' '}
        <Show when={!props.actions.inert()}>
          <button type="button" class="small" onClick={() => props.actions.writeViews()}>
            {t('Write it now')}
          </button>
        </Show>
      </p>
    </Show>
  );
}
