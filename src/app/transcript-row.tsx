// One row of the user's transcript: the author and what the user wrote or perceived; a no-perception
// turn is an interstitial row, a turn not yet projected for the user says so.
import { Match, Show, Switch, type JSX } from 'solid-js';
import type { TranscriptRow } from '../workers/api.ts';
import { NothingRow } from './nothing-row.tsx';

export function TranscriptRowView(props: {
  row: TranscriptRow;
  /** The user's projection of this turn while it streams in (the row is still 'missing'). */
  streamingText?: string | undefined;
}): JSX.Element {
  return (
    <Switch>
      <Match when={props.row.kind === 'nothing'}>
        <NothingRow turnId={props.row.turnId} stale={props.row.stale} />
      </Match>
      <Match when={props.row.kind === 'missing' && props.streamingText}>
        {(text) => (
          <li class="turn turn-streaming" data-turn-id={props.row.turnId}>
            <p class="turn-author">{props.row.authorName}</p>
            <p class="turn-text">{text()}</p>
          </li>
        )}
      </Match>
      <Match when={true}>
        <li class={`turn turn-${props.row.kind}`} data-turn-id={props.row.turnId}>
          <p class="turn-author">
            {props.row.authorName}
            <Show when={props.row.stale}>
              <span class="badge" title="Made from a history that has changed since">
                stale
              </span>
            </Show>
          </p>
          <Show
            when={props.row.kind !== 'missing'}
            fallback={<p class="turn-text muted">not projected yet</p>}
          >
            <p class="turn-text">{props.row.text}</p>
          </Show>
        </li>
      </Match>
    </Switch>
  );
}
