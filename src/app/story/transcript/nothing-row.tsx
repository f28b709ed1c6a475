// A turn the user perceived nothing of: a compact interstitial row (a subtle rule and centred muted
// text, no author, no bubble), still with its controls. The sentence is presentation only: never
// stored, never sent to a model.
import { Show, type JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { badgeLabel } from '../../ui/badges.tsx';
import { t } from '../../i18n/ui-text.ts';
import { TurnTools } from './turn-tools.tsx';
import type { RowActions } from './row-actions.ts';
import { swipeKeys } from './row-swipe.ts';

export function NothingRow(props: {
  row: TranscriptRow;
  last: boolean;
  actions: RowActions;
  ref: (el: HTMLElement) => void;
}): JSX.Element {
  return (
    <li
      ref={props.ref}
      class="turn-nothing"
      data-turn-id={props.row.turnId}
      tabIndex={-1}
      onKeyDown={swipeKeys(() => props.row, props.actions)}
    >
      <span class="nothing-text">
        {t('Nothing seems to have happened.')}
        <Show when={props.row.stale}>
          {' '}
          <span class="badge">{badgeLabel('stale')}</span>
        </Show>
      </span>
      <TurnTools row={props.row} last={props.last} actions={props.actions} />
    </li>
  );
}
