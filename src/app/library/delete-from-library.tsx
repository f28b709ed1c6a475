// "Delete from the library" for a character or a persona, asking first: stories that have it keep their copy.
import { Show, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';

export function DeleteFromLibrary(props: { name: string; onDelete: () => void }): JSX.Element {
  const [confirming, setConfirming] = createSignal(false);
  /** After "Keep", focus goes back to the button the question replaced. */
  let returnFocus = false;
  return (
    <Show
      when={confirming()}
      fallback={
        <button
          type="button"
          class="secondary small"
          aria-label={t('Delete {name} from the library', { name: props.name })}
          ref={(el) => returnFocus && focusOnMount(el)}
          onClick={() => setConfirming(true)}
        >
          {t('Delete')}
        </button>
      }
    >
      <span class="delete-question">
        {t('Delete {name} from the library? Stories already started keep their copy.', { name: props.name })}
      </span>
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
