// The app shell: header, the list of stories, and the service-worker update prompt.
import type { JSX } from 'solid-js';
import { StoryList, type StorySummary } from './story-list.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function App(): JSX.Element {
  const stories = (): StorySummary[] => [];
  return (
    <>
      <header class="app-header">
        <h1 class="app-title">Rashomon</h1>
      </header>
      <main class="app-main">
        <StoryList stories={stories} />
      </main>
      <UpdatePrompt />
    </>
  );
}
