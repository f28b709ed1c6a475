// The controls on a transcript row: step through the alternatives at its place (‹ 2/3 ›; ← → too,
// row-swipe.ts), write the last turn again as a new alternative, edit it in place, delete it (a
// branch cut), and open the turn inspector.
import { Show, onMount, type JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { t } from '../../i18n/ui-text.ts';
import { ContinueTurnButton } from './continue-turn-button.tsx';
import { RowDeleteButton } from './row-delete.tsx';
import { RowEditButton } from './row-edit.tsx';
import { stepAlternative } from './row-swipe.ts';
import type { RowActions, RowControl } from './row-actions.ts';

type LabelledControl = 'alternatives' | 'regenerate' | 'inspect';

/**
 * The accessible name of a row's control: it names the row by its author, unless the user perceived
 * nothing of it. One whole sentence per case, as languages order the words differently.
 */
export function controlLabel(control: LabelledControl, row: TranscriptRow): string {
  const name = row.authorName;
  const unnamed = row.kind === 'nothing';
  switch (control) {
    case 'alternatives':
      return unnamed ? t('Alternatives of this turn') : t('Alternatives of turn by {name}', { name });
    case 'regenerate':
      return unnamed ? t('Regenerate this turn') : t('Regenerate turn by {name}', { name });
    case 'inspect':
      return unnamed ? t('Inspect this turn') : t('Inspect turn by {name}', { name });
    default:
      return control satisfies never;
  }
}

export function TurnTools(props: { row: TranscriptRow; last: boolean; actions: RowActions }): JSX.Element {
  const sibling = (offset: number): string | undefined =>
    props.row.siblings[props.row.sibling.index + offset];
  const step = (offset: -1 | 1): void => stepAlternative(props.row, props.actions, offset);
  const controls: Partial<Record<RowControl, HTMLButtonElement>> = {};
  // The row this one replaced had the focus on one of these controls: keyboard users keep their place.
  onMount(() => {
    const wanted = props.actions.claimFocus(props.row.index);
    if (!wanted) return;
    const order: RowControl[] = [wanted, wanted === 'previous' ? 'next' : 'previous', 'regenerate'];
    order
      .map((c) => controls[c])
      .find((button) => button && !button.disabled)
      ?.focus();
  });
  return (
    <span class="turn-tools" hidden={props.actions.inert()}>
      <Show when={props.row.sibling.count > 1}>
        <span class="branch-switcher" role="group" aria-label={controlLabel('alternatives', props.row)}>
          <button
            type="button"
            class="small secondary"
            aria-label={t('Previous alternative')}
            ref={(el) => (controls.previous = el)}
            disabled={sibling(-1) === undefined}
            onClick={() => step(-1)}
          >
            ‹
          </button>
          <span class="branch-position">
            {props.row.sibling.index + 1}/{props.row.sibling.count}
          </span>
          <button
            type="button"
            class="small secondary"
            aria-label={t('Next alternative')}
            ref={(el) => (controls.next = el)}
            disabled={sibling(1) === undefined}
            onClick={() => step(1)}
          >
            ›
          </button>
        </span>
      </Show>
      <Show when={props.last && props.row.origin === 'generated'}>
        <button
          type="button"
          class="small secondary"
          aria-label={controlLabel('regenerate', props.row)}
          title={t('Write this turn again as a new alternative; ‹ › steps back to this one')}
          ref={(el) => (controls.regenerate = el)}
          aria-disabled={props.actions.busy()}
          onClick={() => !props.actions.busy() && props.actions.regenerate(props.row.turnId, props.row.index)}
        >
          {t('Regenerate')}
        </button>
      </Show>
      <ContinueTurnButton {...props} ref={(el) => (controls.continue = el)} />
      <RowEditButton row={props.row} actions={props.actions} />
      <RowDeleteButton row={props.row} actions={props.actions} />
      <button
        type="button"
        class="small secondary"
        aria-label={controlLabel('inspect', props.row)}
        aria-haspopup="dialog"
        onClick={() => props.actions.inspect(props.row.turnId)}
      >
        {t('Inspect')}
      </button>
    </span>
  );
}
