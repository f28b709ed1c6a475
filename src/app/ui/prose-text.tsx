// Roleplay prose as the transcript shows it: actions in italics, speech set off, all as text nodes
// (Solid inserts `{text}` as a text node): model output and cards never become markup.
import { For, Show, createMemo, type JSX } from 'solid-js';
import { tokenizeProse } from './prose.ts';
import './ui.css';

export function ProseText(props: { text: string; class?: string }): JSX.Element {
  const segments = createMemo(() => tokenizeProse(props.text));
  return (
    <p class={props.class ?? 'turn-text'}>
      <For each={segments()}>
        {(segment) => {
          const inner = (): JSX.Element => (
            <Show when={segment.speech} fallback={segment.text}>
              <span class="prose-speech">{segment.text}</span>
            </Show>
          );
          return (
            <Show when={segment.action} fallback={inner()}>
              <em class="prose-action">{inner()}</em>
            </Show>
          );
        }}
      </For>
    </p>
  );
}
