// An inline editor for one value of state (a correction, or an amended change under review): it takes
// the place of the value, gets the focus, saves on Enter and gives up on Escape.
import { createSignal, type JSX } from 'solid-js';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';

export function ValueEditor(props: {
  label: string;
  value: string;
  saveLabel: string;
  busy: boolean;
  /** Saves the value; the editor closes when it was stored. */
  onSave: (value: string) => Promise<boolean>;
  onClose: () => void;
}): JSX.Element {
  const [value, setValue] = createSignal(props.value);
  const save = async (): Promise<void> => {
    if (props.busy || !value().trim()) return;
    if (await props.onSave(value())) props.onClose();
  };
  return (
    <form
      class="value-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        // Escape leaves the editor, not the dialog around it.
        if (event.key === 'Escape') {
          event.preventDefault();
          props.onClose();
        }
      }}
    >
      <label class="field">
        <span class="visually-hidden">{props.label}</span>
        <input
          type="text"
          value={value()}
          ref={(el) => focusOnMount(el)}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="small" aria-disabled={props.busy || !value().trim()}>
        {props.saveLabel}
      </button>
      <button type="button" class="small secondary" onClick={() => props.onClose()}>
        {t('Cancel')}
      </button>
    </form>
  );
}
