// The modal frame the library's card and persona editors share: Save writes, Cancel discards, and
// closing it (Close, Escape) with unsaved changes asks first, so nothing is lost by accident.
import { Show, createSignal, createUniqueId, onMount, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { focusOnMount } from '../ui/focus-on-mount.ts';

export function LibraryEditDialog(props: {
  title: string;
  /** Whether the form holds changes not saved yet. */
  dirty: () => boolean;
  /** Writes the changes; answers the error to show, or '' when saved. */
  onSave: () => Promise<string>;
  onClose: () => void;
  children: JSX.Element;
}): JSX.Element {
  const id = createUniqueId();
  const [asking, setAsking] = createSignal(false);
  const [error, setError] = createSignal('');
  const [saving, setSaving] = createSignal(false);
  let dialog: HTMLDialogElement | undefined;
  onMount(() => dialog?.showModal());
  const close = (): void => dialog?.close();
  const closeAsking = (): void => (props.dirty() ? void setAsking(true) : close());
  const save = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const problem = await props.onSave();
    setSaving(false);
    setError(problem);
    if (problem === '') close();
  };
  return (
    <dialog
      ref={dialog}
      class="library-edit-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        closeAsking();
      }}
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <button type="button" class="secondary" onClick={closeAsking}>
          {t('Close')}
        </button>
      </div>
      <Show when={asking()}>
        <div class="unsaved-question" role="alertdialog" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>{t('You have changes that are not saved. Discard them?')}</p>
          <div class="row">
            <button type="button" class="danger" ref={(el) => focusOnMount(el)} onClick={close}>
              {t('Discard changes')}
            </button>
            <button type="button" class="secondary" onClick={() => setAsking(false)}>
              {t('Keep editing')}
            </button>
          </div>
        </div>
      </Show>
      <form class="stack" onSubmit={(e) => void save(e)}>
        {props.children}
        <ErrorAlert message={error()} />
        <div class="row">
          <button type="submit" disabled={saving()}>
            {t('Save')}
          </button>
          <button type="button" class="secondary" onClick={close}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
