// The library's stories, most recently active first, with an empty state for a new library.
import { For, Show, createMemo, type Accessor, type JSX } from 'solid-js';
import type { StoryJson, StorySummary } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { StoryItem } from './story-item.tsx';

export function StoryList(props: {
  /** Undefined while the worker has not answered yet. */
  stories: Accessor<StorySummary[] | undefined>;
  onOpen: (storyId: string) => void;
  onDeleted?: (story: StoryJson) => void;
}): JSX.Element {
  const sorted = createMemo(() =>
    [...(props.stories() ?? [])].sort((a, b) => Date.parse(b.lastActivity) - Date.parse(a.lastActivity)),
  );
  return (
    <section class="story-list" aria-labelledby="stories-heading">
      <h2 id="stories-heading">{t('Stories')}</h2>
      <Show when={props.stories()}>
        <Show
          when={sorted().length > 0}
          fallback={
            <div class="empty-state">
              <p class="empty-title">{t('No stories yet.')}</p>
              <p class="empty-hint">
                {t('Stories you start or import are kept in this browser and listed here.')}
              </p>
            </div>
          }
        >
          <ul class="stories">
            <For each={sorted()}>
              {(story) => (
                <StoryItem
                  story={story}
                  onOpen={props.onOpen}
                  {...(props.onDeleted ? { onDeleted: props.onDeleted } : {})}
                />
              )}
            </For>
          </ul>
        </Show>
      </Show>
    </section>
  );
}
