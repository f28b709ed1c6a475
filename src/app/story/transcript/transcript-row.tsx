// One row of the user's transcript: the author, the dice its character rolled, and what the user wrote
// or perceived (prose, as text); a no-perception turn is an interstitial row; of a turn whose perception
// is not written yet, it says why (still being written, or stopped before it) and offers to write it.
import { Match, Show, Switch, type JSX } from 'solid-js';
import type { TranscriptRow } from '../../../workers/api.ts';
import { badgeLabel, badgeMeaning } from '../../ui/badges.tsx';
import { NothingRow } from './nothing-row.tsx';
import { ProseText } from '../../ui/prose-text.tsx';
import { t } from '../../i18n/ui-text.ts';
import { TurnTools } from './turn-tools.tsx';
import type { RowActions } from './row-actions.ts';
import { RowEditor } from './row-edit.tsx';
import { swipeKeys } from './row-swipe.ts';
import { UnwrittenPerception } from './unwritten-perception.tsx';
import { AuthorAvatar } from '../cast-avatars.tsx';
import { RowRolls } from './row-rolls.tsx';

export function TranscriptRowView(props: {
  row: TranscriptRow;
  /** The last row of the story: its turn can be written again as an alternative. */
  last: boolean;
  actions: RowActions;
  /** Measures the row (virtual list). */
  measure: (row: HTMLElement, index: number) => void;
  /** The user's projection of this turn while it streams in (the row is still 'missing'). */
  streamingText?: string | undefined;
}): JSX.Element {
  const ref = (el: HTMLElement): void => props.measure(el, props.row.index);
  return (
    <Switch>
      <Match when={props.row.kind === 'nothing'}>
        <NothingRow ref={ref} row={props.row} last={props.last} actions={props.actions} />
      </Match>
      <Match when={props.row.kind === 'missing' && props.streamingText}>
        {(text) => (
          <li ref={ref} class="turn turn-streaming" data-turn-id={props.row.turnId}>
            <p class="turn-author">{props.row.authorName}</p>
            <ProseText text={text()} />
          </li>
        )}
      </Match>
      <Match when={true}>
        <li
          ref={ref}
          class={`turn turn-${props.row.kind}`}
          data-turn-id={props.row.turnId}
          tabIndex={-1}
          onKeyDown={swipeKeys(() => props.row, props.actions)}
        >
          <div class="turn-head">
            <p class="turn-author">
              <AuthorAvatar author={props.row.author} name={props.row.authorName} />
              {props.row.writtenByReader
                ? t('{name} (written by you)', { name: props.row.authorName })
                : props.row.authorName}
              <Show when={props.row.stale}>
                <span class="badge" title={badgeMeaning('stale')}>
                  {badgeLabel('stale')}
                </span>
              </Show>
              <Show when={props.row.cut}>
                <span class="badge" title={badgeMeaning('cut off')}>
                  {badgeLabel('cut off')}
                </span>
              </Show>
            </p>
            <TurnTools row={props.row} last={props.last} actions={props.actions} />
          </div>
          <RowRolls name={props.row.authorName} rolls={props.row.rolls} />
          <Show
            when={props.row.kind !== 'missing'}
            fallback={<UnwrittenPerception actions={props.actions} />}
          >
            <Show
              when={props.actions.editing() === props.row.turnId}
              fallback={
                <>
                  <ProseText text={props.row.text} />
                  <Show when={props.row.cut}>
                    <p class="hint">{badgeMeaning('cut off')}.</p>
                  </Show>
                </>
              }
            >
              <RowEditor row={props.row} actions={props.actions} />
            </Show>
          </Show>
        </li>
      </Match>
    </Switch>
  );
}
