// Small status badges (missing, stale, edited, perceived nothing), each with a tooltip that says why.
import { For, type JSX } from 'solid-js';

const MEANING: Readonly<Record<string, string>> = {
  missing: 'Not generated yet',
  stale: 'Made from a history that has changed since',
  edited: 'Edited by hand',
  'perceived nothing': 'Generated, and nothing was perceived',
};

export function Badges(props: { names: string[] }): JSX.Element {
  return (
    <span class="badges">
      <For each={props.names}>
        {(name) => (
          <span class="badge" title={MEANING[name]}>
            {name}
          </span>
        )}
      </For>
    </span>
  );
}
