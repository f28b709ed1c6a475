// Delete on a row: the turn and everything after it leave the story's path (a branch cut); they stay
// in the story as an alternative, and the notice it leaves has Undo.
import type { JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { t } from '../../i18n/ui-text.ts';
import type { RowActions } from './row-actions.ts';

export function RowDeleteButton(props: { row: TranscriptRow; actions: RowActions }): JSX.Element {
  return (
    <button
      type="button"
      class="small secondary"
      aria-label={
        props.row.kind === 'nothing'
          ? t('Delete this turn')
          : t('Delete turn by {name}', { name: props.row.authorName })
      }
      title={t(
        'Take this turn and the ones after it out of the story; they are kept as an alternative, and Undo brings them back',
      )}
      aria-disabled={props.actions.busy()}
      onClick={() => !props.actions.busy() && props.actions.deleteFrom(props.row.turnId)}
    >
      {t('Delete')}
    </button>
  );
}
