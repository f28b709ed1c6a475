// "Suggest my turn": the model drafts the user's next turn from what the user has seen, into the
// composer as it streams, for the person to edit and send. Cancelled or failed, the text that was in
// the composer comes back.
import type { JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function SuggestTurnButton(props: {
  story: StoryState;
  draft: () => string;
  onDraft: (text: string) => void;
}): JSX.Element {
  const suggest = async (): Promise<void> => {
    if (props.story.generating()) return;
    const before = props.draft();
    const text = await props.story.suggestTurn(props.onDraft);
    props.onDraft(text ?? before);
  };
  return (
    <button
      type="button"
      class="secondary"
      title={t('Drafts your next turn from what you have seen; edit it, then send it')}
      aria-disabled={props.story.generating()}
      onClick={() => void suggest()}
    >
      {t('Suggest my turn')}
    </button>
  );
}
