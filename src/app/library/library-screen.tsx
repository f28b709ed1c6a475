// The library: every story kept in this browser, a form to start a new one, and the import of any
// file Rashomon reads (cards, lorebooks, SillyTavern chats and presets, stories), and the characters
// the library keeps, with their cards to export.
import { Show, createResource, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import type { StoryJson } from '../../workers/api.ts';
import { CharacterList } from './character-list.tsx';
import { PersonaList } from './persona-list.tsx';
import { ImportFile } from './import-file.tsx';
import { NewStoryForm } from './new-story-form.tsx';
import { navigate } from '../shell/route.ts';
import { StoryList } from './story-list.tsx';
import './library.css';

export function LibraryScreen(): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [stories] = createResource(libraryVersion, () => api.listStories());
  const [creating, setCreating] = createSignal(false);
  const open = (storyId: string): void => navigate({ screen: 'story', storyId });
  const [deleted, setDeleted] = createSignal<StoryJson>();
  const [undoError, setUndoError] = createSignal('');
  const undo = async (story: StoryJson): Promise<void> => {
    const restored = await api.importStory(story);
    if (restored.ok) setDeleted(undefined);
    else setUndoError(restored.detail);
  };
  return (
    <>
      <div class="library-actions">
        <button
          type="button"
          aria-expanded={creating()}
          aria-controls="new-story"
          onClick={() => setCreating(!creating())}
        >
          {t('New story')}
        </button>
        <ImportFile onStory={open} />
      </div>
      <Show when={creating()}>
        <NewStoryForm onCreated={open} onCancel={() => setCreating(false)} />
      </Show>
      <Show when={deleted()}>
        {(story) => (
          <p class="undo-bar" role="status">
            {t('Deleted “{title}”.', { title: story().title })}{' '}
            <button type="button" onClick={() => void undo(story())}>
              {t('Undo')}
            </button>
            <Show when={undoError()}>
              <span class="error"> {undoError()}</span>
            </Show>
          </p>
        )}
      </Show>
      <StoryList stories={() => stories.latest} onDeleted={(story) => setDeleted(story)} />
      <CharacterList />
      <PersonaList />
    </>
  );
}
