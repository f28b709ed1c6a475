// The library: every story kept in this browser, a form to start a new one, and Story JSON import.
import { Show, createResource, createSignal, type JSX } from 'solid-js';
import { useDriver } from './driver-client.ts';
import { ImportStory } from './import-story.tsx';
import { NewStoryForm } from './new-story-form.tsx';
import { navigate } from './route.ts';
import { StoryList } from './story-list.tsx';

export function LibraryScreen(): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [stories] = createResource(libraryVersion, () => api.listStories());
  const [creating, setCreating] = createSignal(false);
  const open = (storyId: string): void => navigate({ screen: 'story', storyId });
  return (
    <>
      <div class="library-actions">
        <button
          type="button"
          aria-expanded={creating()}
          aria-controls="new-story"
          onClick={() => setCreating(!creating())}
        >
          New story
        </button>
        <ImportStory onImported={open} />
      </div>
      <Show when={creating()}>
        <NewStoryForm onCreated={open} onCancel={() => setCreating(false)} />
      </Show>
      <StoryList stories={() => stories.latest} onOpen={open} />
    </>
  );
}
