// The approval a preset carrying rules prompts needs before a story takes it (SPEC PL2): the driver
// refuses it unapproved with its warning, shown here with an explicit Apply anyway.
import type { JSX } from 'solid-js';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';

export function RulesApproval(props: {
  warning: string;
  onApprove: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <div class="stack" role="alertdialog" aria-label={t('This preset replaces rules prompts')}>
      <p class="error">{props.warning}</p>
      <div class="row">
        <button type="button" class="danger" onClick={() => props.onApprove()}>
          {t('I understand: apply it anyway')}
        </button>
        <button
          type="button"
          class="secondary"
          ref={(el) => focusOnMount(el)}
          onClick={() => props.onCancel()}
        >
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}
