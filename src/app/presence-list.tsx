// Who is in the scene: a toggle per character. A character who leaves takes no turns and perceives
// nothing until they join again (later turns are not part of their history).
import { For, type JSX } from 'solid-js';
import type { StoryState } from './story-state.ts';

export function PresenceList(props: { story: StoryState }): JSX.Element {
  const characters = () => props.story.overview()?.participants.filter((p) => p.kind === 'character') ?? [];
  return (
    <div class="presence" role="group" aria-label="In the scene">
      <span class="presence-label" aria-hidden="true">
        In the scene:
      </span>
      <For each={characters()}>
        {(c) => (
          <button
            type="button"
            class="small secondary presence-toggle"
            aria-pressed={c.present}
            title={c.present ? `${c.name} is here: press to let them leave` : `Press to let ${c.name} join`}
            onClick={() => void props.story.setPresent(c.id, !c.present)}
          >
            {c.name}
          </button>
        )}
      </For>
    </div>
  );
}
