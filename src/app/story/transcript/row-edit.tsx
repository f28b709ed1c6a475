// Editing a message in place: Edit on a row opens its text in a field in the row (Save, Cancel;
// Escape cancels, Ctrl+Enter saves). The user's own turn edits its source, another's turn the user's
// view of it; the focus comes back to Edit when the field closes.
import { Show, createEffect, createSignal, on, type JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { t } from '../../i18n/ui-text.ts';
import { focusOnMount } from '../../ui/focus-on-mount.ts';
import type { RowActions } from './row-actions.ts';

/** Rows with a text of their own to edit: not a turn perceived as nothing, nor one not projected yet. */
export const editable = (row: TranscriptRow): boolean => row.kind === 'own' || row.kind === 'perceived';

export function RowEditButton(props: { row: TranscriptRow; actions: RowActions }): JSX.Element {
  let button: HTMLButtonElement | undefined;
  const open = (): boolean => props.actions.editing() === props.row.turnId;
  createEffect(on(open, (now, before) => before && !now && button?.focus(), { defer: true }));
  return (
    <Show when={editable(props.row)}>
      <button
        type="button"
        class="small secondary"
        ref={(el) => (button = el)}
        aria-label={
          props.row.kind === 'own'
            ? t('Edit your turn')
            : t('Edit what you perceived of the turn by {name}', { name: props.row.authorName })
        }
        aria-expanded={open()}
        onClick={() => props.actions.setEditing(open() ? null : props.row.turnId)}
      >
        {t('Edit')}
      </button>
    </Show>
  );
}

export function RowEditor(props: { row: TranscriptRow; actions: RowActions }): JSX.Element {
  // What the field opened with: the base of the edit, should the row change meanwhile.
  const opened = props.row.text;
  const [text, setText] = createSignal(opened);
  const [saving, setSaving] = createSignal(false);
  const close = (): void => props.actions.setEditing(null);
  const save = async (): Promise<void> => {
    if (saving()) return;
    setSaving(true);
    try {
      if (await props.actions.saveRowText(props.row, opened, text())) close();
    } finally {
      setSaving(false);
    }
  };
  const keys = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <form
      class="row-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <textarea
        class="row-editor-text"
        aria-label={props.row.kind === 'own' ? t('Text of your turn') : t('What you perceived')}
        title={t('Ctrl+Enter saves, Escape cancels')}
        value={text()}
        rows={Math.min(12, Math.max(3, text().split('\n').length + 1))}
        ref={(el) => focusOnMount(el)}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={keys}
      />
      <div class="row-editor-actions">
        <button type="submit" class="small" aria-disabled={saving()}>
          {t('Save')}
        </button>
        <button type="button" class="small secondary" onClick={close}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
