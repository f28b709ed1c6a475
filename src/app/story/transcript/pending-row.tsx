// The row of a turn still being generated: the user's projection as it streams in, or, while a
// character writes its own turn, only a typing indicator (its source is private to it).
import { Show, type JSX } from 'solid-js';
import { t } from '../../i18n/ui-text.ts';
import { ProseText } from '../../ui/prose-text.tsx';

export function PendingRow(props: { author?: string; text?: string; typing?: boolean }): JSX.Element {
  return (
    <li class="turn turn-pending">
      <Show when={props.author}>
        <p class="turn-author">{props.author}</p>
      </Show>
      <Show when={props.typing} fallback={<ProseText text={props.text ?? ''} />}>
        <p class="typing">
          <span class="visually-hidden">
            {props.author ? t('{name} is writing', { name: props.author }) : t('Someone is writing')}
          </span>
          <span aria-hidden="true">…</span>
        </p>
      </Show>
    </li>
  );
}
