// "Hint": the plot author's idea for where the story could go next, from what the user has seen. The
// button asks for it; the note shows it to the person until they hide it. It is never a turn.
import { Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function PlotHintButton(props: { story: StoryState; onHint: (text: string) => void }): JSX.Element {
  const ask = async (): Promise<void> => {
    if (props.story.generating()) return;
    const text = await props.story.plotHint();
    if (text !== null) props.onHint(text);
  };
  return (
    <button
      type="button"
      class="secondary"
      title={t('An idea for where the story could go next, from what you have seen; it is not sent')}
      aria-disabled={props.story.generating()}
      onClick={() => void ask()}
    >
      {t('Hint')}
    </button>
  );
}

export function PlotHintNote(props: { text: string | null; onHide: () => void }): JSX.Element {
  return (
    <div role="status" class="plot-hint">
      <Show when={props.text}>
        {(text) => (
          <p>
            <strong>{t('Hint:')}</strong> {text()}{' '}
            <button type="button" class="secondary" onClick={() => props.onHide()}>
              {t('Hide the hint')}
            </button>
          </p>
        )}
      </Show>
    </div>
  );
}
