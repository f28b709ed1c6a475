// The controls on a transcript row: step through the alternatives at its place (‹ 2/3 ›), write the
// last turn again as a new alternative, and open the turn inspector.
import { Show, onMount, type JSX } from 'solid-js';
import type { TranscriptRow } from '../workers/api.ts';

/** A control of a row that replaces the row (another turn takes its place) and keeps the focus. */
export type RowControl = 'previous' | 'next' | 'regenerate';

export interface RowActions {
  inspect(turnId: string): void;
  /** Shows `turnId` in place of the row at `index`; focus moves to `control` of the new row. */
  switchBranch(turnId: string, index: number, control: RowControl): void;
  regenerate(turnId: string, index: number): void;
  /** The control the row at `index` should focus once shown (asked once: the answer is then cleared). */
  claimFocus(index: number): RowControl | null;
  /** Something is being generated: commands that generate wait. */
  busy(): boolean;
}

/** How a row is named in its controls: by its author, unless the user perceived nothing of it. */
export function rowLabel(row: TranscriptRow): string {
  return row.kind === 'nothing' ? 'this turn' : `turn by ${row.authorName}`;
}

export function TurnTools(props: { row: TranscriptRow; last: boolean; actions: RowActions }): JSX.Element {
  const label = (): string => rowLabel(props.row);
  const sibling = (offset: number): string | undefined =>
    props.row.siblings[props.row.sibling.index + offset];
  const step = (offset: number): void => {
    const target = sibling(offset);
    if (target !== undefined && !props.actions.busy())
      props.actions.switchBranch(target, props.row.index, offset < 0 ? 'previous' : 'next');
  };
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
    <span class="turn-tools">
      <Show when={props.row.sibling.count > 1}>
        <span class="branch-switcher" role="group" aria-label={`Alternatives of ${label()}`}>
          <button
            type="button"
            class="small secondary"
            aria-label="Previous alternative"
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
            aria-label="Next alternative"
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
          aria-label={`Regenerate ${label()}`}
          title="Write this turn again as a new alternative; ‹ › steps back to this one"
          ref={(el) => (controls.regenerate = el)}
          aria-disabled={props.actions.busy()}
          onClick={() => !props.actions.busy() && props.actions.regenerate(props.row.turnId, props.row.index)}
        >
          Regenerate
        </button>
      </Show>
      <button
        type="button"
        class="small secondary"
        aria-label={`Inspect ${label()}`}
        aria-haspopup="dialog"
        onClick={() => props.actions.inspect(props.row.turnId)}
      >
        Inspect
      </button>
    </span>
  );
}
