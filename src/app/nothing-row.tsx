// A turn the user perceived nothing of: a compact interstitial row (a subtle rule and centred muted
// text, no author, no bubble). The sentence is presentation only: never stored, never sent to a model.
import { Show, type JSX } from 'solid-js';

export const NOTHING_HAPPENED = 'Nothing seems to have happened.';

export function NothingRow(props: { turnId: string; stale: boolean }): JSX.Element {
  return (
    <li class="turn-nothing" data-turn-id={props.turnId}>
      <span class="nothing-text">
        {NOTHING_HAPPENED}
        <Show when={props.stale}>
          {' '}
          <span class="badge">stale</span>
        </Show>
      </span>
    </li>
  );
}
