// "Continue" on the last row when a character's model wrote it: that character goes on from where its
// turn stopped, as a new alternative (the old one stays one ‹ › away).
import { Show, type JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { t } from '../../i18n/ui-text.ts';
import type { RowActions } from './row-actions.ts';

/** The button's accessible name: it names the row by its author, unless the user perceived nothing of it. */
const label = (row: TranscriptRow): string =>
  row.kind === 'nothing' ? t('Continue this turn') : t('Continue turn by {name}', { name: row.authorName });

export function ContinueTurnButton(props: {
  row: TranscriptRow;
  last: boolean;
  actions: RowActions;
  ref: (button: HTMLButtonElement) => void;
}): JSX.Element {
  return (
    <Show when={props.last && props.row.origin === 'generated'}>
      <button
        type="button"
        class="small secondary"
        aria-label={label(props.row)}
        title={t('Write more of this turn as a new alternative; ‹ › steps back to this one')}
        ref={props.ref}
        aria-disabled={props.actions.busy()}
        onClick={() => !props.actions.busy() && props.actions.continueTurn(props.row.turnId, props.row.index)}
      >
        {t('Continue')}
      </button>
    </Show>
  );
}
