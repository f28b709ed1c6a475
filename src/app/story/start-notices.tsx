// What the person was told when the story started with its world (a suggested preset that could not
// be used), said above a story that has no turn yet.
import { For, Show, createResource, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import type { StoryState } from './story-state.ts';

export function StartNotices(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  const [notices] = createResource(
    () => props.story.storyId,
    async (storyId) => {
      const r = await api.storyWorld(storyId);
      return r.ok ? (r.world.world?.notices ?? []) : [];
    },
  );
  return (
    <Show when={(props.story.overview()?.length ?? 0) === 0 && notices.latest?.length}>
      <div class="start-notices" role="status">
        <For each={notices.latest}>{(notice) => <p>{notice}</p>}</For>
      </div>
    </Show>
  );
}
