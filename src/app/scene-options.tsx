// The scene's less frequent settings, folded away under the composer: whether Send lets the next
// character act by itself, and who is in the scene.
import type { JSX } from 'solid-js';
import { PresenceList } from './presence-list.tsx';
import type { StoryState } from './story-state.ts';

export function SceneOptions(props: { story: StoryState }): JSX.Element {
  const manual = (): boolean => props.story.overview()?.settings.turnSelection === 'manual';
  return (
    <details class="scene-options">
      <summary>Scene and turn order</summary>
      <label class="check">
        <input
          type="checkbox"
          checked={manual()}
          onChange={(event) => void props.story.setManualTurns(event.currentTarget.checked)}
        />
        <span>I choose who acts (no automatic turn after Send)</span>
      </label>
      <PresenceList story={props.story} />
    </details>
  );
}
