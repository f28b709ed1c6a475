// A Delete that asks first: the button becomes the question with "Delete for good" (focused) and
// "Keep"; after Keep, the focus goes back to the Delete button the question replaced.
import { Show, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { focusOnMount } from './focus-on-mount.ts';
import './ui.css';

export function ConfirmDelete(props: {
  /** The Delete button's accessible name (it names what is deleted). */
  label: string;
  /** The question, with what deleting it does. */
  question: string;
  onDelete: () => void;
}): JSX.Element {
  const [confirming, setConfirming] = createSignal(false);
  let returnFocus = false;
  return (
    <Show
      when={confirming()}
      fallback={
        <button
          type="button"
          class="secondary small"
          aria-label={props.label}
          ref={(el) => returnFocus && focusOnMount(el)}
          onClick={() => setConfirming(true)}
        >
          {t('Delete')}
        </button>
      }
    >
      <span class="delete-question">{props.question}</span>
      <button
        type="button"
        class="danger small"
        ref={(el) => focusOnMount(el)}
        onClick={() => props.onDelete()}
      >
        {t('Delete for good')}
      </button>
      <button
        type="button"
        class="secondary small"
        onClick={() => {
          returnFocus = true;
          setConfirming(false);
        }}
      >
        {t('Keep')}
      </button>
    </Show>
  );
}
