// A failure the user can act on, announced to assistive technology; nothing when there is none.
import { Show, type JSX } from 'solid-js';

export function ErrorAlert(props: { message: string | undefined }): JSX.Element {
  return (
    <Show when={props.message}>
      <p class="error" role="alert">
        {props.message}
      </p>
    </Show>
  );
}
