// "Roll": dice in the usual notation, rolled by the app (never by a model) and sent as your turn, so the
// result stands in the story — shown in the transcript, and nothing later rolls it again.
import { createSignal, createUniqueId, type JSX } from 'solid-js';
import type { ActChoice } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function DiceRoll(props: { story: StoryState; next: () => ActChoice }): JSX.Element {
  const id = createUniqueId();
  const [notation, setNotation] = createSignal('1d20');
  const roll = async (): Promise<void> => {
    if (props.story.generating()) return;
    const text = await props.story.rollDice(notation());
    if (text !== null) await props.story.send(text, props.next());
  };
  return (
    <span class="inline-field">
      <label for={`${id}-dice`}>{t('Dice')}</label>
      <input
        id={`${id}-dice`}
        size={6}
        value={notation()}
        title={t('Dice as 2d6+1: how many, d, how many sides, and a modifier')}
        onInput={(event) => setNotation(event.currentTarget.value)}
      />
      <button
        type="button"
        class="secondary"
        title={t('Rolls the dice and sends the result as your turn')}
        aria-disabled={props.story.generating()}
        onClick={() => void roll()}
      >
        {t('Roll')}
      </button>
    </span>
  );
}
