// A labelled textarea kept in step with a text in the worker: edits leave as deltas, the worker's
// text flows back in live (see delta-editor.ts). With `emptyHint`, emptying the text by hand is never
// sent: the text comes back on blur and the hint says what to do instead.
import { Show, createEffect, createSignal, on, onCleanup, type JSX } from 'solid-js';
import type { TextDeltaOp } from '../../workers/api.ts';
import { bindDeltaEditor, type DeltaEditor } from './delta-editor.ts';

export function LiveTextField(props: {
  id: string;
  label: string;
  /** The worker's text; a change is merged into the textarea. */
  value: string;
  onDelta: (delta: TextDeltaOp[]) => void;
  readOnly?: boolean;
  placeholder?: string;
  rows?: number;
  /** Why the text may not be emptied, and what to do instead. */
  emptyHint?: string;
}): JSX.Element {
  let editor: DeltaEditor | undefined;
  const [emptied, setEmptied] = createSignal(false);
  createEffect(
    on(
      () => props.value,
      (value) => editor?.remote(value),
      { defer: true },
    ),
  );
  onCleanup(() => editor?.dispose());
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        rows={props.rows ?? 3}
        readOnly={props.readOnly}
        placeholder={props.placeholder}
        aria-describedby={emptied() ? `${props.id}-empty` : undefined}
        onInput={() => setEmptied(false)}
        ref={(el) =>
          (editor = bindDeltaEditor(el, props.value, (delta) => props.onDelta(delta), {
            ...(props.emptyHint ? { onEmptied: () => setEmptied(true) } : {}),
          }))
        }
      />
      <Show when={emptied()}>
        <p id={`${props.id}-empty`} class="error" role="alert">
          {props.emptyHint}
        </p>
      </Show>
    </div>
  );
}
